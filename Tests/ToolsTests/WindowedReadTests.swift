import FoldTrace
import Foundation
import Testing

/// `--from`/`--to` read only the frames a window needs: damage outside them does not fail the command,
/// and damage inside is reported with the damaged frame's real index and byte offset, exit 1.
@Suite(.timeLimit(.minutes(10))) struct WindowedReadTests {
  /// A trace of 20,000 scroll samples (about 167 s) as `clean.foldtrace`, and its frames.
  static func fixture() throws -> (TracecatFixture, [TraceFrame]) {
    let fixture = try TracecatFixture()
    try fixture.writeScrollTrace("clean.foldtrace", count: 20_000)
    let reader = try TraceReader(path: fixture.directory.appendingPathComponent("clean.foldtrace").path)
    var frames: [TraceFrame] = []
    while let frame = try reader.nextFrame() { frames.append(frame) }
    #expect(frames.count >= 8, "\(frames.count) frames")
    return (fixture, frames)
  }

  /// Writes `damaged.foldtrace`: the clean trace with a byte of `frame`'s checksum flipped.
  static func damage(_ fixture: TracecatFixture, _ frame: TraceFrame) throws {
    var bytes = Array(try Data(contentsOf: fixture.directory.appendingPathComponent("clean.foldtrace")))
    bytes[frame.offset + frame.size - 2] ^= 0x01
    _ = try fixture.file("damaged.foldtrace", bytes)
  }

  /// Seconds, exactly, as `--from` takes them.
  static func seconds(_ time: UInt64) -> String { "\(time)ns" }

  static func commands(from: UInt64, to: UInt64) -> [[String]] {
    let window = ["--from", seconds(from), "--to", seconds(to)]
    return [
      ["cat"] + window, ["cat", "--json"] + window, ["slice", "-o", "-"] + window, ["plot"] + window,
      ["export", "--chrome"] + window,
    ]
  }

  /// The frame the binary search probes first (the middle one) is damaged; the window lies after it
  /// (and ends inside a frame, so the frame after it, damaged too in a second run, is not needed).
  @Test func damageOutsideTheWindowDoesNotFailIt() throws {
    let (fixture, frames) = try Self.fixture()
    defer { fixture.remove() }
    let last = frames.count - 2
    let from = frames[last - 1].time + 1
    let to = frames[last].events[frames[last].events.count / 2].time
    for damaged in [frames.count / 2, last + 1] {
      try Self.damage(fixture, frames[damaged])
      for command in Self.commands(from: from, to: to) {
        let clean = try fixture.run(command + ["clean.foldtrace"])
        let result = try fixture.run(command + ["damaged.foldtrace"])
        #expect(clean.status == 0, "\(command): \(clean.stderr)")
        #expect(result.status == 0, "frame \(damaged) \(command): \(result.stderr)")
        #expect(result.stderr == "")
        let expected = clean.text.replacingOccurrences(of: "clean.foldtrace", with: "damaged.foldtrace")
        #expect(result.text == expected, "frame \(damaged) \(command)")
        #expect(!result.stdout.isEmpty)
      }
    }
  }

  /// A damaged frame inside the window fails the command with that frame's index and byte offset.
  @Test func damageInsideTheWindowNamesTheFrame() throws {
    let (fixture, frames) = try Self.fixture()
    defer { fixture.remove() }
    let damaged = frames.count / 2
    try Self.damage(fixture, frames[damaged])
    let from = frames[damaged].time + 1
    let to = frames[damaged + 1].time
    for command in Self.commands(from: from, to: to) {
      let result = try fixture.run(command + ["damaged.foldtrace"])
      #expect(result.status == 1, "\(command): \(result.stderr)")
      #expect(
        result.stderr.hasPrefix(
          "tracecat: error: damaged.foldtrace: byte \(frames[damaged].offset): frame \(damaged) is damaged: "
            + "zstd: Restored data doesn't match checksum\n"), "\(command): \(result.stderr)")
    }
  }

  /// A window that runs to the end of a trace whose last frame was cut out after the close (the seek
  /// table kept) fails as `verify` does, exit 4, instead of ending early as if the trace ended there.
  @Test func aWindowToTheEndReportsASeekTableThatNoLongerMatches() throws {
    let (fixture, frames) = try Self.fixture()
    defer { fixture.remove() }
    let bytes = Array(try Data(contentsOf: fixture.directory.appendingPathComponent("clean.foldtrace")))
    let last = frames[frames.count - 1]
    _ = try fixture.file("cut.foldtrace", Array(bytes[..<last.offset] + bytes[(last.offset + last.size)...]))
    let message =
      "tracecat: error: cut.foldtrace: byte \(last.offset): the seek table does not match the "
      + "\(frames.count - 1) frames before it; run recover\n"
    let verify = try fixture.run(["verify", "cut.foldtrace"])
    #expect(verify.status == 4)
    let window = ["--from", Self.seconds(frames[frames.count - 3].time + 1)]
    for command in [["cat"] + window, ["slice", "-o", "-"] + window, ["plot"] + window] {
      let result = try fixture.run(command + ["cut.foldtrace"])
      #expect(result.status == 4, "\(command): \(result.stderr)")
      #expect(result.stderr.hasSuffix(message), "\(command): \(result.stderr)")
    }
    let export = try fixture.run(["export", "--chrome"] + window + ["cut.foldtrace"])
    #expect(export.status == 4, "\(export.stderr)")
  }

  /// `show` without `--replay` on a 1.0 trace starts at the frame holding its first moment (its keyframe
  /// is the state then) and stops at the first frame after its last: damage before or after the moments
  /// is never read, and the picture is the one the whole trace gives. Damage among the frames it needs
  /// names the frame.
  @Test func showReadsOnlyTheFramesItsMomentsNeed() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let scene = SceneID(1)
    let writer = try TraceWriter(
      path: fixture.directory.appendingPathComponent("clean.foldtrace").path, header: TracecatFixture.header)
    try writer.append(TraceEvent(time: 0, .sceneConnected(scene: scene, display: .external, scale: 3)))
    try writer.append(
      TraceEvent(
        time: 0,
        .geometry(
          scene: scene,
          SceneGeometry(size: TraceSize(width: 390, height: 844), horizontal: .compact, vertical: .regular))))
    for index in 1...20_000 {
      try writer.append(
        TraceEvent(
          time: UInt64(index) * 8_333_333,
          .scroll(scene: scene, offset: TracePoint(x: 0, y: Double(index % 5000)), anchor: nil)))
    }
    try writer.close()
    let reader = try TraceReader(path: fixture.directory.appendingPathComponent("clean.foldtrace").path)
    var frames: [TraceFrame] = []
    while let frame = try reader.nextFrame() { frames.append(frame) }
    try #require(frames.count >= 8, "\(frames.count) frames")
    let middle = frames.count / 2
    let at = frames[middle].events[frames[middle].events.count / 2].time
    let from = frames[middle].time + 1
    let to = frames[middle].events[frames[middle].events.count - 1].time
    let commands = [
      ["show", "--at", Self.seconds(at)],
      ["show", "--from", Self.seconds(from), "--to", Self.seconds(to), "--every", "10ms"],
    ]
    for damaged in [1, middle - 1, middle + 1, frames.count - 1] {
      try Self.damage(fixture, frames[damaged])
      for command in commands {
        let clean = try fixture.run(command + ["clean.foldtrace"])
        let result = try fixture.run(command + ["damaged.foldtrace"])
        #expect(clean.status == 0, "\(command): \(clean.stderr)")
        #expect(result.status == 0, "frame \(damaged) \(command): \(result.stderr)")
        #expect(result.stderr == "")
        let expected = clean.text.replacingOccurrences(of: "clean.foldtrace", with: "damaged.foldtrace")
        #expect(result.text == expected, "frame \(damaged) \(command)")
        #expect(result.text.contains("<svg"))
      }
    }
    try Self.damage(fixture, frames[middle])
    for command in commands {
      let result = try fixture.run(command + ["damaged.foldtrace"])
      #expect(result.status == 1, "\(command): \(result.stderr)")
      #expect(
        result.stderr.hasPrefix(
          "tracecat: error: damaged.foldtrace: byte \(frames[middle].offset): frame \(middle) is damaged: "),
        "\(command): \(result.stderr)")
    }
    // A moment after the last event is still refused with the trace's end.
    let late = try fixture.run(["show", "--at", "1000", "clean.foldtrace"])
    #expect(late.status == 2)
    #expect(late.stderr.contains("is after clean.foldtrace's last event (166.666 s)"), "\(late.stderr)")
  }
}
