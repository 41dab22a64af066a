import FoldReplay
import FoldTrace
import Foundation
import TestSupport
import Testing

/// `check`'s work per event does not grow with the trace: the flapping check looked through every
/// change of a scene's size classes at each decision that changed back, so a scene whose size classes
/// flip endlessly took time quadratic in the flips (200 000 flips: 80 s of CPU in a release build).
@Suite struct CheckScalingTests {
  /// Scene 1 on a 390 or 900 × 1000 pt window whose size classes flip `count` times, 1 ms apart, each
  /// change followed by the layout it asks for: compactTall stacked in one column, regularTall split in
  /// two. Every decision changes back within the minimum dwell, but the size classes crossed back too:
  /// no flapping.
  static func flips(_ count: Int) -> [TraceEvent] {
    var events = [TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .window, scale: 2))]
    events.reserveCapacity(1 + 2 * count)
    for index in 0..<count {
      let wide = index % 2 == 1
      let time = 1_000_000 + UInt64(index) * 1_000_000
      let geometry = SceneGeometry(
        size: TraceSize(width: wide ? 900 : 390, height: 1000), horizontal: wide ? .regular : .compact,
        vertical: .regular)
      let layout = RecordedLayout(
        shape: wide ? "regularTall" : "compactTall", presentation: wide ? "split" : "stack",
        columns: wide ? 2 : 1, elements: [])
      events.append(TraceEvent(time: time, .geometry(scene: SceneID(1), geometry)))
      events.append(TraceEvent(time: time + 100, .layout(scene: SceneID(1), layout)))
    }
    return events
  }

  /// 200 000 flips of the size classes are checked within 20 s of CPU (`ulimit -t`; about 2 s in a
  /// debug build, where the quadratic scan took minutes) and pass; the summary keeps 100 of the
  /// transitions and counts the rest.
  @Test func sizeClassesThatFlipEndlesslyAreCheckedInLinearTime() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("flips.foldtrace", Self.flips(200_000), version: .v1_1)
    let executable = try #require(TracecatRunner.executable)
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "ulimit -t 20 && exec \"$0\" check --json flips.foldtrace", executable.path],
      in: fixture.directory)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.text
        == "{\"kind\":\"summary\",\"trace\":\"flips.foldtrace\",\"events\":400001,\"verdict\":\"pass\",\"failures\":[]"
        + ",\"omittedTransitions\":199900}\n")
  }

  /// The shapes are listed whole; a decision that changes back while only the latest of many size-class
  /// changes falls within the window still flaps.
  @Test func theFlappingCheckLooksOnlyAtTheLatestChanges() {
    var events = Self.flips(4)
    let summary = RecordingChecker.check(events, trace: "flips.foldtrace")
    #expect(summary.passed)
    #expect(
      summary.scenes.first?.transitions.map(\.shape) == [
        .compactTall, .regularTall, .compactTall, .regularTall,
      ])
    // 10 s later the size classes change once more, and the columns flap back and forth at once.
    let geometry = SceneGeometry(
      size: TraceSize(width: 390, height: 1000), horizontal: .compact, vertical: .regular)
    events.append(TraceEvent(time: 10_000_000_000, .geometry(scene: SceneID(1), geometry)))
    for (offset, columns) in [(1, 1), (2, 3), (3, 1)] {
      let layout = RecordedLayout(shape: "compactTall", presentation: "stack", columns: columns, elements: [])
      events.append(
        TraceEvent(time: 10_000_000_000 + UInt64(offset) * 1_000_000, .layout(scene: SceneID(1), layout)))
    }
    let flapped = RecordingChecker.check(events, trace: "flips.foldtrace")
    #expect(flapped.failures.map(\.check) == [.flapping])
    #expect(flapped.failures.first?.element == "columns")
    #expect(flapped.failures.first?.eventIndex == 12)
  }
}
