import FoldTrace
import Foundation
import Testing

/// `tracecat diff` and `tracecat slice`.
@Suite struct DiffSliceTests {
  @Test func diffShowsTheFirstDifferingEvent() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    var events = TracecatFixture.handoverEvents()
    try fixture.trace("a.foldtrace", events)
    try fixture.trace("same.foldtrace", events)
    let changed = events.firstIndex { $0.kind == .selection }!
    events[changed] = TraceEvent(time: events[changed].time, .selection(scene: SceneID(2), item: "note-8"))
    try fixture.trace("b.foldtrace", events)
    try fixture.trace("shorter.foldtrace", Array(events.prefix(10)))
    try fixture.trace("empty-session.foldtrace", [])
    let text = try fixture.transcript([
      (["diff", "a.foldtrace", "same.foldtrace"], nil),
      (["diff", "a.foldtrace", "b.foldtrace"], nil),
      (["diff", "a.foldtrace", "shorter.foldtrace"], nil),
      (["diff", "empty-session.foldtrace", "shorter.foldtrace"], nil),
      (["diff", "-", "b.foldtrace"], "a.foldtrace"),
      (["diff", "--json", "a.foldtrace", "b.foldtrace"], nil),
      (["diff", "--json", "empty-session.foldtrace", "shorter.foldtrace"], nil),
      (["diff", "--json", "a.foldtrace", "same.foldtrace"], nil),
      (["diff", "a.foldtrace"], nil),
      (["diff", "a.foldtrace", "absent.foldtrace"], nil),
    ])
    Golden.assert(text, named: "diff.txt")
    #expect(text.contains("@@ event \(changed), t=1600000000 ns (1.600 s) @@"))
    let json = try fixture.run(["diff", "--json", "a.foldtrace", "b.foldtrace"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
    #expect(object["index"] as? Int == changed)
    #expect((object["b"] as? [String: Any])?["item"] as? String == "note-8")
  }

  @Test func diffTreatsAPackedCopyAsTheSame() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let json = try fixture.run(["--json", "duo.foldtrace"])
    _ = try fixture.file("duo.jsonl", json.stdout)
    #expect(try fixture.run(["pack", "duo.jsonl", "-o", "copy.foldtrace"]).status == 0)
    let same = try fixture.run(["diff", "duo.foldtrace", "copy.foldtrace"])
    #expect(same.status == 0)
    #expect(same.stdout.isEmpty && same.stderr.isEmpty)
  }

  @Test func sliceStartsWithTheStateAtItsStart() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let events = TracecatFixture.handoverEvents()
    try fixture.trace("handover.foldtrace", events)
    let text = try fixture.transcript([
      ["slice", "--from", "1.2", "--to", "2.3s", "-o", "slice.foldtrace", "handover.foldtrace"],
      ["verify", "slice.foldtrace"],
      ["slice.foldtrace"],
      ["slice", "--from", "5", "-o", "late.foldtrace", "handover.foldtrace"],
      ["late.foldtrace"],
      ["slice", "--to", "2", "handover.foldtrace"],
      ["slice", "--from", "1", "--to", "0.5", "-o", "x.foldtrace", "handover.foldtrace"],
    ])
    Golden.assert(text, named: "slice.txt")

    let (_, read) = try TraceReader.readAll(
      path: fixture.directory.appendingPathComponent("slice.foldtrace").path)
    // The trace goes on past 2.3 s: the slice ends with a cut there.
    #expect(read.last == TraceEvent(time: 2_300_000_000, .cut))
    let sliced = read.dropLast()
    let from: UInt64 = 1_200_000_000
    let inRange = events.filter { $0.time >= from && $0.time <= 2_300_000_000 }
    let state = sliced.prefix(sliced.count - inRange.count)
    #expect(Array(sliced.suffix(inRange.count)) == inRange)
    #expect(state.allSatisfy { $0.time == from })
    // The state at 1.2 s: the hinge, scene 1 (connected, geometry, scroll) and scene 2 (connected,
    // geometry, traits, regions), in keyframe order.
    #expect(
      state.map(\.kind) == [
        .hinge, .sceneConnected, .geometry, .scroll, .sceneConnected, .geometry, .traits, .regions,
      ])
    let lastHingeBefore = events.last { $0.time < from && $0.kind == .hinge }
    #expect(state.first?.payload == lastHingeBefore?.payload)
  }

  /// A slice taken across frame boundaries carries the state a reader starting at that frame would see:
  /// every later frame's keyframe holds it. Slices are written with the archive policy (64 KiB frames),
  /// so this cuts the corpus's 11-minute Duo day to get several frames.
  @Test func sliceFramesCarryTheStateInTheirKeyframes() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.copyCorpus(["long-duo-day.foldtrace"])
    let sliced = try fixture.run(["slice", "--from", "60", "-o", "s.foldtrace", "long-duo-day.foldtrace"])
    #expect(sliced.status == 0)
    let reader = try TraceReader(path: fixture.directory.appendingPathComponent("s.foldtrace").path)
    var frames: [TraceFrame] = []
    while let frame = try reader.nextFrame() { frames.append(frame) }
    try #require(frames.count >= 2)
    #expect(frames[0].keyframe.isEmpty)
    #expect(frames[0].events.prefix(2).map(\.kind) == [.hinge, .sceneConnected])
    // Fold the slice's own events independently: the hinge and the set of connected scenes before each
    // frame must be what that frame's keyframe restores.
    var hinge: TraceEvent.Payload?
    var connected = Set<SceneID>()
    for frame in frames {
      if frame.index > frames[0].index {
        #expect(frame.keyframe.first?.payload == hinge, "frame \(frame.index)")
        let restored = frame.keyframe.compactMap { event -> SceneID? in
          if case .sceneConnected(let scene, _, _) = event.payload { return scene }
          return nil
        }
        #expect(Set(restored) == connected, "frame \(frame.index)")
        #expect(restored.count == connected.count, "frame \(frame.index)")
      }
      for event in frame.events {
        switch event.payload {
        case .hinge: hinge = event.payload
        case .sceneConnected(let scene, _, _): connected.insert(scene)
        case .sceneDisconnected(let scene): connected.remove(scene)
        default: break
        }
      }
    }
  }
}

/// `slice -o` and `pack -o` write new files only: a trace, even the input itself, is never overwritten.
@Suite struct TraceOutputTests {
  @Test func sliceAndPackNeverOverwriteATrace() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let name = fixture.trace.lastPathComponent
    let original = try fixture.bytes(of: name)
    let onto = try fixture.run(["slice", "--from", "1", "--to", "2", "-o", name, name])
    #expect(onto.status == 3)
    #expect(onto.stderr.contains("\(name): already exists and holds data; tracecat never overwrites a trace"))
    #expect(try fixture.bytes(of: name) == original)
    _ = try fixture.file("t.jsonl", try fixture.run(["--json", name]).stdout)
    let packed = try fixture.run(["pack", "t.jsonl", "-o", name])
    #expect(packed.status == 3)
    #expect(try fixture.bytes(of: name) == original)
    // A new name works, and an existing empty file is filled.
    _ = try fixture.file("empty.foldtrace", [])
    #expect(try fixture.run(["slice", "--to", "2", "-o", "empty.foldtrace", name]).status == 0)
    #expect(try fixture.run(["verify", "empty.foldtrace"]).status == 0)
  }

  @Test func packRefusesATraceAWriterHasOpen() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let live = fixture.directory.appendingPathComponent("live.foldtrace").path
    let writer = try TraceWriter(path: live, header: TracecatFixture.header)
    try writer.append(TraceEvent(time: 1, .marker("recording")))
    try writer.flush()
    _ = try fixture.file("t.jsonl", try fixture.run(["--json", fixture.trace.lastPathComponent]).stdout)
    let packed = try fixture.run(["pack", "t.jsonl", "-o", "live.foldtrace"])
    #expect(packed.status == 5)  // another writer holds the lock, as for an input
    #expect(packed.stderr.contains("live.foldtrace: another writer has this trace open"))
    try writer.close()
    #expect(try TraceReader.readAll(path: live).events.map(\.payload) == [.marker("recording")])
  }
}

/// `diff --replay` over traces longer than one digest block (4,096 layout changes): the first difference
/// is found by its exact index, with the change before it, past a block boundary and at the end.
@Suite struct DiffReplayBlockTests {
  /// A scene resized `steps` times, 1 ms apart, one relayout each; at step `wide` it is 900 pt wide and
  /// regular, which changes its shape.
  static func resizes(_ steps: Int, wide: Int? = nil) -> [TraceEvent] {
    var events = [TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .external, scale: 3))]
    for step in 0..<steps {
      let isWide = step == wide
      events.append(
        TraceEvent(
          time: UInt64(step) * 1_000_000,
          .geometry(
            scene: SceneID(1),
            SceneGeometry(
              size: TraceSize(width: isWide ? 900 : Double(300 + step % 2), height: 844),
              horizontal: isWide ? .regular : .compact, vertical: .regular))))
    }
    return events
  }

  @Test func findsTheFirstDifferenceByItsIndexPastABlock() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("a.foldtrace", Self.resizes(5_000))
    try fixture.trace("b.foldtrace", Self.resizes(5_000, wide: 4_500))
    try fixture.trace("c.foldtrace", Self.resizes(4_096))
    let same = try fixture.run(["diff", "--replay", "a.foldtrace", "a.foldtrace"])
    #expect(same.status == 0)
    #expect(same.text.isEmpty)
    let whole = try fixture.run(["diff", "--replay", "--json", "a.foldtrace", "b.foldtrace"])
    #expect(whole.status == 1)
    #expect(whole.text.hasPrefix(#"{"layoutChange":4500,"t":4500000000,"before":{"#), "\(whole.text)")
    #expect(whole.text.contains(#""t":4499000000,"#))
    #expect(whole.text.contains(#""shape":"regularWide""#))
    let shorter = try fixture.run(["diff", "--replay", "--json", "c.foldtrace", "a.foldtrace"])
    #expect(shorter.status == 1)
    #expect(shorter.text.hasPrefix(#"{"layoutChange":4096,"t":4096000000,"before":{"#), "\(shorter.text)")
    #expect(shorter.text.contains(#""a":null,"b":{"#))
  }

  /// A torn trace is replayed up to its tear, as plain `diff` reads one: a difference before the tear is
  /// shown (exit 1; it was exit 4 with nothing shown), and only replays that agree until the tear report
  /// the tear (exit 4).
  @Test func aDifferenceBeforeATearIsShown() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("a.foldtrace", Self.resizes(5_000))
    let bytes = try fixture.trace("b.foldtrace", Self.resizes(5_000, wide: 100))
    let reader = try TraceReader(bytes: bytes, name: "b")
    var last: TraceFrame?
    while let frame = try reader.nextFrame() { last = frame }
    let frame = try #require(last)
    // The tear, in the last frame, comes after the difference at change 100 (t = 0.1 s).
    #expect(try #require(frame.events.first).time > 100_000_000)
    _ = try fixture.file("torn.foldtrace", Array(bytes.prefix(frame.offset + frame.size / 2)))
    let differs = try fixture.run(["diff", "--replay", "--json", "a.foldtrace", "torn.foldtrace"])
    #expect(differs.status == 1, "\(differs.stderr)")
    #expect(differs.text.hasPrefix(#"{"layoutChange":100,"t":100000000,"#), "\(differs.text)")
    let agrees = try fixture.run(["diff", "--replay", "b.foldtrace", "torn.foldtrace"])
    #expect(agrees.status == 4, "\(agrees.stderr)")
    #expect(agrees.text.isEmpty)
    #expect(agrees.stderr.hasPrefix("tracecat: error: torn.foldtrace: "), "\(agrees.stderr)")
  }
}

/// `slice` writes each frame as the writer completes it, never holding the slice whole: 600 k scroll
/// samples (about 75 MB of events when the slice was gathered first) slice within a 64 MB data segment,
/// event for event the trace they came from.
@Suite struct SliceMemoryTests {
  @Test func aWholeLongTraceSlicesInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeScrollTrace("long.foldtrace", count: 600_000)
    let result = try fixture.run(["slice", "-o", "copy.foldtrace", "long.foldtrace"], dataLimitKiB: 65_536)
    #expect(result.status == 0, "\(result.stderr)")
    let directory = fixture.directory
    let original = try TraceReader.readAll(path: directory.appendingPathComponent("long.foldtrace").path)
    let copy = try TraceReader.readAll(path: directory.appendingPathComponent("copy.foldtrace").path)
    // Compared as one Bool: a failing `==` on 600 k events would make the test library diff them.
    let sameEvents = copy.events == original.events
    #expect(copy.events.count == 600_001)
    #expect(sameEvents)
  }
}
