import FoldTrace
import Foundation
import Testing

/// When golden files are (re)written, as swift-snapshot-testing's record modes.
///
/// The mode comes from an explicit argument, else a test trait (``Testing/Trait/goldenRecord(_:)``, which
/// binds ``current`` for the test), else the environment variable `FOLDTRACE_RECORD` (`all`, `failed`,
/// `missing` or `never`), else ``missing``. Recording always fails the test, so CI cannot pass by writing
/// its own expectations.
public enum GoldenRecordMode: String, Sendable, CaseIterable {
  /// Rewrite every golden.
  case all
  /// Rewrite the goldens that do not match, and write the missing ones; leave matching ones alone.
  case failed
  /// Write goldens that do not exist yet; compare the others.
  case missing
  /// Write nothing; a missing golden is a failure (use in CI).
  case never

  /// The mode bound for the current task, if any (a test trait binds it).
  @TaskLocal public static var current: GoldenRecordMode?

  /// The environment variable read when neither an argument nor a trait gives the mode.
  public static let environmentVariable = "FOLDTRACE_RECORD"

  /// The mode in effect: `explicit`, else ``current``, else `FOLDTRACE_RECORD`, else ``missing``.
  ///
  /// - Parameters:
  ///   - explicit: The mode an assertion was given, if any.
  ///   - environment: The environment to read (default the process's).
  /// - Returns: The mode.
  /// - Throws: ``GoldenRecordModeError`` when `FOLDTRACE_RECORD` holds anything but a mode's name (case
  ///   does not matter; empty counts as unset): a typo must neither record nor pass for `never`.
  public static func resolve(
    _ explicit: GoldenRecordMode? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(GoldenRecordModeError) -> GoldenRecordMode {
    if let explicit { return explicit }
    if let current { return current }
    guard let value = environment[environmentVariable], !value.isEmpty else { return .missing }
    guard let mode = GoldenRecordMode(rawValue: value.lowercased()) else {
      throw GoldenRecordModeError(value: value)
    }
    return mode
  }
}

/// `FOLDTRACE_RECORD` holds a value that is not a record mode.
public struct GoldenRecordModeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The value found.
  public var value: String

  /// Creates the error.
  public init(value: String) { self.value = value }

  /// The error as a sentence naming the value (control characters written out as `\u001b`,
  /// `DisplayText.escaped`) and the modes.
  public var description: String {
    "\(GoldenRecordMode.environmentVariable)=\"\(DisplayText.escaped(value))\" is not a record mode: use "
      + GoldenRecordMode.allCases.map(\.rawValue).joined(separator: ", ")
      + " (nothing was recorded)"
  }
}

/// A test trait that sets the golden record mode for a test or a suite (``GoldenRecordMode/current``),
/// between an assertion's own argument and `FOLDTRACE_RECORD`.
public struct GoldenRecordTrait: TestTrait, SuiteTrait, TestScoping {
  /// The mode.
  public var mode: GoldenRecordMode

  /// Applies to every test of a suite it is on.
  public var isRecursive: Bool { true }

  /// Runs the test with ``GoldenRecordMode/current`` bound to ``mode``.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await GoldenRecordMode.$current.withValue(mode) { try await function() }
  }
}

extension Trait where Self == GoldenRecordTrait {
  /// Sets the golden record mode of a test or suite: `@Test(.goldenRecord(.failed))`.
  ///
  /// - Parameter mode: The mode.
  public static func goldenRecord(_ mode: GoldenRecordMode) -> Self { GoldenRecordTrait(mode: mode) }
}
