import FoldReplay
import FoldTrace
import Foundation
import Testing

/// Compares text with a golden file, recording it per ``GoldenRecordMode``.
public enum GoldenFile {
  /// What a comparison found.
  public enum Outcome: Sendable, Equatable {
    /// The golden matches.
    case matched
    /// The golden was written (recording fails the test); the message says where.
    case recorded(String)
    /// The golden differs or is missing; the message holds a unified diff and where the actual text
    /// was written.
    ///
    /// Messages show paths and the diff's lines with control characters written out as `\u001b`
    /// (``DisplayText/escaped(_:)``): a line break only where a line of the diff ends.
    case failed(String)
  }

  /// Compares `actual` with the golden at `path`.
  ///
  /// - Parameters:
  ///   - actual: The text produced now.
  ///   - path: The golden file's path.
  ///   - mode: The record mode.
  /// - Returns: The outcome. On a mismatch the actual text is written to
  ///   `$TMPDIR/FoldTraceGoldens/<file name>` for inspection or copying over (in ``GoldenRecordMode/failed``
  ///   mode, over the golden itself).
  public static func compare(
    _ actual: String, withGoldenAt path: String, mode: GoldenRecordMode
  ) -> Outcome {
    let manager = FileManager.default
    let shown = DisplayText.escaped(path)
    let exists = manager.fileExists(atPath: path)
    let differs =
      exists && mode == .failed
      && (try? String(contentsOfFile: path, encoding: .utf8)).map { $0 != actual } ?? true
    if mode == .all || (!exists && (mode == .missing || mode == .failed)) || differs {
      do {
        try manager.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try actual.write(toFile: path, atomically: true, encoding: .utf8)
      } catch {
        return .failed(DisplayText.escaped("Could not record the golden at \(path): \(error)"))
      }
      return .recorded(
        "Recorded the golden \(shown) (record mode \(mode.rawValue)); recording fails the test. "
          + "Review it, commit it and run the tests again.")
    }
    guard exists, let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
      return .failed(
        "No golden at \(shown) and record mode never: run with FOLDTRACE_RECORD=missing to record it.")
    }
    guard let diff = LineDiff.unified(expected: expected, actual: actual) else { return .matched }
    let artifact = manager.temporaryDirectory.appendingPathComponent("FoldTraceGoldens")
      .appendingPathComponent((path as NSString).lastPathComponent).path
    try? manager.createDirectory(
      atPath: (artifact as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try? actual.write(toFile: artifact, atomically: true, encoding: .utf8)
    return .failed(
      "The text no longer matches the golden \(shown); the actual text is at \(DisplayText.escaped(artifact)) "
        + "(FOLDTRACE_RECORD=failed re-records it).\n"
        + diff.split(separator: "\n", omittingEmptySubsequences: false).map {
          DisplayText.escaped(String($0))
        }
        .joined(separator: "\n"))
  }
}

/// Asserts that `actual` matches the golden at `path`, recording per the record mode; recording fails.
///
/// The mode is `mode`, else the test's ``Testing/Trait/goldenRecord(_:)`` trait, else `FOLDTRACE_RECORD`,
/// else ``GoldenRecordMode/missing`` (``GoldenRecordMode/resolve(_:environment:)``). A `FOLDTRACE_RECORD`
/// that names no mode is a failure that names the value; the golden is then compared as in
/// ``GoldenRecordMode/never``.
///
/// - Parameters:
///   - actual: The text produced now (for a trace, `ReplaySummary.goldenText`).
///   - path: The golden file's path.
///   - mode: The record mode; nil to take it from the trait or the environment.
///   - sourceLocation: Where a failure is reported (default the caller's).
@_disfavoredOverload
public func assertGolden(
  _ actual: String, at path: String, record mode: GoldenRecordMode? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for message in goldenMessages(actual, at: path, mode: mode) {
    reportReplayFailure(message, sourceLocation: sourceLocation)
  }
}

/// ``assertGolden(_:at:record:sourceLocation:)``, reporting at `#filePath` and `#line` (XCTest helpers
/// forward theirs).
///
/// - Parameters:
///   - actual: The text produced now (for a trace, `ReplaySummary.goldenText`).
///   - path: The golden file's path.
///   - mode: The record mode; nil to take it from the trait or the environment.
///   - fileID: The caller's `#fileID`, where a failure is reported.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
public func assertGolden(
  _ actual: String, at path: String, record mode: GoldenRecordMode? = nil,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  for message in goldenMessages(actual, at: path, mode: mode) {
    reportReplayFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// The failures of a golden comparison: a bad `FOLDTRACE_RECORD` (then compared without recording),
/// then the comparison's own.
private func goldenMessages(_ actual: String, at path: String, mode: GoldenRecordMode?) -> [String] {
  var messages: [String] = []
  let resolved: GoldenRecordMode
  do {
    resolved = try GoldenRecordMode.resolve(mode)
  } catch {
    messages.append("\(error)")
    resolved = .never
  }
  switch GoldenFile.compare(actual, withGoldenAt: path, mode: resolved) {
  case .matched: break
  case .recorded(let message), .failed(let message): messages.append(message)
  }
  return messages
}
