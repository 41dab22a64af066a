import FoldTrace

/// Every way `tracecat` can fail, rendered in one place (``ErrorRenderer``) so all messages share one
/// voice and each family has its own exit status (as swift-argument-parser's `MessageInfo`).
enum TracecatError: Error {
  /// The command line is wrong. `hint` is one line: the nearest valid spelling, or where to read usage.
  case usage(message: String, hint: String)
  /// A file could not be opened, read or written.
  case io(file: String, reason: String)
  /// A trace is not valid: not a trace, truncated, corrupt, or a newer major version.
  case invalidTrace(TraceError)
  /// A JSON Lines document is malformed or holds an event no trace may hold.
  case invalidJSONLines(file: String, TraceJSONLinesError)

  /// The process exit status for this error.
  var exitStatus: ExitStatus {
    switch self {
    case .usage: .usage
    case .io: .io
    case .invalidTrace(let error): error.code == .io ? .io : .invalid
    case .invalidJSONLines: .invalid
    }
  }

  /// Wraps a FoldTrace error, keeping I/O failures apart from invalid data.
  init(_ error: TraceError) {
    self = error.code == .io ? .io(file: error.file, reason: error.reason) : .invalidTrace(error)
  }
}

/// `tracecat`'s exit statuses. Scripts rely on them; add, never renumber.
struct ExitStatus: RawRepresentable, Hashable, Sendable {
  var rawValue: Int32

  /// Success; for `verify`, every file is a valid trace.
  static let success = ExitStatus(rawValue: 0)
  /// The input is not valid: a torn, corrupt or foreign trace, or malformed JSON Lines.
  static let invalid = ExitStatus(rawValue: 1)
  /// The command line is wrong.
  static let usage = ExitStatus(rawValue: 2)
  /// A file could not be opened, read or written.
  static let io = ExitStatus(rawValue: 3)

  /// The worse of two statuses, so a run over several files reports its worst outcome.
  func worse(_ other: ExitStatus) -> ExitStatus { other.rawValue > rawValue ? other : self }
}
