import FoldTrace
import LayoutCore

/// The replay checks as pure functions over recorded replay output, for tests and tools that hold a
/// whole ``ReplayTimeline``. ``ReplayVerifier`` runs the same checks while streaming.
public enum ReplayChecks {
  /// Every failure in a replay's records.
  ///
  /// The frame-based checks (frameJump, endSnap, overshoot, crossFade) see only what the records hold:
  /// pass records that kept frames.
  ///
  /// - Parameters:
  ///   - records: A replay's records in order.
  ///   - tolerances: The limits to apply.
  ///   - expectations: What the checks know of the app under test (default none).
  ///   - checks: The checks to run (default all).
  /// - Returns: The failures in trace order.
  /// - Complexity: O(n) in the records' total size.
  public static func failures(
    in records: [ReplayRecord], tolerances: ReplayTolerances = .default,
    expectations: ReplayExpectations = .init(), checks: Set<ReplayCheck> = Set(ReplayCheck.allCases)
  ) -> [ReplayFailure] {
    var run = ReplayCheckRun(
      trace: "", tracePath: nil, tolerances: tolerances, expectations: expectations, failureLimit: .max)
    for record in records { run.receive(record) }
    return run.summary(digest: "").failures.filter { checks.contains($0.check) }
  }
}

/// Passes every record to two sinks in turn.
public struct TeeSink<First: ReplaySink, Second: ReplaySink>: ReplaySink {
  /// The first sink.
  public var first: First
  /// The second sink.
  public var second: Second

  /// Creates a tee.
  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  /// Passes the record to both sinks.
  public mutating func receive(_ record: ReplayRecord) {
    first.receive(record)
    second.receive(record)
  }
}
