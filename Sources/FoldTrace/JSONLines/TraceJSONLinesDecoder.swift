/// Decodes a JSON Lines document one line at a time, counting lines and checking that the header comes
/// first and only once. Use it to stream a large document (`tracecat pack -`).
public struct TraceJSONLinesDecoder: Sendable {
  /// The number of lines seen so far, blank ones included; the next line's number minus one.
  public private(set) var lineNumber = 0
  /// The header, once its line has been decoded.
  public private(set) var header: TraceHeader?

  /// Creates a decoder that expects the header line first.
  public init() {}

  /// Decodes the next line of the document.
  ///
  /// - Parameter line: The line's text without its newline (a trailing `\r` is tolerated).
  /// - Returns: The event on the line, or nil for the header line and for blank lines.
  /// - Throws: ``TraceJSONLinesError`` for malformed lines, an event before the header, or a second header.
  public mutating func decode(line: some StringProtocol) throws -> TraceEvent? {
    lineNumber += 1
    if line.allSatisfy(\.isWhitespace) { return nil }
    switch try TraceJSONLines.decode(line: line, lineNumber: lineNumber) {
    case .header(let decoded):
      guard header == nil else {
        throw TraceJSONLinesError(line: lineNumber, field: "kind", reason: "a second header line")
      }
      header = decoded
      return nil
    case .event(let event):
      guard header != nil else { throw TraceJSONLinesError.missingHeader(line: lineNumber) }
      return event
    }
  }
}
