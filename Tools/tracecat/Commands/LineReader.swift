import FoldTrace

/// Reads a text input line by line in 64 KiB chunks, holding at most one line (up to ``maxLineBytes``)
/// and one chunk in memory, so any input — a pipe, a FIFO, `/dev/zero` — costs bounded memory.
///
/// Lines end at `\n` bytes (a `\r` before it stays on the line, where JSON reads it as whitespace); the
/// last line need not end in one.
struct LineReader {
  /// The longest line accepted, in bytes without its terminator (`\n`, or `\r\n`: the same line in
  /// either ending is accepted or refused alike): 4 MiB, room for any event a trace holds (its strings
  /// total at most 512 KiB, which escaping at most sextuples, and each of its at most 256 elements adds
  /// at most 160 bytes of keys and numbers).
  static let maxLineBytes = 4 << 20

  private let descriptor: FileDescriptor
  private let name: String
  private var chunk = [UInt8](repeating: 0, count: 1 << 16)
  private var chunkStart = 0
  private var chunkEnd = 0
  private var pending: [UInt8] = []
  private var atEnd = false
  /// Lines returned so far.
  private(set) var lineNumber = 0

  /// Opens `argument` (`-` is standard input).
  ///
  /// - Throws: ``TracecatError/io(file:reason:)`` when it cannot be opened.
  init(_ argument: String) throws {
    name = InputSource.displayName(argument)
    if argument == "-" {
      descriptor = .standardInput
    } else {
      do throws(Errno) {
        descriptor = try FileDescriptor.open(argument, .readOnly)
      } catch {
        throw TracecatError.io(file: argument, reason: error.description)
      }
    }
  }

  func close() { if descriptor != .standardInput { descriptor.close() } }

  /// Calls `body` with the next line's bytes (valid only during the call), or returns false at the end.
  ///
  /// - Throws: ``TracecatError/io(file:reason:)`` when the input cannot be read;
  ///   ``TracecatError/invalidJSONLines(file:_:)`` for a line over ``maxLineBytes``; what `body` throws.
  mutating func nextLine(_ body: (Swift.Span<UInt8>) throws -> Void) throws -> Bool {
    pending.removeAll(keepingCapacity: true)
    while true {
      if chunkStart < chunkEnd {
        let newline = chunk[chunkStart..<chunkEnd].firstIndex(of: UInt8(ascii: "\n"))
        let end = newline ?? chunkEnd
        // One byte more than the limit may be the `\r` of a CRLF terminator: decided at the `\n`.
        let length = pending.count + (end - chunkStart)
        if length > Self.maxLineBytes + 1 { throw overLong() }
        if let newline {
          let last = newline > chunkStart ? chunk[newline - 1] : pending.last
          if length > Self.maxLineBytes && last != UInt8(ascii: "\r") { throw overLong() }
          lineNumber += 1
          if pending.isEmpty {
            let start = chunkStart
            chunkStart = newline + 1
            let line = chunk[start..<newline]
            try body(line.span)
          } else {
            pending.append(contentsOf: chunk[chunkStart..<newline])
            chunkStart = newline + 1
            let line = pending[...]
            try body(line.span)
          }
          return true
        }
        pending.append(contentsOf: chunk[chunkStart..<chunkEnd])
        chunkStart = chunkEnd
      }
      if atEnd { break }
      try fill()
    }
    // The end: a last line without a newline, if any.
    guard !pending.isEmpty else { return false }
    // Without a `\n` there is no terminator: a last `\r` is the line's own.
    if pending.count > Self.maxLineBytes { throw overLong() }
    lineNumber += 1
    let line = pending[...]
    try body(line.span)
    pending.removeAll(keepingCapacity: true)
    return true
  }

  private mutating func fill() throws {
    while true {
      let count: Int
      do throws(Errno) {
        count = try descriptor.read(into: &chunk)
      } catch {
        throw TracecatError.io(file: name, reason: error.description)
      }
      chunkStart = 0
      chunkEnd = count
      if count == 0 { atEnd = true }
      return
    }
  }

  private func overLong() -> TracecatError {
    TracecatError.invalidJSONLines(
      file: name,
      TraceJSONLinesError(
        line: lineNumber + 1,
        reason: "longer than \(Self.maxLineBytes) bytes (4 MiB), the limit for one line; is this JSON Lines?")
    )
  }
}
