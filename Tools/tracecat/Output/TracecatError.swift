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
  /// A trace's tail is torn, or its seek table is missing: `recover` can repair it.
  case tornTrace(TraceError)
  /// A JSON Lines document is malformed or holds an event no trace may hold.
  case invalidJSONLines(file: String, TraceJSONLinesError)
  /// Another writer holds the trace's exclusive lock (a recording in progress): nothing was changed.
  case locked(TraceError)
  /// A writer holds the trace's exclusive lock while `verify` reads it: its frames are still being
  /// written, so it is neither valid nor damaged yet.
  case beingRecorded(file: String)
  /// A writer holds the trace's exclusive lock, and what was read of it ends without its seek table or
  /// in a torn tail: the recording is still being written, so `recover` (which refuses it) is no help.
  case recordingInProgress(file: String)

  /// The process exit status for this error.
  var exitStatus: ExitStatus {
    switch self {
    case .usage: .usage
    case .io: .io
    case .invalidTrace(let error): error.code == .io ? .io : .invalid
    case .tornTrace: .recoverable
    case .invalidJSONLines: .invalid
    case .locked, .beingRecorded, .recordingInProgress: .locked
    }
  }

  /// Wraps a FoldTrace error, keeping I/O failures and torn tails apart from invalid data. When the
  /// verdict needs standard input copied on and that copy fails, the copy's I/O error.
  init(_ error: TraceError) {
    let torn: Bool
    do throws(TraceError) {
      torn = error.code == .io || error.code == .locked ? false : try TraceDamage.isTornTail(error)
    } catch {
      self = .io(file: InputSource.displayName("-"), reason: error.reason)
      return
    }
    if error.code == .io {
      self = .io(file: error.file, reason: error.reason)
    } else if error.code == .locked {
      self = .locked(error)
    } else if torn {
      // A torn tail of a trace a writer holds is its last frame still being written, and `recover`
      // refuses a locked trace: no advice to run it.
      self =
        Self.isBeingRecorded(error.file)
        ? .recordingInProgress(file: InputSource.displayName(error.file)) : .tornTrace(error)
    } else {
      // Damage recover refuses to repair must not send the user to recover.
      var refused = error
      if refused.reason.hasSuffix("; run recover") {
        refused.reason =
          String(refused.reason.dropLast("; run recover".count))
          + "; recover cannot repair this (it is not a torn tail)"
      }
      self = .invalidTrace(refused)
    }
  }
}

extension TracecatError {
  /// Whether a writer holds the lock of the trace file `file`, or of standard input (`-`) when it is a
  /// regular file: a recording in progress. False when the file cannot be examined.
  /// - Complexity: O(1); up to 100 ms while a lock is held (``TraceRecovery/isBeingRecorded(path:)``).
  static func isBeingRecorded(_ file: String) -> Bool {
    if file == "-" || file == InputSource.displayName("-") {
      return TraceRecovery.isStandardInputBeingRecorded()
    }
    return (try? TraceRecovery.isBeingRecorded(path: file)) == true
  }
}

/// `tracecat`'s exit statuses. Scripts rely on them; add, never renumber.
///
/// | status | meaning |
/// | --- | --- |
/// | 0 | success; `verify`: every file is valid and closed cleanly; `diff`: the traces are the same |
/// | 1 | invalid input (corrupt or foreign trace, malformed JSON Lines); `diff`: the traces differ |
/// | 2 | usage error |
/// | 3 | I/O error |
/// | 4 | a torn tail or a missing seek table: `recover` repairs it (`verify`), or repaired it (`recover`) |
/// | 5 | another writer holds the file's lock (a recording in progress): nothing was read or changed |
struct ExitStatus: RawRepresentable, Hashable, Sendable {
  var rawValue: Int32

  /// Success; for `verify`, every file is a valid, cleanly closed trace.
  static let success = ExitStatus(rawValue: 0)
  /// The input is not valid: a corrupt or foreign trace, or malformed JSON Lines; for `diff`, the traces
  /// differ.
  static let invalid = ExitStatus(rawValue: 1)
  /// The command line is wrong.
  static let usage = ExitStatus(rawValue: 2)
  /// A file could not be opened, read or written.
  static let io = ExitStatus(rawValue: 3)
  /// The trace ends in a torn tail or lacks its seek table (a crash, or a recording still in progress):
  /// every complete frame reads, and `recover` makes it whole. For `recover`: it did so.
  static let recoverable = ExitStatus(rawValue: 4)
  /// Another writer (a recording in progress) holds the file's exclusive lock: the command changed
  /// nothing; run it again once the writer has closed the trace.
  static let locked = ExitStatus(rawValue: 5)

  /// How bad a status is, for ``worse(_:)``: success, recoverable, invalid, locked, I/O, usage.
  private var severity: Int {
    switch rawValue {
    case 0: 0
    case 4: 1
    case 1: 2
    case 5: 3
    case 3: 4
    default: 5
    }
  }

  /// The worse of two statuses, so a run over several files reports its worst outcome.
  func worse(_ other: ExitStatus) -> ExitStatus { other.severity > severity ? other : self }
}
