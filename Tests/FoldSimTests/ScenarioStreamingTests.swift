import FoldSim
import FoldTrace
import Testing

/// A scenario plays in bounded memory and within the trace's nanosecond clock: events are handed over in
/// batches as they are synthesized, and a step that would start past 2⁶³ ns is refused by its line.
struct ScenarioStreamingTests {
  /// Half an hour of mixed use on the Duo: one step of hundreds of gestures and over 20,000 events.
  static let longUse = """
    {"device": "iphone-duo", "seed": 11, "timeline": [
      {"gesture": "mixedUse", "duration": 1800}]}
    """

  @Test func aLongGestureIsHandedOverInBatches() throws {
    let scenario = try Scenario.parse(Self.longUse)
    var batches: [[TraceEvent]] = []
    #expect(
      try scenario.play {
        batches.append($0); return true
      })
    let all = try scenario.events()
    #expect(all.count > 4 * Scenario.eventBatch)
    #expect(batches.flatMap { $0 } == all)
    // A batch ends after the gesture that filled it: at most one gesture (a 30 s drag at 120 Hz) over.
    #expect(batches.allSatisfy { $0.count <= Scenario.eventBatch + 8_000 }, "\(batches.map(\.count))")
    #expect(batches.count > 4)
  }

  /// A hinge gesture through 1000 waypoints (the most a `via` holds), each leg crossing the Duo's
  /// handover (a scene disconnects and another connects): over 10,000 events in one step. They are
  /// handed over leg by leg as a batch fills, not held until the gesture ends (800 k waypoints held
  /// 1.14 GB).
  @Test func aHingeThroughManyWaypointsIsHandedOverLegByLeg() throws {
    let via = (0..<1000).map { $0 % 2 == 0 ? "0" : "180" }.joined(separator: ", ")
    let scenario = try Scenario.parse(
      """
      {"device": "iphone-duo", "seed": 3, "start": {"hinge": 180}, "timeline": [
        {"gesture": "hinge", "to": 180, "via": [\(via)], "duration": 30, "pause": 0.05}]}
      """)
    var batches: [[TraceEvent]] = []
    #expect(
      try scenario.play {
        batches.append($0); return true
      })
    let all = try scenario.events()
    #expect(all.count > 2 * Scenario.eventBatch, "\(all.count)")
    #expect(batches.flatMap { $0 } == all)
    // 1001 legs share 30 s: a leg is about 4 frames, a dozen events with the handover's.
    #expect(batches.allSatisfy { $0.count <= Scenario.eventBatch + 64 }, "\(batches.map(\.count))")
    #expect(batches.count > 2)
    let connections = all.filter { if case .sceneConnected = $0.payload { true } else { false } }
    #expect(connections.count == 1001)
  }

  @Test func theTraceIsHandedOverAsItsFramesCompleteWithTheSameBytes() throws {
    let scenario = try Scenario.parse(Self.longUse)
    var pieces: [[UInt8]] = []
    var observed = 0
    let complete = try scenario.writeTrace(
      {
        pieces.append($0); return true
      }, observing: { _ in observed += 1 })
    #expect(complete)
    #expect(pieces.flatMap { $0 } == (try scenario.traceBytes()))
    #expect(observed == (try scenario.events()).count)
    #expect(pieces.count > 4)
    #expect(pieces.allSatisfy { $0.count < 1 << 20 })
  }

  @Test func stoppingTheOutputStopsThePlay() throws {
    let scenario = try Scenario.parse(Self.longUse)
    var pieces = 0
    #expect(
      !(try scenario.writeTrace { _ in
        pieces += 1; return pieces < 2
      }))
    #expect(pieces == 2)
  }

  /// Waits of a day, each a day after the last: step k starts at (2k + 1) days, and the first to start
  /// past 2⁶³ ns is k = 53,376, on line k + 2. Twice as many steps used to trap past 2⁶⁴ ns.
  @Test func aStepStartingPast2To63NanosecondsIsRefusedByItsLine() throws {
    let step = #"{"gesture": "wait", "duration": 86400, "after": 86400}"#
    let text =
      "{\"device\": \"iphone\", \"seed\": 1, \"timeline\": [\n"
      + Array(repeating: step, count: 53_400).joined(separator: ",\n") + "]}"
    let scenario = try Scenario.parse(text, file: "centuries.json")
    #expect {
      try scenario.play { _ in true }
    } throws: { error in
      let error = error as? ScenarioError
      return error?.line == 53_378 && error?.field == "timeline[53376].after"
        && error?.message
          == "starts at 9223459200.0 s, past 2^63 ns (about 292 years), the latest start the trace's "
          + "nanosecond clock leaves room for"
    }
  }

  /// Steps built in code are not range-checked: a huge `after` saturates and is refused, never traps.
  @Test func hugeStepsBuiltInCodeAreRefusedNotTrapped() throws {
    let profile = try #require(DeviceProfile.named("iphone"))
    for after in [5e9, 1e11, .infinity] {
      let steps = (0..<4).map { Scenario.Step(gesture: .wait(0), after: after, index: $0, line: $0 + 2) }
      let scenario = Scenario(profile: profile, seed: 1, steps: steps)
      #expect {
        try scenario.play { _ in true }
      } throws: { error in
        let error = error as? ScenarioError
        return error?.field == "timeline[\(after == 5e9 ? 1 : 0)].after"
      }
    }
    #expect(SessionSynthesizer.nanoseconds(1e12) == .max)
    #expect(SessionSynthesizer.nanoseconds(-.infinity) == 0)
  }
}
