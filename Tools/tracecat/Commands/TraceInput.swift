import FoldTrace

/// A trace argument that can be opened more than once: a file, or standard input read once and kept,
/// for subcommands that read a trace twice (`plot --replay`: the timeline, then the replay).
struct TraceInput {
  /// The argument as given (`-` for standard input).
  let argument: String
  private let bytes: [UInt8]?

  /// Takes the argument; standard input is read to its end now.
  ///
  /// - Throws: ``TracecatError/io(file:reason:)`` when standard input cannot be read.
  init(_ argument: String) throws {
    self.argument = argument
    bytes = argument == "-" ? try InputSource.readStandardInput() : nil
  }

  /// The name used in messages.
  var name: String { InputSource.displayName(argument) }

  /// A fresh reader at the trace's first frame.
  ///
  /// - Throws: ``TracecatError`` when the file cannot be read or is not a trace.
  func open() throws -> TraceReader {
    guard let bytes else { return try InputSource.trace(argument) }
    do {
      return try TraceReader(bytes: bytes, name: name)
    } catch {
      throw TracecatError(error)
    }
  }
}
