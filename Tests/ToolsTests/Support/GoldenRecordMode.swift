import Foundation

/// When golden files are (re)written, as swift-snapshot-testing's record modes: from an explicit
/// argument, else the `FOLDTRACE_RECORD` environment variable (`all`, `missing`, `never`), else
/// `missing`. Recording always fails the test, so CI never passes on a freshly written golden.
enum GoldenRecordMode: String, Sendable {
  /// Rewrite every golden (and fail).
  case all
  /// Write goldens that do not exist yet (and fail); compare the others.
  case missing
  /// Never write: a missing golden fails.
  case never

  /// The mode from `FOLDTRACE_RECORD`, `missing` when unset.
  ///
  /// An unknown value is a configuration mistake and falls back to `never`, so it cannot record silently.
  static var fromEnvironment: GoldenRecordMode {
    guard let value = ProcessInfo.processInfo.environment["FOLDTRACE_RECORD"], !value.isEmpty else {
      return .missing
    }
    return GoldenRecordMode(rawValue: value) ?? .never
  }
}
