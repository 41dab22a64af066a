/// The JSON Lines form of a trace: one JSON object per line, the header first, then one line per event.
///
/// It is a public contract that scripts and tools rely on (see the <doc:JSONLines> article for every
/// key and every reading rule). Keys come in a fixed, documented order — `t`, `kind`, `scene`,
/// then the kind's fields in the order the article lists them — so the same events always give the same
/// text. Optional fields are omitted when absent; `selection`'s `item` is written as `null` when nothing is
/// selected. Sizes are `[w, h]`, rects `[x, y, w, h]`, insets `[top, leading, bottom, trailing]` and
/// points `[x, y]`, all in points; `t` is an integer number of nanoseconds since session start.
///
/// Doubles are written in their shortest form that reads back to the same value (Swift's and Foundation's
/// round-trip formatting), so `tracecat --json t | tracecat pack -` reproduces every value bit for bit.
public enum TraceJSONLines {
  /// One decoded line: the header or an event.
  public enum Line: Sendable, Equatable {
    /// The session header (`"kind":"header"`).
    case header(TraceHeader)
    /// An event.
    case event(TraceEvent)
  }

  /// The `kind` value of the header line.
  public static let headerKind = "header"

  /// Encodes the header line, without a trailing newline.
  ///
  /// - Parameter header: The session header.
  /// - Returns: `{"kind":"header","version":"1.0","device":…,"app":…,"recorder":…}`, with `wallClock`
  ///   (nanoseconds since the Unix epoch) appended when the header has one.
  public static func encode(header: TraceHeader) -> String {
    var bytes: [UInt8] = []
    encode(header: header, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Encodes one event as a line, without a trailing newline.
  ///
  /// - Parameter event: The event.
  /// - Returns: The event's JSON object with keys in contract order.
  /// - Complexity: O(*n*) in the size of the event (regions, strings).
  public static func encode(event: TraceEvent) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(128)
    encode(event: event, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Decodes one line that is known to stand at `lineNumber` of its document.
  ///
  /// Unknown keys are ignored, so newer writers can add optional fields; an unknown `kind` is refused.
  /// A repeated key is refused. See the <doc:JSONLines> article for every rule.
  ///
  /// - Parameters:
  ///   - line: The line's text, without its newline.
  ///   - lineNumber: The 1-based line number, used in errors.
  /// - Returns: The header or the event the line holds.
  /// - Throws: ``TraceJSONLinesError`` naming the line, the field and what was wrong.
  /// - Complexity: O(*n*) in the line's length.
  public static func decode(line: some StringProtocol, lineNumber: Int) throws -> Line {
    var scanner = JSONLineScanner(schema: scannerSchema)
    var text = String(line)
    return try text.withUTF8 {
      try decodeFast(UnsafeRawBufferPointer($0), lineNumber: lineNumber, scanner: &scanner)
    }
  }

  /// Every key the field readers read, so the scanner keeps only those (``JSONLineScanner/Schema``);
  /// a key read but missing here reads as missing, which the differential tests catch.
  static let scannerSchema = JSONLineScanner.Schema(
    rootKeys: [
      "t", "kind", "scene", "version", "device", "app", "recorder", "wallClock", "display", "scale", "size",
      "safeArea", "horizontal", "vertical", "interactive", "verticalBarEdge", "minSize", "maxSize", "status",
      "angle", "regions", "dynamicType", "reduceMotion", "crossFade", "reduceTransparency", "direction",
      "offset", "anchor", "anchorTop", "item", "label", "count", "columns", "shape", "presentation",
      "elements",
    ],
    wideKeys: ["regions", "elements"],
    elementKeys: ["kind", "frame", "active", "id", "interactive", "opacity"],
    wideLimit: max(TraceFormat.maxRegionsPerRecord, RecordCodec.maxElementsPerRecord), narrowLimit: 4)

  /// The fast path: a `scroll` or `hinge` line in the writer's exact form read directly
  /// (``decodeExactForm(_:)``); any other line through ``JSONLineScanner`` and the shared field readers.
  /// Foundation reads no whole line here: only a large whole number not written as an integer, from its
  /// own bytes (``JSONTapeValue/unsignedValue``). A new kind's keys go into ``scannerSchema``.
  ///
  /// - Parameters:
  ///   - bytes: The line, valid UTF-8, without its newline.
  ///   - scanner: Reused from line to line for its storage.
  static func decodeFast(
    _ bytes: UnsafeRawBufferPointer, lineNumber: Int, scanner: inout JSONLineScanner
  ) throws -> Line {
    if let event = decodeExactForm(bytes) { return .event(event) }
    do {
      try scanner.parse(bytes)
    } catch {
      throw TraceJSONLinesError(line: lineNumber, field: error.field, reason: error.reason)
    }
    return try scanner.nodes.withUnsafeBufferPointer { nodes in
      let root = JSONTape(nodes: nodes, bytes: bytes).root
      guard let members = root.members else {
        throw TraceJSONLinesError(line: lineNumber, reason: "expected a JSON object, got \(root.typeName)")
      }
      return try decodeLine(JSONFieldReader(object: members, line: lineNumber))
    }
  }

  /// The reference reading of a line: Foundation's `JSONDecoder`, then the same field readers as the
  /// fast path. The differential tests hold ``decode(line:lineNumber:)`` to it.
  ///
  /// - Throws: ``TraceJSONLinesError``; for text that is not JSON, only "not valid JSON" (Foundation
  ///   does not say where).
  package static func referenceDecode(line: some StringProtocol, lineNumber: Int) throws -> Line {
    let object = try JSONValue.parseObject(line, lineNumber: lineNumber)
    return try decodeLine(JSONFieldReader(object: object, line: lineNumber))
  }

  /// Decodes a whole JSON Lines document: a header line, then event lines. Blank lines are skipped.
  ///
  /// - Parameter text: The document.
  /// - Returns: The header and the events in order.
  /// - Throws: ``TraceJSONLinesError`` for the first malformed line, a missing header, or a second header.
  /// - Complexity: O(*n*) in the length of the text.
  public static func decode(document text: String) throws -> (header: TraceHeader, events: [TraceEvent]) {
    var decoder = TraceJSONLinesDecoder()
    var events: [TraceEvent] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if let event = try decoder.decode(line: line) { events.append(event) }
    }
    guard let header = decoder.header else { throw TraceJSONLinesError.missingHeader(line: 1) }
    return (header, events)
  }
}
