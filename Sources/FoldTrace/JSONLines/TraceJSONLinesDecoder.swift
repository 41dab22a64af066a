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
  /// - Throws: ``TraceJSONLinesError`` for malformed lines, an event before the header, a second header,
  ///   or an event that the header's format version cannot hold (``TraceEvent/requiredVersion``: a
  ///   `layout` or `presented` line, or a `scroll` line with `anchorTop`, under a 1.0 header).
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
}
