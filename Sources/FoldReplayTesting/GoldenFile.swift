import FoldReplay
import Foundation

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
    case failed(String)
  }

  /// Compares `actual` with the golden at `path`.
  ///
  /// - Parameters:
  ///   - actual: The text produced now.
  ///   - path: The golden file's path.
  ///   - mode: The record mode (default ``GoldenRecordMode/resolved``).
  /// - Returns: The outcome. On a mismatch the actual text is written to
  ///   `$TMPDIR/FoldTraceGoldens/<file name>` for inspection or copying over.
  public static func compare(
    _ actual: String, withGoldenAt path: String, mode: GoldenRecordMode = .resolved
  ) -> Outcome {
    let manager = FileManager.default
    let exists = manager.fileExists(atPath: path)
    if mode == .all || (!exists && mode == .missing) {
      do {
        try manager.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try actual.write(toFile: path, atomically: true, encoding: .utf8)
      } catch {
        return .failed("Could not record the golden at \(path): \(error)")
      }
      return .recorded(
        "Recorded the golden \(path) (FOLDTRACE_RECORD=\(mode.rawValue)); recording fails the test. "
          + "Review it, commit it and run the tests again.")
    }
    guard exists, let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
      return .failed(
        "No golden at \(path) and FOLDTRACE_RECORD=never: run with FOLDTRACE_RECORD=missing to record it.")
    }
    guard let diff = LineDiff.unified(expected: expected, actual: actual) else { return .matched }
    let artifact = manager.temporaryDirectory.appendingPathComponent("FoldTraceGoldens")
      .appendingPathComponent((path as NSString).lastPathComponent).path
    try? manager.createDirectory(
      atPath: (artifact as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try? actual.write(toFile: artifact, atomically: true, encoding: .utf8)
    return .failed(
      "The replay no longer matches the golden \(path); the actual text is at \(artifact) "
        + "(FOLDTRACE_RECORD=all re-records).\n\(diff)")
  }
}

/// Asserts that `actual` matches the golden at `path`, recording per `mode`; recording fails.
///
/// - Parameters:
///   - actual: The text produced now (for a trace, `ReplaySummary.goldenText`).
///   - path: The golden file's path.
///   - mode: The record mode; nil for ``GoldenRecordMode/resolved``.
///   - fileID: The caller's `#fileID`, where a failure is reported.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
public func assertGolden(
  _ actual: String, at path: String, record mode: GoldenRecordMode? = nil,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  switch GoldenFile.compare(actual, withGoldenAt: path, mode: mode ?? .resolved) {
  case .matched: return
  case .recorded(let message), .failed(let message):
    reportReplayFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
