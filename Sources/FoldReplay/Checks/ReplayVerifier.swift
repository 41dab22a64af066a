import FoldTrace
import LayoutCore

/// Builds a trace's ``ReplaySummary`` while the replay streams: every replay check, and the digest of
/// the output as a sink of its own (``ReplayDigest``) on the same records. The checks never see the
/// output; the digest never sees a verdict.
///
/// Memory stays bounded: per connected scene and element state, the shape transitions of at most
/// ``ReplaySummary/sceneLimit`` scenes (later scenes are only counted), and at most `failureLimit`
/// failures per check (the rest are only counted).
public struct ReplayVerifier: ReplaySink {
  private var checks: ReplayCheckRun
  private var digest = ReplayDigest()

  /// The limits applied.
  public var tolerances: ReplayTolerances { checks.tolerances }
  /// What the checks know of the app under test.
  public var expectations: ReplayExpectations { checks.expectations }

  /// The summary so far (complete after ``ReplayRecord/end(_:)``).
  ///
  /// Assembled when read, so the digest's hex string is not built at every record.
  public var summary: ReplaySummary { checks.summary(digest: digest.hex) }

  /// Creates a verifier.
  ///
  /// - Parameters:
  ///   - trace: The trace's name, for the summary.
  ///   - tracePath: The trace's path, for the slice commands of failure reports (default `trace`).
  ///   - tolerances: The limits to apply.
  ///   - expectations: What the checks know of the app under test (default none:
  ///     ``ReplayConfiguration/expectations`` gives a configuration's).
  ///   - failureLimit: Failures kept per check (default 20); all are counted.
  public init(
    trace: String, tracePath: String? = nil, tolerances: ReplayTolerances = .default,
    expectations: ReplayExpectations = .init(), failureLimit: Int = 20
  ) {
    checks = ReplayCheckRun(
      trace: trace, tracePath: tracePath, tolerances: tolerances, expectations: expectations,
      failureLimit: failureLimit)
  }

  /// Passes one record to the checks and to the digest.
  public mutating func receive(_ record: ReplayRecord) {
    digest.receive(record)
    checks.receive(record)
  }
}
