#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output (data, buffered) and standard error (diagnostics, unbuffered).
/// `write(2)` for the whole buffer; returns the count written or -1 with `errno` set.
private func systemWrite(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int {
  bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}

final class Console {
  private var buffer: [UInt8] = []
  private let outputDescriptor: Int32 = 1
  /// The first failure to write standard output. It sticks: later lines are dropped and every later
  /// ``flush()`` throws it, so a failure inside ``print(_:)`` still ends the run with an I/O error.
  private var writeError: TracecatError?

  init() { buffer.reserveCapacity(1 << 16) }

  /// True when standard output is a terminal.
  var outputIsTerminal: Bool { isatty(outputDescriptor) == 1 }

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
    buffer.append(contentsOf: bytes)
    try flush()
  }

  /// Writes what is buffered.
  ///
  /// - Throws: ``TracecatError/io(file:reason:)`` when standard output cannot be written, now or at an
  ///   earlier flush.
  func flush() throws {
    if let writeError { throw writeError }
    var start = 0
    while start < buffer.count {
      let written = systemWrite(outputDescriptor, buffer[start...])
      if written < 0 {
        if errno == EINTR { continue }
        let error = TracecatError.io(file: "<stdout>", reason: String(cString: strerror(errno)))
        buffer.removeAll(keepingCapacity: true)
        writeError = error
        throw error
      }
      start += written
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes a diagnostic line to standard error.
  func error(_ line: String) {
    _ = systemWrite(2, Array((line + "\n").utf8)[...])
  }
}
