import FoldTrace

/// Standard output (data, buffered) and standard error (diagnostics, unbuffered).
final class Console {
  private var buffer: [UInt8] = []
  private let output = FileDescriptor.standardOutput
  /// The first failure to write standard output. It sticks: later lines are dropped and every later
  /// ``flush()`` throws it until it is reported, so a failure inside ``print(_:)`` still ends the run
  /// with an I/O error, said once.
  private var writeError: TracecatError?
  /// Whether ``writeError`` was reported on standard error (``claimReport(of:)``): the status it gave
  /// stands, and later flushes throw nothing more.
  private var writeErrorReported = false

  init() { buffer.reserveCapacity(1 << 16) }

  /// True when standard output is a terminal.
  var outputIsTerminal: Bool { output.isTerminal }

  /// Writes a line of data to standard output.
  func print(_ line: String) {
    guard writeError == nil else { return }
    buffer.append(contentsOf: line.utf8)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= 1 << 16 { try? flush() }
  }

  /// Writes a line of data that `body` appends to the output buffer (without its newline), without
  /// building a `String`.
  func printLine(_ body: (inout [UInt8]) -> Void) {
    guard writeError == nil else { return }
    body(&buffer)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= 1 << 16 { try? flush() }
  }

  /// Writes raw bytes to standard output.
  func write(_ bytes: [UInt8]) throws {
    if writeError == nil { buffer.append(contentsOf: bytes) }
    try flush()
  }

  /// Writes what is buffered.
  ///
  /// - Throws: ``TracecatError/io(file:reason:)`` when standard output cannot be written, now or at an
  ///   earlier flush.
  func flush() throws {
    if let writeError {
      if writeErrorReported { return }
      throw writeError
    }
    do throws(Errno) {
      try output.writeAll(buffer)
    } catch {
      let error = TracecatError.io(file: "<stdout>", reason: error.description)
      buffer.removeAll(keepingCapacity: true)
      writeError = error
      throw error
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Whether `error` is still to be reported: false for standard output's write failure once it was
  /// reported, so that it is said once however many inputs or flushes meet it. Marks it reported.
  func claimReport(of error: TracecatError) -> Bool {
    guard writeError != nil, case .io(let file, _) = error, file == "<stdout>" else { return true }
    defer { writeErrorReported = true }
    return !writeErrorReported
  }

  /// Writes a diagnostic line to standard error, its control characters escaped
  /// (``DisplayText/escaped(_:)``): a diagnostic names files and quotes traces.
  func error(_ line: String) {
    try? FileDescriptor.standardError.writeAll(Array((DisplayText.escaped(line) + "\n").utf8))
  }
}
