import FoldReplay
import FoldTrace

/// Asserts that an app's recorded output passes every check on recordings (``RecordingChecker``):
/// shape, flapping, reserved regions, even columns, continuity, start, rest, overshoot, cross-fade and
/// scroll anchor. Each failure is reported as its own sentence at the caller.
///
/// ```swift
/// let events = try TraceJSONLines.decode(document: deviceLog).events
/// assertRecordingPasses(events, trace: "mail-open")
/// ```
///
/// - Parameters:
///   - events: The recording's events, in order (from a trace or a pasted JSON Lines log).
///   - trace: A name for messages.
///   - tolerances: The limits; the defaults suit 60/120 Hz display-link sampling.
///   - fileID: The caller's `#fileID`, where a failure is reported.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
/// - Returns: The summary, for further assertions.
@discardableResult
public func assertRecordingPasses(
  _ events: some Sequence<TraceEvent>, trace: String = "recording",
  tolerances: RecordingTolerances = .default, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> ReplaySummary {
  let summary = RecordingChecker.check(events, trace: trace, tolerances: tolerances)
  for failure in summary.failures {
    reportReplayFailure(
      "\(DisplayText.escaped(trace)): \(failure.message)", fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
  return summary
}

/// Asserts that a recording fails exactly the given checks, each on the given element or decision — the
/// form a known-bad recording's expectations take.
///
/// - Parameters:
///   - events: The recording's events, in order.
///   - expected: The failures expected, as (check, element) pairs in any order; the element is the
///     element id, the decision (`"presentation"`) or the anchor item, nil for none.
///   - trace: A name for messages.
///   - tolerances: The limits.
///   - fileID: The caller's `#fileID`, where a failure is reported.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
/// - Returns: The summary, for further assertions.
@discardableResult
public func assertRecordingFails(
  _ events: some Sequence<TraceEvent>, with expected: [(ReplayCheck, String?)], trace: String = "recording",
  tolerances: RecordingTolerances = .default, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> ReplaySummary {
  let summary = RecordingChecker.check(events, trace: trace, tolerances: tolerances)
  func key(_ check: ReplayCheck, _ element: String?) -> String {
    "\(check.rawValue) \(element.map(DisplayText.escaped) ?? "-")"
  }
  let want = expected.map { key($0.0, $0.1) }.sorted()
  let got = summary.failures.map { key($0.check, $0.element) }.sorted()
  if want != got {
    let diff = LineDiff.lines(expected: want, actual: got)
    let messages = summary.failures.map { "  " + $0.message }.joined(separator: "\n")
    reportReplayFailure(
      "\(DisplayText.escaped(trace)): the recording's failures differ (− expected, + actual):\n"
        + diff.joined(separator: "\n") + "\nfailures:\n" + messages,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
  return summary
}

/// Asserts that an app's recorded output agrees with its model: replays the recording's inputs through
/// `configuration` (the team's own layout) and reports each place where a recorded layout's element
/// frames or decisions differ from the model's plan (``ModelComparison``), one sentence each at the
/// caller: the first 100, then how many more there are.
///
/// ```swift
/// let events = try TraceJSONLines.decode(document: deviceLog).events
/// assertRecordingMatchesModel(events, configuration: configuration, trace: "mail-open")
/// ```
///
/// - Parameters:
///   - events: The recording's events, in order.
///   - configuration: The model: the team's layout, animator, scroll anchoring and content.
///   - trace: A name for messages.
///   - tolerances: The limits (default 0.5 pt, every plan element recorded).
///   - fileID: The caller's `#fileID`, where a failure is reported.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
/// - Returns: The comparison, for further assertions.
@discardableResult
public func assertRecordingMatchesModel(
  _ events: some Sequence<TraceEvent>, configuration: ReplayConfiguration, trace: String = "recording",
  tolerances: ComparisonTolerances = .default, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> ModelComparisonResult {
  let result = ModelComparison.compare(
    events, trace: trace, configuration: configuration, tolerances: tolerances)
  for divergence in result.divergences {
    reportReplayFailure(
      "\(DisplayText.escaped(trace)): \(divergence.message)", fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
  if result.unlistedDivergences > 0 {
    reportReplayFailure(
      "\(trace): … and \(result.unlistedDivergences) more divergences", fileID: fileID, filePath: filePath,
      line: line, column: column)
  }
  return result
}
