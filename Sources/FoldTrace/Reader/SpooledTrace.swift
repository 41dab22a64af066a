/// A trace given on standard input, made readable at offsets so it can be read in bounded memory, with
/// seeks, and more than once.
///
/// Standard input is copied once into an unnamed temporary file (or used in place when it is a regular
/// file): see <doc:TraceFormat>, "Reading standard input". Each ``open(limits:)`` returns a fresh
/// ``TraceReader`` over that copy, which reads, seeks and reports damage exactly as it would the file
/// the bytes came from (offsets are the input's), under the name given.
///
/// ```swift
/// let input = try SpooledTrace.standardInput(name: "<stdin>")
/// let reader = try input.open()
/// ```
public final class SpooledTrace {
  /// The name used in errors.
  public let name: String
  /// The input's size, in bytes.
  public let size: Int
  private let file: TraceFile

  private init(file: TraceFile, size: Int, name: String) {
    self.file = file
    self.size = size
    self.name = name
  }

  /// Reads standard input to its end into an unnamed temporary file in `$TMPDIR` (else `/tmp`).
  ///
  /// - Parameter name: The name used in errors, such as `<stdin>`.
  /// - Throws: ``TraceError`` `.io` when standard input cannot be read or the copy cannot be written
  ///   (no space left in the temporary directory).
  /// - Complexity: O(input size) time and disk; O(64 KiB) memory.
  public static func standardInput(name: String) throws(TraceError) -> SpooledTrace {
    let (file, size) = try TraceFile.spool(0, name: name)
    return SpooledTrace(file: file, size: size, name: name)
  }

  /// A reader at the trace's first frame.
  ///
  /// - Parameter limits: Memory limits (default 16 MiB per frame).
  /// - Throws: ``TraceError`` when the header is missing or wrong, as ``TraceReader/init(path:limits:)``.
  public func open(limits: TraceReaderLimits = .default) throws(TraceError) -> TraceReader {
    try TraceReader(source: .file(file, size: size), name: name, limits: limits)
  }
}
