import FoldTrace

/// A trace argument that can be opened more than once: a file, or standard input, copied once into an
/// unnamed temporary file (``InputSource/standardInputTrace()``), for subcommands that read a trace
/// twice (`plot`: the extent, then the window; `--replay`: the replay).
struct TraceInput {
  /// The argument as given (`-` for standard input).
  let argument: String

  /// Takes the argument; standard input is copied to its end now.
  ///
  /// - Throws: ``TracecatError/io(file:reason:)`` when standard input cannot be read or copied.
  init(_ argument: String) throws {
    self.argument = argument
    if argument == "-" {
      do throws(TraceError) { _ = try InputSource.standardInputTrace() } catch { throw TracecatError(error) }
    }
  }

  /// The name used in messages.
  var name: String { InputSource.displayName(argument) }

  /// A fresh reader at the trace's first frame.
  ///
  /// - Throws: ``TracecatError`` when the file cannot be read or is not a trace.
  func open() throws -> TraceReader { try InputSource.trace(argument) }
}
