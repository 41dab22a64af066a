/// Decodes a JSON Lines document one line at a time, counting lines and checking that the header comes
/// first and only once. Use it to stream a large document (`tracecat pack -`).
public struct TraceJSONLinesDecoder: Sendable {
  /// The number of lines seen so far, blank ones included; the next line's number minus one.
  public private(set) var lineNumber = 0
  /// The header, once its line has been decoded.
  public private(set) var header: TraceHeader?
  /// Reused from line to line.
  private var scanner = JSONLineScanner(schema: TraceJSONLines.scannerSchema)

  /// Creates a decoder that expects the header line first.
  public init() {}

  /// Decodes the next line of the document.
  ///
  /// - Parameter line: The line's text without its newline (a trailing `\r` is tolerated).
  /// - Returns: The event on the line, or nil for the header line and for blank lines.
  /// - Throws: ``TraceJSONLinesError`` for malformed lines, an event before the header, a second header,
  ///   or an event that the header's format version cannot hold (``TraceEvent/requiredVersion``: a
  ///   `layout` or `presented` line, or a `scroll` line with `anchorTop`, under a 1.0 header).
  /// - Complexity: O(*n*) in the line's length.
  public mutating func decode(line: some StringProtocol) throws -> TraceEvent? {
    var text = String(line)
    return try text.withUTF8 { try decode(validUTF8: UnsafeRawBufferPointer($0)) }
  }

  /// Decodes the next line of the document from its bytes, which need not be valid UTF-8.
  ///
  /// - Parameter bytes: The line without its newline (a trailing `\r` is tolerated).
  /// - Returns: The event on the line, or nil for the header line and for blank lines.
  /// - Throws: ``TraceJSONLinesError`` for a line that is not UTF-8 ("not valid UTF-8 at byte N", from 1),
  ///   malformed lines,
  ///   an event before the header, or a second header.
  /// - Complexity: O(*n*) in the line's length.
  public mutating func decode(bytes: UnsafeRawBufferPointer) throws -> TraceEvent? {
    if !Self.isASCII(bytes), let invalid = Self.firstInvalidUTF8(bytes) {
      lineNumber += 1
      // Counted from 1, as the JSON errors' "at byte N".
      throw TraceJSONLinesError(line: lineNumber, reason: "not valid UTF-8 at byte \(invalid + 1)")
    }
    return try decode(validUTF8: bytes)
  }

  private mutating func decode(validUTF8 bytes: UnsafeRawBufferPointer) throws -> TraceEvent? {
    lineNumber += 1
    // A UTF-8 byte-order mark at the start of the document is skipped (as `foldsim` skips one at the
    // start of a scenario); anywhere else it is a character that is not JSON. It is read as three
    // blanks rather than cut off, so that a byte position in an error counts from the start of the
    // file, as a hex dump or an editor's byte offset has it.
    if lineNumber == 1, bytes.starts(with: Self.byteOrderMark) {
      var blanked = Array(bytes)
      blanked.replaceSubrange(0..<3, with: repeatElement(UInt8(ascii: " "), count: 3))
      return try blanked.withUnsafeBytes { line throws -> TraceEvent? in try decode(afterMark: line) }
    }
    return try decode(afterMark: bytes)
  }

  /// The UTF-8 byte-order mark, U+FEFF.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  private mutating func decode(afterMark bytes: UnsafeRawBufferPointer) throws -> TraceEvent? {
    if Self.isBlank(bytes) { return nil }
    switch try TraceJSONLines.decodeFast(bytes, lineNumber: lineNumber, scanner: &scanner) {
    case .header(let decoded):
      guard header == nil else {
        throw TraceJSONLinesError(line: lineNumber, field: "kind", reason: "a second header line")
      }
      header = decoded
      return nil
    case .event(let event):
      guard let header else { throw TraceJSONLinesError.missingHeader(line: lineNumber) }
      try Self.check(event, in: header, line: lineNumber)
      return event
    }
  }

  /// Refuses an event newer than the header's format version, naming the line and the field.
  /// - Throws: ``TraceJSONLinesError`` for an event the header's version cannot hold.
  static func check(_ event: TraceEvent, in header: TraceHeader, line: Int) throws {
    let required = event.requiredVersion
    guard required > header.version else { return }
    let field = event.kind == .scroll ? "anchorTop" : "kind"
    let what = event.kind == .scroll ? "a scroll event's anchorTop" : "a \"\(event.kind.name)\" event"
    throw TraceJSONLinesError(
      line: line, field: field,
      reason: "\(what) needs trace format \(required); the header declares \(header.version)")
  }

  /// The offset (from 0) of the first byte of `bytes` that does not begin a valid UTF-8 sequence, nil
  /// when every byte does.
  /// - Complexity: O(n) in the byte count.
  private static func firstInvalidUTF8(_ bytes: UnsafeRawBufferPointer) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var index = 0
    var bits: UInt64 = 0
    while index + 8 <= bytes.count {
      bits |= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index += 8
    }
    while index < bytes.count {
      bits |= UInt64(bytes[index])
      index += 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
  }

  /// True when every character is whitespace as `Character.isWhitespace` has it (Unicode's White_Space).
  private static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
    for byte in bytes {
      if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { continue }
      if byte < 0x80 { return false }
      return String(decoding: bytes, as: UTF8.self).allSatisfy(\.isWhitespace)
    }
    return true
  }
}
