import FoldTrace

/// Runs a subcommand's work over each input in turn: an error on one input is reported (after the
/// data printed so far) and the next input still runs; the result is the worst status.
enum EachInput {
  /// Runs `body` on each input.
  ///
  /// - Parameters:
  ///   - inputs: The inputs, in order.
  ///   - console: Where errors are reported.
  ///   - body: The work on one input.
  ///   - observe: Called with each input's own status, a reported error's included (for totals).
  /// - Returns: The worst status.
  static func run(
    _ inputs: [String], console: Console, observe: (ExitStatus) -> Void = { _ in },
    _ body: (String) throws -> ExitStatus
  ) -> ExitStatus {
    var status = ExitStatus.success
    for input in inputs {
      let one: ExitStatus
      do {
        one = try body(input)
      } catch {
        try? console.flush()
        one = ErrorRenderer.report(
          TracecatError.wrapping(error, file: input), to: console)
      }
      observe(one)
      status = status.worse(one)
    }
    return status
  }
}

extension TracecatError {
  /// Converts any error thrown while working on `file` into a ``TracecatError``.
  static func wrapping(_ error: any Error, file: String) -> TracecatError {
    switch error {
    case let error as TracecatError: error
    case let error as TraceError: TracecatError(error)
    case let error as TraceJSONLinesError: .invalidJSONLines(file: InputSource.displayName(file), error)
    default: .io(file: InputSource.displayName(file), reason: "\(error)")
    }
  }
}
