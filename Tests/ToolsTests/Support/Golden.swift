import FoldReplayTesting
import Foundation
import Testing

/// The tools' golden files in `Tests/ToolsTests/__Goldens__/`, through FoldReplayTesting's one golden
/// harness (``assertGolden(_:at:record:sourceLocation:)``): the same record modes, diff and artifact.
enum Golden {
  /// The goldens' directory, next to this test target's sources.
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("__Goldens__")

  /// Asserts that `actual` equals the golden `name`.
  ///
  /// - Parameters:
  ///   - actual: The output.
  ///   - name: The golden's file name, such as `cat-columns.txt`.
  ///   - mode: The record mode; nil to take it from the test's trait or `FOLDTRACE_RECORD`.
  ///   - directory: Where goldens live; default `__Goldens__`.
  ///   - sourceLocation: Where a failure is reported (default the caller's).
  static func assert(
    _ actual: String, named name: String, mode: GoldenRecordMode? = nil,
    in directory: URL = Golden.directory, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    assertGolden(
      actual, at: directory.appendingPathComponent(name).path, record: mode, sourceLocation: sourceLocation)
  }
}
