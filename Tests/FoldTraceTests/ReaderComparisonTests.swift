import Foundation
import Testing

@testable import FoldTrace

/// Today's reader against the copy of the reader from before the decode speed-up (issue 8): for every
/// input — valid traces, cuts at and near frame boundaries, random cuts, bit flips, frames whose
/// content was damaged and compressed again — both give the same frames, the same errors (code, file,
/// byte offset, reason) and the same recovery.
@Suite struct ReaderComparisonTests {
  /// The FoldSim-generated corpus and the hand-made samples, as (header, events).
  static func sessions() throws -> [(TraceHeader, [TraceEvent])] {
    let directory = CorpusTests.tracesDirectory.path
    let names = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.hasSuffix(".foldtrace") }.sorted()
    var sessions = try names.map { name in try TraceReader.readAll(path: directory + "/" + name) }
    sessions.append(
      (TraceSamples.header, TraceSamples.everyKind + TraceSamples.scrolling(count: 300, from: 20_000_000)))
    return sessions
  }

  /// Runs `count` seeded cases over `sessions` and returns the differences found (at most 5).
  static func compare(_ sessions: [(TraceHeader, [TraceEvent])], cases count: Int, seed: UInt64) throws
    -> (differences: [String], cases: Int, kinds: [String: Int])
  {
    var kinds: [String: Int] = [:]
    var random = ComparisonRandom(state: seed)
    var differences: [String] = []
    var done = 0
    while done < count && differences.count < 5 {
      let (header, events) = sessions[random.below(sessions.count)]
      let trace = try ComparisonCases.rewrite(events, header: header, random: &random)
      // Each rewritten trace is read as it is, then mutated a few times.
      for i in 0..<8 where done < count {
        let bytes = i == 0 ? trace : ComparisonCases.mutate(trace, random: &random)
        let limits = ComparisonCases.limits[random.below(ComparisonCases.limits.count)]
        if let difference = try ReaderComparison.difference(
          bytes, limits: limits, viaFile: random.below(50) == 0, kinds: &kinds)
        {
          differences.append("case \(done) (seed \(seed)): \(difference)")
        }
        done += 1
      }
    }
    return (differences, done, kinds)
  }

  @Test func bothReadersAgreeOnSeededDamage() throws {
    let (differences, cases, kinds) = try Self.compare(try Self.sessions(), cases: 1200, seed: 20_261_129)
    #expect(cases == 1200)
    // The inputs reach every outcome: frames, torn and damaged frames, malformed records, limits.
    for kind in ["frame", "truncated", "corrupt", "corrupt (record)", "limitExceeded", "skipped"] {
      #expect(kinds[kind, default: 0] > 10, "\(kind): \(kinds)")
    }
    #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
  }

  /// A newer writer's unknown record kinds, skipped and counted the same way.
  @Test func bothReadersSkipUnknownKindsAlike() throws {
    let (bytes, _, unknown) = Reliability.newerMinor()
    #expect(unknown > 0)
    var kinds: [String: Int] = [:]
    #expect(try ReaderComparison.difference(bytes, limits: .default, kinds: &kinds) == nil)
    let steps = ReaderComparison.transcript { () throws(TraceError) in
      try TraceReader(bytes: bytes, name: "n", limits: .default)
    }
    guard case .ended(_, let counted)? = steps.last else {
      Issue.record("no end: \(steps.last.map(String.init(describing:)) ?? "nothing")")
      return
    }
    #expect(counted == unknown)
  }

  /// Frames denser than the reader's first reservation (records of a few bytes, keyframes of over 64
  /// records) grow their storage mid-run, and read as the old reader read them, also under a record cap
  /// the growth reaches.
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
    var read = 0
    var keyframeRecords = 0
    while let frame = try reader.nextFrame() {
      frames += 1
      read += frame.events.count
      keyframeRecords = max(keyframeRecords, frame.keyframe.count)
    }
    #expect(read == events.count)
    #expect(frames >= 2)
    #expect(keyframeRecords > 64)
    for limits in [TraceReaderLimits.default, TraceReaderLimits(maxFrameRecords: 5_000)] {
      var kinds: [String: Int] = [:]
      #expect(try ReaderComparison.difference(bytes, limits: limits, kinds: &kinds) == nil)
    }
  }

  /// The comparison has power: a changed event, error offset or reason is a difference.
  @Test func aChangedEventOrErrorIsADifference() throws {
    let bytes = try TraceSamples.bytes(TraceSamples.everyKind)
    let reader = try TraceReader(bytes: bytes, name: "a")
    let frame = try #require(try reader.nextFrame())
    var changed = frame
    changed.events[3].time += 1
    #expect(!ReaderComparison.Step.frame(frame).matches(.frame(changed)))
    var nan = frame
    nan.events[0] = TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .external, scale: .nan))
    #expect(ReaderComparison.Step.frame(nan).matches(.frame(nan)))
    let error = TraceError(.corrupt, file: "a", offset: 10, reason: "x")
    #expect(
      !ReaderComparison.Step.failed(error).matches(
        .failed(TraceError(.corrupt, file: "a", offset: 11, reason: "x"))))
    #expect(
      !ReaderComparison.Step.failed(error).matches(
        .failed(TraceError(.corrupt, file: "a", offset: 10, reason: "y"))))
    #expect(
      !ReaderComparison.Step.failed(error).matches(
        .failed(TraceError(.truncated, file: "a", offset: 10, reason: "x"))))
  }

  /// The large run (not part of `swift test`): FOLDTRACE_COMPARE_DIR names a directory of traces (from
  /// `foldsim` with many seeds), FOLDTRACE_COMPARE_CASES the number of cases and FOLDTRACE_COMPARE_SEED
  /// the seed.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["FOLDTRACE_COMPARE_DIR"] != nil))
  func largeSeededComparison() throws {
    let environment = ProcessInfo.processInfo.environment
    let directory = try #require(environment["FOLDTRACE_COMPARE_DIR"])
    let count = Int(environment["FOLDTRACE_COMPARE_CASES"] ?? "") ?? 100_000
    let seed = UInt64(environment["FOLDTRACE_COMPARE_SEED"] ?? "") ?? 1
    let names = try FileManager.default.contentsOfDirectory(atPath: directory)
      .filter { $0.hasSuffix(".foldtrace") }.sorted()
    var sessions = try names.map { name in try TraceReader.readAll(path: directory + "/" + name) }
    sessions += try Self.sessions()
    let (differences, cases, kinds) = try Self.compare(sessions, cases: count, seed: seed)
    let tally = kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    print(
      "reader comparison: \(cases) cases over \(sessions.count) sessions, \(differences.count) differences")
    print("reader comparison outcomes: \(tally)")
    #expect(cases == count)
    #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
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
