import Foundation
import Testing

/// Compares text with a golden file in `Tests/ToolsTests/__Goldens__/`, recording it per
/// ``GoldenRecordMode``.
enum Golden {
  /// The goldens' directory, next to this test target's sources.
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("__Goldens__")

  /// Asserts that `actual` equals the golden `name`.
  ///
  /// A missing golden is written under `missing` and `all` (the test fails, saying so); under `all` an
  /// existing one is rewritten (and fails). A mismatch writes the actual text next to a temporary
  /// artifact and fails with a unified −/+ diff (− golden, + actual).
  ///
  /// - Parameters:
  ///   - actual: The output.
  ///   - name: The golden's file name, such as `cat-columns.txt`.
  ///   - mode: The record mode; default from the environment.
  ///   - directory: Where goldens live; default `__Goldens__`.
  static func assert(
    _ actual: String, named name: String, mode: GoldenRecordMode = .fromEnvironment,
    in directory: URL = Golden.directory, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let url = directory.appendingPathComponent(name)
    let expected = try? String(contentsOf: url, encoding: .utf8)
    if mode == .all || (expected == nil && mode == .missing) {
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record(
          "Recorded golden \(name) (FOLDTRACE_RECORD=\(mode.rawValue)); check it, then re-run.",
          sourceLocation: sourceLocation)
      } catch {
        Issue.record("Could not record golden \(name): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let expected else {
      Issue.record(
        "No golden \(name) and FOLDTRACE_RECORD=never; record it with FOLDTRACE_RECORD=missing.",
        sourceLocation: sourceLocation)
      return
    }
    guard let diff = UnifiedDiff.diff(expected: expected, actual: actual) else { return }
    let artifact = FileManager.default.temporaryDirectory.appendingPathComponent("tracecat-goldens")
      .appendingPathComponent(name)
    try? FileManager.default.createDirectory(
      at: artifact.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? actual.write(to: artifact, atomically: true, encoding: .utf8)
    Issue.record(
      "Output differs from golden \(name) (− golden, + actual; actual written to \(artifact.path)):\n\(diff)",
      sourceLocation: sourceLocation)
  }
}
