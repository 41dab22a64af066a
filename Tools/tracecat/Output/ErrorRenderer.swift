/// Renders a ``TracecatError`` to standard error: `tracecat: error: …` and, for usage errors, one
/// `hint:` line.
enum ErrorRenderer {
  /// The lines to print for an error, without trailing newlines.
  static func lines(for error: TracecatError) -> [String] {
    switch error {
    case .usage(let message, let hint):
      ["tracecat: error: \(message)", "hint: \(hint)"]
    case .io(let file, let reason):
      ["tracecat: error: \(file): \(reason)"]
    case .invalidTrace(let error):
      ["tracecat: error: \(error)"]
    case .tornTrace(let error):
      ["tracecat: error: \(error)"]
    case .invalidJSONLines(let file, let error):
      ["tracecat: error: \(file): \(error)"]
    case .locked(let error):
      [
        "tracecat: error: \(error.file): another writer has this trace open (a recording in progress?); "
          + "nothing was changed: try again once it has closed the trace"
      ]
    case .beingRecorded(let file):
      [
        "tracecat: error: \(file): is being recorded (a writer holds its lock), so it is not finished: "
          + "verify it once the recording has closed the trace"
      ]
    case .recordingInProgress(let file):
      [
        "tracecat: error: \(file): is being recorded (a writer holds its lock), so its last frame may "
          + "still be being written: try again once the recording has closed the trace"
      ]
    }
  }

  /// Prints the error to standard error and returns its exit status; standard output's write failure
  /// is printed once (``Console/claimReport(of:)``).
  static func report(_ error: TracecatError, to console: Console) -> ExitStatus {
    guard console.claimReport(of: error) else { return error.exitStatus }
    for line in lines(for: error) { console.error(line) }
    return error.exitStatus
  }
}
