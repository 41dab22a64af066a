import FoldTrace

/// The harness's command line: a mode, then `--name value` options and `--flag`s.
struct Arguments {
  /// The first argument: `record`, `soak`, `load` or `seeds`.
  var mode: String
  private var values: [String: String] = [:]
  private var flags: Set<String> = []

  /// Splits `arguments` (without the program name).
  /// - Throws: ``HarnessError`` when the mode is missing or an option lacks its value.
  init(_ arguments: [String], flagNames: Set<String>) throws {
    guard let mode = arguments.first else { throw HarnessError("missing mode; \(Self.usage)") }
    self.mode = mode
    var rest = arguments.dropFirst()
    while let name = rest.popFirst() {
      guard name.hasPrefix("--") else { throw HarnessError("unexpected argument \(name); \(Self.usage)") }
      let key = String(name.dropFirst(2))
      if flagNames.contains(key) {
        flags.insert(key)
      } else if let value = rest.popFirst() {
        values[key] = value
      } else {
        throw HarnessError("option \(name) needs a value")
      }
    }
  }

  static let usage =
    "usage: crashrecorder record|soak|load|seeds [--option value]…; see Tools/crash-soak and Tools/recorder-load"

  /// A string option.
  /// - Throws: ``HarnessError`` when it is required and absent.
  func string(_ name: String, default fallback: String? = nil) throws -> String {
    guard let value = values[name] ?? fallback else { throw HarnessError("missing --\(name)") }
    return value
  }

  /// An integer option.
  /// - Throws: ``HarnessError`` when it is absent without a default, or not a number.
  func integer<T: FixedWidthInteger>(_ name: String, default fallback: T) throws -> T {
    guard let text = values[name] else { return fallback }
    guard let value = T(text) else { throw HarnessError("--\(name) \(text) is not a whole number") }
    return value
  }

  /// Whether `--name` was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// A harness failure: usage errors, and checks that did not hold.
struct HarnessError: Error, CustomStringConvertible {
  /// What went wrong.
  var description: String

  init(_ description: String) { self.description = description }
}

/// Writes a line to standard error with `write(2)` (the C `stderr` global is not concurrency-safe).
func printError(_ line: String) {
  try? FileDescriptor.standardError.writeAll(Array((line + "\n").utf8))
}
