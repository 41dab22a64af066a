import Foundation

/// When golden files are (re)written, as swift-snapshot-testing's record modes.
///
/// The mode comes from an explicit argument, else ``current`` (a task-local a test can bind), else the
/// environment variable `FOLDTRACE_RECORD` (`all`, `missing` or `never`), else ``missing``. Recording always
/// fails the test, so CI cannot pass by writing its own expectations.
public enum GoldenRecordMode: String, Sendable, CaseIterable {
  /// Rewrite every golden.
  case all
  /// Write goldens that do not exist yet; compare the others.
  case missing
  /// Write nothing; a missing golden is a failure (use in CI).
  case never

  /// The mode bound for the current task, if any.
  @TaskLocal public static var current: GoldenRecordMode?

  /// The mode in effect: ``current``, else `FOLDTRACE_RECORD`, else ``missing``.
  ///
  /// An unrecognised `FOLDTRACE_RECORD` value counts as ``never`` so a typo cannot record.
  public static var resolved: GoldenRecordMode {
    if let current { return current }
    guard let value = ProcessInfo.processInfo.environment["FOLDTRACE_RECORD"], !value.isEmpty else {
      return .missing
    }
    return GoldenRecordMode(rawValue: value.lowercased()) ?? .never
  }
}
