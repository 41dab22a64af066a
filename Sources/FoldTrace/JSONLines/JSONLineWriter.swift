/// The fast path of the JSON Lines encoder: appends a line's bytes exactly as the reference
/// (``JSONValue``, Foundation's escaping and Swift's `description`) renders them, without building a
/// value tree.
///
/// Made with a `columnString`, it writes an event's fields as text columns instead
/// (``TraceJSONLines/appendFields(of:into:string:)``): the line's own object loses its braces, its
/// members are `key=value` separated by spaces, and its string values go to `columnString`; values
/// nested deeper are JSON as ever.
struct JSONLineWriter {
  var bytes: [UInt8]
  /// A member has been written in the current object, so the next one needs a comma.
  private var needsComma = false
  /// Writes the line's string members in the columns form; nil for JSON.
  private let columnString: ((String, inout [UInt8]) -> Void)?
  /// How many objects the writer is in: 1 in the line's own object.
  private var depth = 0

  init(into bytes: [UInt8], columnString: ((String, inout [UInt8]) -> Void)? = nil) {
    self.bytes = bytes
    self.columnString = columnString
  }

  /// True when writing the columns form and in the line's own object.
  private var inColumns: Bool { depth == 1 && columnString != nil }

  /// True when writing the columns form, which leaves out `t`, `kind` and `scene`.
  var writesColumns: Bool { columnString != nil }

  mutating func beginObject() {
    depth += 1
    needsComma = false
    if !inColumns { bytes.append(UInt8(ascii: "{")) }
  }

  mutating func endObject() {
    if !inColumns { bytes.append(UInt8(ascii: "}")) }
    depth -= 1
    needsComma = true
  }

  /// `"key":` (after a comma when needed), or `key=` (after a space) in the columns; keys are plain
  /// ASCII and need no escaping.
  mutating func key(_ key: StaticString) {
    let keyBytes = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
    if inColumns {
      if needsComma { bytes.append(UInt8(ascii: " ")) }
      bytes.append(contentsOf: keyBytes)
      bytes.append(UInt8(ascii: "="))
    } else {
      if needsComma { bytes.append(UInt8(ascii: ",")) }
      bytes.append(UInt8(ascii: "\""))
      bytes.append(contentsOf: keyBytes)
      bytes.append(UInt8(ascii: "\""))
      bytes.append(UInt8(ascii: ":"))
    }
    needsComma = true
  }

  mutating func string(_ key: StaticString, _ value: String) {
    self.key(key)
    if inColumns, let columnString {
      columnString(value, &bytes)
    } else {
      string(value)
    }
  }

  mutating func unsigned(_ key: StaticString, _ value: UInt64) {
    self.key(key)
    unsigned(value)
  }

  mutating func double(_ key: StaticString, _ value: Double) {
    self.key(key)
    double(value)
  }

  mutating func bool(_ key: StaticString, _ value: Bool) {
    self.key(key)
    bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
  }

  mutating func null(_ key: StaticString) {
    self.key(key)
    bytes.append(contentsOf: Self.nullBytes)
  }

  /// `[a,b,…]` of doubles.
  mutating func numbers(_ key: StaticString, _ values: Double...) {
    self.key(key)
    bytes.append(UInt8(ascii: "["))
    for (index, value) in values.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      double(value)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  private static let trueBytes = Array("true".utf8)
  private static let falseBytes = Array("false".utf8)
  private static let nullBytes = Array("null".utf8)

  /// Decimal digits of an unsigned integer.
  mutating func unsigned(_ value: UInt64) {
    guard value >= 10 else {
      bytes.append(UInt8(ascii: "0") + UInt8(value))
      return
    }
    var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes, enough for 20 digits
    let count = withUnsafeMutableBytes(of: &digits) { buffer -> Int in
      var remaining = value
      var index = buffer.count
      while remaining > 0 {
        index -= 1
        buffer[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
        remaining /= 10
      }
      bytes.append(contentsOf: buffer[index...])
      return buffer.count - index
    }
    _ = count
  }

  /// A double as ``JSONValue/numberText(_:)`` writes it: Swift's shortest round-trip `description`
  /// without a trailing `.0`. A whole number of magnitude up to 2⁵³ is written as its digits, which is
  /// what that `description` gives for it.
  mutating func double(_ value: Double) {
    if value == value.rounded(.towardZero) && value.magnitude <= 0x1p53 {
      if value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
      unsigned(UInt64(value.magnitude))
      return
    }
    bytes.append(contentsOf: JSONValue.numberText(value).utf8)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// A string as Foundation's `JSONEncoder` writes it with `.withoutEscapingSlashes`: `"` and `\`
  /// escaped, control characters as `\b \t \n \f \r` or `\u00XX` (lowercase hex), everything else as its
  /// UTF-8 bytes.
  mutating func string(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      var runStart = 0
      for (index, byte) in utf8.enumerated() {
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        runStart = index + 1
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
          bytes.append(contentsOf: [
            UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), Self.hexDigits[Int(byte >> 4)],
            Self.hexDigits[Int(byte & 0xF)],
          ])
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

extension TraceJSONLines {
  /// Appends one event's line to `bytes`, without a newline: the same bytes as ``encode(event:)``.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - bytes: The buffer the line is appended to (UTF-8).
  /// - Complexity: O(*n*) in the size of the event (regions, strings).
  public static func encode(event: TraceEvent, into bytes: inout [UInt8]) {
    var writer = JSONLineWriter(into: [])
    swap(&writer.bytes, &bytes)
    defer { swap(&writer.bytes, &bytes) }
    if !writeFast(event, &writer) {
      writer.bytes.append(contentsOf: referenceEncode(event: event).utf8)
    }
  }

  /// Appends the header's line to `bytes`, without a newline: the same bytes as ``encode(header:)``.
  public static func encode(header: TraceHeader, into bytes: inout [UInt8]) {
    var writer = JSONLineWriter(into: [])
    swap(&writer.bytes, &bytes)
    defer { swap(&writer.bytes, &bytes) }
    writer.beginObject()
    writer.string("kind", headerKind)
    writer.string("version", header.version.description)
    writer.string("device", header.device)
    writer.string("app", header.app)
    writer.string("recorder", header.recorder)
    if let wallClock = header.wallClockStart {
      // Exactly, as a signed integer: `-` and the magnitude's digits (-2⁶³ too).
      writer.key("wallClock")
      if wallClock < 0 { writer.bytes.append(UInt8(ascii: "-")) }
      writer.unsigned(wallClock.magnitude)
    }
    writer.endObject()
  }

  /// Appends an event's fields — the keys and JSON texts of ``fields(of:)``, in its order — to `bytes`
  /// as `key=value` pairs separated by single spaces (nothing for an event without fields): each value
  /// its JSON text, except that `string` appends a string value of the event's own (not one nested in an
  /// array or object) as it likes. Text columns use it to write a plain word without its quotes.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - bytes: The buffer the fields are appended to (UTF-8).
  ///   - string: Appends one string value to the buffer it is handed.
  /// - Complexity: O(*n*) in the size of the event (regions, elements, strings).
  public static func appendFields(
    of event: TraceEvent, into bytes: inout [UInt8], string: (String, inout [UInt8]) -> Void
  ) {
    withoutActuallyEscaping(string) { string in
      var writer = JSONLineWriter(into: [], columnString: string)
      swap(&writer.bytes, &bytes)
      defer { swap(&writer.bytes, &bytes) }
      guard !writeFast(event, &writer) else { return }
      // The kinds the fast path does not write: the reference's pairs, as `fields(of:)` renders them.
      for (index, pair) in eventPairs(event).dropFirst(event.scene == nil ? 2 : 3).enumerated() {
        if index > 0 { writer.bytes.append(UInt8(ascii: " ")) }
        writer.bytes.append(contentsOf: pair.0.utf8)
        writer.bytes.append(UInt8(ascii: "="))
        if case .string(let text) = pair.1.kind {
          string(text, &writer.bytes)
        } else {
          writer.bytes.append(contentsOf: pair.1.rendered().utf8)
        }
      }
    }
  }

  /// The reference encoding of an event: ``JSONValue``'s rendering of ``eventPairs(_:)``. The
  /// differential tests hold ``encode(event:into:)`` to it; kinds the fast path does not write use it.
  package static func referenceEncode(event: TraceEvent) -> String {
    JSONValue.object(eventPairs(event)).rendered()
  }

  /// The reference encoding of a header line.
  package static func referenceEncode(header: TraceHeader) -> String {
    JSONValue.object(headerPairs(header)).rendered()
  }

  /// Writes the kinds the fast path knows; false (nothing written) for any other.
  private static func writeFast(_ event: TraceEvent, _ writer: inout JSONLineWriter) -> Bool {
    func start(_ kind: StaticString, scene: SceneID?) {
      writer.beginObject()
      // The columns show the time, the scene and the kind themselves.
      guard !writer.writesColumns else { return }
      writer.unsigned("t", event.time)
      writer.key("kind")
      writer.string(kind.description)
      if let scene { writer.unsigned("scene", UInt64(scene.rawValue)) }
    }
    switch event.payload {
    case .sceneConnected(let scene, let display, let scale):
      start("sceneConnected", scene: scene)
      writer.string("display", display.rawValue)
      writer.double("scale", scale)
    case .sceneDisconnected(let scene):
      start("sceneDisconnected", scene: scene)
    case .geometry(let scene, let geometry):
      start("geometry", scene: scene)
      let size = geometry.size
      let insets = geometry.safeArea
      writer.numbers("size", size.width, size.height)
      writer.numbers("safeArea", insets.top, insets.leading, insets.bottom, insets.trailing)
      writer.string("horizontal", geometry.horizontal.rawValue)
      writer.string("vertical", geometry.vertical.rawValue)
      writer.bool("interactive", geometry.isInteractivelyResizing)
      if geometry.verticalBarEdge != .none {
        writer.string("verticalBarEdge", geometry.verticalBarEdge.rawValue)
      }
      if let minimum = geometry.minimumSize { writer.numbers("minSize", minimum.width, minimum.height) }
      if let maximum = geometry.maximumSize { writer.numbers("maxSize", maximum.width, maximum.height) }
    case .hinge(let hinge):
      start("hinge", scene: nil)
      writer.string("status", hinge.status.rawValue)
      if let angle = hinge.angle { writer.double("angle", angle) }
    case .regions(let scene, let regions):
      start("regions", scene: scene)
      writer.key("regions")
      writer.bytes.append(UInt8(ascii: "["))
      for (index, region) in regions.enumerated() {
        if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
        let frame = region.frame
        writer.beginObject()
        writer.string("kind", region.kind.rawValue)
        writer.numbers("frame", frame.x, frame.y, frame.width, frame.height)
        writer.bool("active", region.isActive)
        writer.endObject()
      }
      writer.bytes.append(UInt8(ascii: "]"))
    case .traits(let scene, let traits):
      start("traits", scene: scene)
      writer.string("dynamicType", traits.contentSizeCategory.rawValue)
      writer.bool("reduceMotion", traits.reduceMotion)
      writer.bool("crossFade", traits.prefersCrossFade)
      writer.bool("reduceTransparency", traits.reduceTransparency)
      writer.string("direction", traits.layoutDirection.rawValue)
    case .scroll(let scene, let offset, let anchor, let anchorTop):
      // A format 1.1 scroll with the app's anchorTop takes the reference path.
      guard anchorTop == nil else { return false }
      start("scroll", scene: scene)
      writer.numbers("offset", offset.x, offset.y)
      if let anchor { writer.string("anchor", anchor) }
    case .selection(let scene, let item):
      start("selection", scene: scene)
      if let item { writer.string("item", item) } else { writer.null("item") }
    case .marker(let label):
      start("marker", scene: nil)
      writer.string("label", label)
    case .dropped(let count):
      start("dropped", scene: nil)
      writer.unsigned("count", count)
    case .cut:
      start("cut", scene: nil)
    case _:
      return false
    }
    writer.endObject()
    return true
  }
}
