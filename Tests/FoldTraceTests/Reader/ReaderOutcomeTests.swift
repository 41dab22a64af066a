import Foundation
import Testing

@testable import FoldTrace

/// What the reader reports for every input — valid traces, cuts at and near frame boundaries, random
/// cuts, bit flips, frames whose content was damaged and compressed again — stays as recorded in
/// `__Goldens__/reader-outcomes.txt`: the same frames, the same errors (code, byte offset, reason) and
/// the same recovery (see ``ReaderOutcomes``). `FOLDTRACE_RECORD=all` records the file again; review its
/// diff, since any changed line is a changed behaviour of the reader.
@Suite struct ReaderOutcomeTests {
  /// The FoldSim-generated corpus of the system's sessions and the hand-made samples, as (header,
  /// events). The corpus's recordings with the app's output (`app-*`) are left out so that the seeded
  /// cases, and so the golden, do not move when one is added; the samples hold every kind, the app's
  /// `layout` and `presented` included.
  static func sessions() throws -> [(TraceHeader, [TraceEvent])] {
    let directory = CorpusTests.tracesDirectory.path
    let names = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.hasSuffix(".foldtrace") && !$0.hasPrefix("app-") }.sorted()
    var sessions = try names.map { name in try TraceReader.readAll(path: directory + "/" + name) }
    sessions.append(
      (TraceSamples.header, TraceSamples.everyKind + TraceSamples.scrolling(count: 300, from: 20_000_000)))
    return sessions
  }

  /// The outcome lines of `count` seeded cases over `sessions`, and what the inputs reached.
  static func outcomes(_ sessions: [(TraceHeader, [TraceEvent])], cases count: Int, seed: UInt64) throws
    -> (lines: [String], kinds: [String: Int])
  {
    var kinds: [String: Int] = [:]
    var random = SeededGenerator(state: seed)
    var lines: [String] = []
    while lines.count < count {
      let (header, events) = sessions[random.below(sessions.count)]
      let trace = try ReaderOutcomeCases.rewrite(events, header: header, random: &random)
      // Each rewritten trace is read as it is, then mutated a few times.
      for i in 0..<8 where lines.count < count {
        let bytes = i == 0 ? trace : ReaderOutcomeCases.mutate(trace, random: &random)
        let limits = ReaderOutcomeCases.limits[random.below(ReaderOutcomeCases.limits.count)]
        let outcome = try ReaderOutcomes.outcome(
          bytes, limits: limits, viaFile: random.below(50) == 0, kinds: &kinds)
        lines.append("case \(lines.count): \(outcome)")
      }
    }
    return (lines, kinds)
  }

  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("__Goldens__/reader-outcomes.txt")

  @Test func seededDamageReadsAsRecorded() throws {
    let (lines, kinds) = try Self.outcomes(try Self.sessions(), cases: 1200, seed: 20_261_129)
    // The inputs reach every outcome: frames, torn and damaged frames, malformed records, limits.
    for kind in ["frame", "truncated", "corrupt", "corrupt (record)", "limitExceeded", "skipped"] {
      #expect(kinds[kind, default: 0] > 10, "\(kind): \(kinds)")
    }
    let text = lines.joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["FOLDTRACE_RECORD"] != nil {
      try FileManager.default.createDirectory(
        at: Self.golden.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: Self.golden)
      Issue.record("recorded \(Self.golden.path): review its diff, then run again without FOLDTRACE_RECORD")
      return
    }
    let recorded = try String(contentsOf: Self.golden, encoding: .utf8).split(separator: "\n").map(
      String.init)
    #expect(recorded.count == lines.count)
    let differing = zip(recorded, lines).filter { $0 != $1 }.prefix(3)
    #expect(
      differing.isEmpty, "recorded vs now:\n\(differing.map { "\($0)\n\($1)" }.joined(separator: "\n"))")
  }

  /// A newer writer's unknown record kinds are skipped and counted.
  @Test func unknownKindsAreSkippedAndCounted() throws {
    let (bytes, _, unknown) = Reliability.newerMinor()
    #expect(unknown > 0)
    let steps = ReaderOutcomes.transcript { () throws(TraceError) in
      try TraceReader(bytes: bytes, name: "n", limits: .default)
    }
    guard case .ended(_, let counted)? = steps.last else {
      Issue.record("no end: \(steps.last.map(String.init(describing:)) ?? "nothing")")
      return
    }
    #expect(counted == unknown)
  }

  /// Frames denser than the reader's first reservation (records of a few bytes, keyframes of over 64
  /// records) grow their storage mid-run and read back every event, also under a record cap the growth
  /// reaches.
  @Test func denseFramesGrowTheirStorage() throws {
    var events: [TraceEvent] = (1...70).map { i in
      TraceEvent(time: UInt64(i), .sceneConnected(scene: SceneID(UInt32(i)), display: .window, scale: 2))
    }
    for i in 0..<30_000 {
      let status: HingeStatus = i % 3 == 0 ? .fullyOpen : .partiallyOpen
      events.append(TraceEvent(time: 100 + UInt64(i), .hinge(HingeState(status: status))))
    }
    let bytes = try TraceSamples.bytes(events, policy: .archive)
    let reader = try TraceReader(bytes: bytes, name: "dense")
    var frames = 0
    var read: [TraceEvent] = []
    var keyframeRecords = 0
    while let frame = try reader.nextFrame() {
      frames += 1
      read += frame.events
      keyframeRecords = max(keyframeRecords, frame.keyframe.count)
    }
    #expect(read == events)
    #expect(frames >= 2)
    #expect(keyframeRecords > 64)
    // Growth stops at the record cap: the frame is refused there, not read past it.
    let capped = try TraceReader(
      bytes: bytes, name: "dense", limits: TraceReaderLimits(maxFrameRecords: 5_000))
    do {
      while try capped.nextFrame() != nil {}
      Issue.record("a frame over the record cap was read")
    } catch {
      #expect(error.code == .limitExceeded)
      #expect(error.reason.contains("more than 5000 records"))
    }
  }

  /// The outcome line has power: a changed event, error offset, error reason or code changes it.
  @Test func aChangedEventOrErrorChangesTheLine() throws {
    let bytes = try TraceSamples.bytes(TraceSamples.everyKind)
    let reader = try TraceReader(bytes: bytes, name: "a")
    let frame = try #require(try reader.nextFrame())
    var changed = frame
    changed.events[3].time += 1
    let line = ReaderOutcomes.line
    #expect(line([.frame(frame)]) != line([.frame(changed)]))
    let error = TraceError(.corrupt, file: "a", offset: 10, reason: "x")
    for other in [
      TraceError(.corrupt, file: "a", offset: 11, reason: "x"),
      TraceError(.corrupt, file: "a", offset: 10, reason: "y"),
      TraceError(.truncated, file: "a", offset: 10, reason: "x"),
    ] {
      #expect(line([.failed(error)]) != line([.failed(other)]))
    }
    // The file's name is not part of the line (temporary paths differ between runs).
    #expect(
      line([.failed(error)]) == line([.failed(TraceError(.corrupt, file: "b", offset: 10, reason: "x"))]))
  }
}

/// The reader's switch lookups of wire enums give what the tables give, for every byte.
@Suite struct WireEnumSwitchTests {
  static func outcome<T>(_ read: () throws(ByteReader.Failure) -> T) -> String {
    do throws(ByteReader.Failure) {
      return "\(try read())"
    } catch {
      return error.reason
    }
  }

  @Test func switchesMatchTables() {
    for code in UInt8.min...UInt8.max {
      #expect(
        Self.outcome { () throws(ByteReader.Failure) in try WireEnums.hingeStatus(code) }
          == Self.outcome { () throws(ByteReader.Failure) in
            try WireEnums.value(code, in: WireEnums.hingeStatuses, "hinge status")
          })
      #expect(
        Self.outcome { () throws(ByteReader.Failure) in try WireEnums.sizeClass(code) }
          == Self.outcome { () throws(ByteReader.Failure) in
            try WireEnums.value(code, in: WireEnums.sizeClasses, "size class")
          })
      #expect(
        Self.outcome { () throws(ByteReader.Failure) in try WireEnums.barEdge(code) }
          == Self.outcome { () throws(ByteReader.Failure) in
            try WireEnums.value(code, in: WireEnums.barEdges, "vertical bar edge")
          })
    }
  }
}
