/// One value of a line parsed by ``JSONLineScanner``, in document order: a container comes before its
/// children, an object's children alternate key (a string node) and value.
struct JSONTapeNode {
  enum Kind: UInt8 {
    case object, array, string, number, bool, null
  }

  /// A number's value (finite, checked when parsed).
  var double: Double = 0
  /// A string's first byte after its opening quote; a number's first byte.
  var start: Int32
  /// A string's closing quote; a number's end.
  var end: Int32 = 0
  /// The index just past this node's subtree.
  var next: Int32 = 0
  /// A container's elements, or an object's members.
  var count: Int32 = 0
  /// How many of them follow on the tape (``JSONLineScanner/Schema``): the first `stored` elements, or
  /// the members no reader can want left out; at most `count`.
  var stored: Int32 = 0
  var kind: Kind
  /// A string holds an escape; a number is a plain integer literal (no fraction, no exponent); a bool's
  /// value.
  var flag = false
  /// A string is ASCII without escapes, so its bytes are its value and compare as its value does.
  var plain = false
}

/// The fast path of the JSON Lines decoder: parses one line into a tape of ``JSONTapeNode``s, checking
/// everything the reference reading (``JSONValue``, Foundation's `JSONDecoder`) checks, and reuses
/// its storage from line to line.
///
/// Errors come in the reference's order: a line nested deeper than ``JSONLineCheck/limit`` first, then
/// text that is not JSON, then the first bad string, out-of-range number or repeated key in document
/// order.
///
/// - Complexity: O(*n*) in the line's length; each byte is looked at a bounded number of times.
struct JSONLineScanner: Sendable {
  /// The values a reader may read, so that the tape holds only those: everything else is parsed and
  /// checked as fully as before but leaves no node, which bounds the tape by the schema rather than by
  /// the line (1.3 M `{}` in an unknown key cost 1.3 M nodes, 32 bytes each).
  ///
  /// The line's object keeps the members under `rootKeys`; an array there keeps its first
  /// `wideLimit` elements under `wideKeys` (the readers refuse a longer one by its count before reading
  /// any), else its first `narrowLimit` (the longest number array read); an object element of a wide
  /// array keeps the members under `elementKeys`, whose arrays keep `narrowLimit` elements. Any other
  /// container is a node without children (its type and count still read). A value under a repeated
  /// key is never kept (the line is refused).
  struct Schema: Sendable {
    var rootKeys: Set<String>
    var wideKeys: Set<String>
    var elementKeys: Set<String>
    var wideLimit: Int
    var narrowLimit: Int
    /// The longest key in either set, in bytes: a longer plain key is in neither.
    var longestKey: Int { (rootKeys.union(elementKeys)).map(\.utf8.count).max() ?? 0 }
  }

  /// What to keep of the value being parsed.
  private enum Shape {
    case skip, leaf, everything, root, rootField(wide: Bool), element, elementField
  }

  /// Nil keeps every value.
  let schema: Schema?
  private let longestKey: Int

  private(set) var nodes: [JSONTapeNode] = []
  /// The first bad string, number or repeated key seen, with its path; parsing goes on to find syntax
  /// errors.
  private var firstFailure: (path: String, reason: String)?
  /// The path to the value being parsed: an object member's key (`start` -1: none yet), or an array
  /// element's index.
  private var path: [(key: KeySpan, index: Int32)] = []
  /// Values under a repeated key are being parsed (their bad strings and numbers do not count).
  private var shadowDepth = 0
  /// The key nodes of the objects being parsed, innermost last; `keyBases` marks where each starts. An
  /// object's first 16 keys only: the rest are in its table.
  private var keys: [KeySpan] = []
  private var keyBases: [Int] = []
  /// For objects of more than 16 members, their keys by hash (a pairwise check would be quadratic).
  private var keyTables: [KeyTable?] = []

  /// One object's keys as an open-addressing hash set, linear probing. A slot holds a key's
  /// `start + 1` (high 32 bits) and the low 32 bits of its value's hash (0: empty): 8 bytes a member
  /// however long its key, at most 32 (three eighths full after growing, and the old slots while they are
  /// copied). A key's end and form are read again from the line when hashes agree.
  private struct KeyTable {
    /// A power of two of slots, at most three quarters full.
    var slots = [UInt64](repeating: 0, count: 64)
    var count = 0
  }

  /// A key's place in the line, kept for repeated-key checks and error paths whether or not its member
  /// is on the tape.
  private struct KeySpan {
    var start: Int32
    var end: Int32
    var escaped: Bool
    var plain: Bool
    static let none = KeySpan(start: -1, end: -1, escaped: false, plain: true)
  }

  init(schema: Schema? = nil) {
    self.schema = schema
    longestKey = schema?.longestKey ?? 0
  }

  /// A line that does not parse: why, and where.
  struct Failure: Error, Equatable {
    /// The field path (`offset[1]`), or nil for the line as a whole.
    var field: String?
    var reason: String
  }

  /// Parses `bytes`, valid UTF-8, into ``nodes``; the root is node 0.
  ///
  /// - Throws: ``Failure`` naming the first problem as the reference would.
  mutating func parse(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
    nodes.removeAll(keepingCapacity: true)
    path.removeAll(keepingCapacity: true)
    keys.removeAll(keepingCapacity: true)
    keyBases.removeAll(keepingCapacity: true)
    keyTables.removeAll(keepingCapacity: true)
    firstFailure = nil
    shadowDepth = 0
    var cursor = Cursor(bytes)
    do throws(JSONLineScannerSyntax) {
      try parseValue(&cursor, depth: 1, schema == nil ? .everything : .root)
      cursor.skipWhitespace()
      if !cursor.atEnd { throw JSONLineScannerSyntax(offset: cursor.offset, expected: "the end of the line") }
    } catch {
      if let tooDeep = JSONLineCheck.failure(in: bytes) { throw Failure(reason: tooDeep) }
      let found =
        error.offset < bytes.count
        ? JSONCharacter.name(startOf: bytes[error.offset...]) : "the end of the line"
      throw Failure(
        reason: "not valid JSON: expected \(error.expected) at byte \(error.offset + 1), found \(found)")
    }
    if let firstFailure {
      throw Failure(field: firstFailure.path.isEmpty ? nil : firstFailure.path, reason: firstFailure.reason)
    }
  }

  // MARK: Values

  private mutating func parseValue(
    _ cursor: inout Cursor, depth: Int, _ shape: Shape
  ) throws(JSONLineScannerSyntax) {
    let keep: Bool
    if case .skip = shape { keep = false } else { keep = true }
    cursor.skipWhitespace()
    guard let byte = cursor.peek() else {
      throw JSONLineScannerSyntax(offset: cursor.offset, expected: "a value")
    }
    switch byte {
    case UInt8(ascii: "{"):
      guard depth <= JSONLineCheck.limit else {
        throw JSONLineScannerSyntax(offset: cursor.offset, expected: "")
      }
      try parseObject(&cursor, depth: depth, shape)
    case UInt8(ascii: "["):
      guard depth <= JSONLineCheck.limit else {
        throw JSONLineScannerSyntax(offset: cursor.offset, expected: "")
      }
      try parseArray(&cursor, depth: depth, shape)
    case UInt8(ascii: "\""):
      let node = try parseString(&cursor, isKey: false)
      if keep { append(node) }
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try parseNumber(&cursor, keep: keep)
    case UInt8(ascii: "t"):
      try cursor.expect("true")
      if keep { append(JSONTapeNode(start: Int32(cursor.offset - 4), kind: .bool, flag: true)) }
    case UInt8(ascii: "f"):
      try cursor.expect("false")
      if keep { append(JSONTapeNode(start: Int32(cursor.offset - 5), kind: .bool, flag: false)) }
    case UInt8(ascii: "n"):
      try cursor.expect("null")
      if keep { append(JSONTapeNode(start: Int32(cursor.offset - 4), kind: .null)) }
    default:
      throw JSONLineScannerSyntax(offset: cursor.offset, expected: "a value")
    }
  }

  /// Appends a leaf node.
  private mutating func append(_ node: JSONTapeNode) {
    var node = node
    node.next = Int32(nodes.count + 1)
    nodes.append(node)
  }

  private mutating func parseArray(
    _ cursor: inout Cursor, depth: Int, _ shape: Shape
  ) throws(JSONLineScannerSyntax) {
    let index = nodes.count
    // What to keep of the first `cap` elements; later ones are not kept.
    let (cap, element): (Int, Shape) =
      switch shape {
      case .everything: (.max, .everything)
      case .rootField(let wide):
        wide ? (schema!.wideLimit, .element) : (schema!.narrowLimit, .leaf)
      case .elementField: (schema!.narrowLimit, .leaf)
      default: (0, .skip)
      }
    let keep: Bool
    if case .skip = shape { keep = false } else { keep = true }
    if keep { nodes.append(JSONTapeNode(start: Int32(cursor.offset), kind: .array)) }
    cursor.advance()
    cursor.skipWhitespace()
    var count: Int32 = 0
    if cursor.peek() == UInt8(ascii: "]") {
      cursor.advance()
    } else {
      path.append((key: .none, index: 0))
      while true {
        path[path.count - 1].index = count
        try parseValue(&cursor, depth: depth + 1, Int(count) < cap ? element : .skip)
        count += 1
        cursor.skipWhitespace()
        guard let byte = cursor.peek() else {
          throw JSONLineScannerSyntax(offset: cursor.offset, expected: "',' or ']'")
        }
        cursor.advance()
        if byte == UInt8(ascii: "]") { break }
        guard byte == UInt8(ascii: ",") else {
          throw JSONLineScannerSyntax(offset: cursor.offset - 1, expected: "',' or ']'")
        }
      }
      path.removeLast()
    }
    if keep {
      nodes[index].count = count
      nodes[index].stored = Int32(min(Int(count), cap))
      nodes[index].next = Int32(nodes.count)
    }
  }

  private mutating func parseObject(
    _ cursor: inout Cursor, depth: Int, _ shape: Shape
  ) throws(JSONLineScannerSyntax) {
    let index = nodes.count
    let keep: Bool
    if case .skip = shape { keep = false } else { keep = true }
    if keep { nodes.append(JSONTapeNode(start: Int32(cursor.offset), kind: .object)) }
    cursor.advance()
    cursor.skipWhitespace()
    var count: Int32 = 0
    var stored: Int32 = 0
    if cursor.peek() == UInt8(ascii: "}") {
      cursor.advance()
    } else {
      keyBases.append(keys.count)
      keyTables.append(nil)
      path.append((key: .none, index: -1))
      while true {
        cursor.skipWhitespace()
        guard cursor.peek() == UInt8(ascii: "\"") else {
          throw JSONLineScannerSyntax(offset: cursor.offset, expected: "a key (a string)")
        }
        let keyNode = try parseString(&cursor, isKey: true)
        let key = KeySpan(start: keyNode.start, end: keyNode.end, escaped: keyNode.flag, plain: keyNode.plain)
        path[path.count - 1].key = key
        let repeated = isRepeated(key, cursor.bytes)
        if repeated {
          fail(
            JSONValue.repeatedKeyReason(decodedString(key, cursor.bytes), byte: Int(key.start)), cursor.bytes)
        }
        cursor.skipWhitespace()
        guard cursor.peek() == UInt8(ascii: ":") else {
          throw JSONLineScannerSyntax(offset: cursor.offset, expected: "':' after the key")
        }
        cursor.advance()
        let member = repeated ? .skip : memberShape(shape, key, cursor.bytes)
        if case .skip = member {
        } else {
          append(keyNode)
          stored += 1
        }
        if repeated { shadowDepth += 1 }
        try parseValue(&cursor, depth: depth + 1, member)
        if repeated { shadowDepth -= 1 }
        count += 1
        cursor.skipWhitespace()
        guard let byte = cursor.peek() else {
          throw JSONLineScannerSyntax(offset: cursor.offset, expected: "',' or '}'")
        }
        cursor.advance()
        if byte == UInt8(ascii: "}") { break }
        guard byte == UInt8(ascii: ",") else {
          throw JSONLineScannerSyntax(offset: cursor.offset - 1, expected: "',' or '}'")
        }
      }
      path.removeLast()
      keys.removeSubrange(keyBases.removeLast()...)
      keyTables.removeLast()
    }
    if keep {
      nodes[index].count = count
      nodes[index].stored = stored
      nodes[index].next = Int32(nodes.count)
    }
  }

  /// What to keep of the value of `key` in an object kept as `shape`.
  private func memberShape(_ shape: Shape, _ key: KeySpan, _ bytes: UnsafeRawBufferPointer) -> Shape {
    switch shape {
    case .everything: return .everything
    case .root:
      guard let name = schemaName(key, bytes), schema!.rootKeys.contains(name) else { return .skip }
      return .rootField(wide: schema!.wideKeys.contains(name))
    case .element:
      guard let name = schemaName(key, bytes), schema!.elementKeys.contains(name) else { return .skip }
      return .elementField
    default: return .skip
    }
  }

  /// The key's value when it may be a schema key: nil for a plain key longer than any (so a long key
  /// costs no string).
  private func schemaName(_ key: KeySpan, _ bytes: UnsafeRawBufferPointer) -> String? {
    if key.plain && Int(key.end - key.start) > longestKey { return nil }
    return decodedString(key, bytes)
  }

  /// Whether the object being parsed already has the key at `keyIndex` (as Swift compares strings, so as
  /// the reference's dictionary does), and records it.
  private mutating func isRepeated(_ key: KeySpan, _ bytes: UnsafeRawBufferPointer) -> Bool {
    let base = keyBases[keyBases.count - 1]
    let last = keyTables.count - 1
    if keys.count - base >= 16 {
      // Taken out of the array while it changes, so that its slots are not copied.
      var table: KeyTable
      if let existing = keyTables[last] {
        table = existing
        keyTables[last] = nil
      } else {
        table = KeyTable()
        for other in keys[base...] { _ = insert(other, into: &table, bytes) }
      }
      let inserted = insert(key, into: &table, bytes)
      keyTables[last] = table
      return !inserted
    }
    var repeated = false
    for other in keys[base...] where !repeated {
      if key.plain && other.plain {
        repeated = bytesEqual(key, other, bytes)
      } else {
        repeated = decodedString(key, bytes) == decodedString(other, bytes)
      }
    }
    keys.append(key)
    return repeated
  }

  /// Adds `key` to `table` unless it holds an equal key (as Swift compares strings); whether it did.
  ///
  /// - Complexity: O(*n*) in the key's length, amortized, for a table of keys of distinct hashes.
  private func insert(_ key: KeySpan, into table: inout KeyTable, _ bytes: UnsafeRawBufferPointer) -> Bool {
    if (table.count + 1) * 4 > table.slots.count * 3 {
      var grown = [UInt64](repeating: 0, count: table.slots.count * 2)
      let mask = grown.count - 1
      for slot in table.slots where slot != 0 {
        var index = Int(slot & 0xFFFF_FFFF) & mask
        while grown[index] != 0 { index = (index + 1) & mask }
        grown[index] = slot
      }
      table.slots = grown
    }
    // Equal strings hash equally, canonically equivalent spellings included.
    let hash = UInt64(UInt32(truncatingIfNeeded: decodedString(key, bytes).hashValue))
    let mask = table.slots.count - 1
    var index = Int(hash) & mask
    while table.slots[index] != 0 {
      let slot = table.slots[index]
      if slot & 0xFFFF_FFFF == hash {
        let other = keySpan(at: Int32(truncatingIfNeeded: slot >> 32) - 1, bytes)
        let equal =
          key.plain && other.plain
          ? bytesEqual(key, other, bytes) : decodedString(key, bytes) == decodedString(other, bytes)
        if equal { return false }
      }
      index = (index + 1) & mask
    }
    table.slots[index] = UInt64(key.start + 1) << 32 | hash
    table.count += 1
    return true
  }

  /// The key whose text starts at `start`, a string that parsed: up to the first quote not escaped.
  private func keySpan(at start: Int32, _ bytes: UnsafeRawBufferPointer) -> KeySpan {
    var index = Int(start)
    var escaped = false
    var ascii = true
    while bytes[index] != UInt8(ascii: "\"") {
      if bytes[index] == UInt8(ascii: "\\") {
        escaped = true
        index += 2
      } else {
        if bytes[index] >= 0x80 { ascii = false }
        index += 1
      }
    }
    return KeySpan(start: start, end: Int32(index), escaped: escaped, plain: ascii && !escaped)
  }

  private func bytesEqual(_ a: KeySpan, _ b: KeySpan, _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard a.end - a.start == b.end - b.start, let base = bytes.baseAddress else { return false }
    return memoryEqual(base + Int(a.start), base + Int(b.start), count: Int(a.end - a.start))
  }

  private func decodedString(_ key: KeySpan, _ bytes: UnsafeRawBufferPointer) -> String {
    var node = JSONTapeNode(start: key.start, kind: .string, flag: key.escaped, plain: key.plain)
    node.end = key.end
    return JSONTape.string(node, bytes)
  }

  /// Records a bad string, number or repeated key unless an earlier one or a repeated key hides it.
  ///
  /// - Parameter inKey: The bad string is a key: the path names the object holding it (nil for the
  ///   line's own object), not the member being parsed, whose key is not yet known.
  private mutating func fail(_ reason: String, _ bytes: UnsafeRawBufferPointer, inKey: Bool = false) {
    guard firstFailure == nil, shadowDepth == 0 else { return }
    var text = ""
    for component in inKey ? path.dropLast() : path[...] {
      if component.key.start >= 0 {
        if !text.isEmpty { text += "." }
        text += JSONValue.excerpt(decodedString(component.key, bytes))
      } else {
        text += "[\(component.index)]"
      }
    }
    firstFailure = (text, reason)
  }

  // MARK: Strings

  /// Parses a string and returns its node, which the caller appends if it keeps it.
  private mutating func parseString(
    _ cursor: inout Cursor, isKey: Bool
  ) throws(JSONLineScannerSyntax) -> JSONTapeNode {
    cursor.advance()
    let start = cursor.offset
    var escaped = false
    var ascii = true
    var bad = false
    var control = false  // a raw control character, rather than a lone surrogate escape
    while true {
      guard let byte = cursor.peek() else {
        throw JSONLineScannerSyntax(offset: cursor.offset, expected: "'\"' closing the string")
      }
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        cursor.advance()
        guard let escape = cursor.peek() else {
          throw JSONLineScannerSyntax(offset: cursor.offset, expected: "an escape")
        }
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
          UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          cursor.advance()
        case UInt8(ascii: "u"):
          cursor.advance()
          let unit = try cursor.hex4()
          if unit >= 0xD800 && unit < 0xDC00 {
            // A high surrogate must be followed by an escaped low one.
            if cursor.peek() == UInt8(ascii: "\\") && cursor.peek(1) == UInt8(ascii: "u") {
              cursor.advance()
              cursor.advance()
              let low = try cursor.hex4()
              if !(low >= 0xDC00 && low < 0xE000) { bad = true }
            } else {
              bad = true
            }
          } else if unit >= 0xDC00 && unit < 0xE000 {
            bad = true
          }
        default:
          throw JSONLineScannerSyntax(
            offset: cursor.offset, expected: "an escape (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t, \\u)")
        }
        continue
      }
      if byte < 0x20 {
        bad = true  // a raw control character, in a key as in a value
        control = true
      } else if byte >= 0x80 {
        ascii = false
      }
      cursor.advance()
    }
    var node = JSONTapeNode(start: Int32(start), kind: .string, flag: escaped, plain: !escaped && ascii)
    node.end = Int32(cursor.offset)
    cursor.advance()
    if bad {
      if isKey {
        let what = control ? "a control character" : "a lone surrogate escape"
        fail(
          "\(JSONValue.invalidString): the key at byte \(start) holds \(what)", cursor.bytes, inKey: true)
      } else {
        fail(JSONValue.invalidString, cursor.bytes)
      }
    }
    return node
  }

  // MARK: Numbers

  /// 10⁰ … 10²², each exactly a double.
  static let exactPowers: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
    1e19, 1e20, 1e21, 1e22,
  ]

  /// Reads a number as JSON writes it; its value is the correctly rounded double (an exact product or
  /// quotient of two doubles when the digits and the exponent allow, as Clinger's fast path, else
  /// Swift's correctly rounding `Double(_:)`).
  private mutating func parseNumber(_ cursor: inout Cursor, keep: Bool) throws(JSONLineScannerSyntax) {
    let start = cursor.offset
    let negative = cursor.peek() == UInt8(ascii: "-")
    if negative { cursor.advance() }
    var mantissa: UInt64 = 0
    var digits = 0  // significant digits in `mantissa`
    var dropped = false  // more significant digits than `mantissa` holds
    var nonzero = false
    var exponent = 0
    guard let first = cursor.peek(), first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") else {
      throw JSONLineScannerSyntax(offset: cursor.offset, expected: "a digit")
    }
    func take(_ digit: UInt8, fraction: Bool) {
      let value = UInt64(digit &- UInt8(ascii: "0"))
      if value != 0 { nonzero = true }
      if digits == 0 && value == 0 {
        if fraction { exponent -= 1 }
        return
      }
      if digits < 19 {
        mantissa = mantissa &* 10 &+ value
        digits += 1
        if fraction { exponent -= 1 }
      } else {
        if value != 0 { dropped = true }
        if !fraction { exponent += 1 }
      }
    }
    if first == UInt8(ascii: "0") {
      cursor.advance()
    } else {
      while let byte = cursor.peek(), byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        take(byte, fraction: false)
        cursor.advance()
      }
    }
    var plain = true
    if cursor.peek() == UInt8(ascii: ".") {
      plain = false
      cursor.advance()
      guard let byte = cursor.peek(), byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else {
        throw JSONLineScannerSyntax(offset: cursor.offset, expected: "a digit after '.'")
      }
      while let byte = cursor.peek(), byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        take(byte, fraction: true)
        cursor.advance()
      }
    }
    if cursor.peek() == UInt8(ascii: "e") || cursor.peek() == UInt8(ascii: "E") {
      plain = false
      cursor.advance()
      var exponentNegative = false
      if cursor.peek() == UInt8(ascii: "+") || cursor.peek() == UInt8(ascii: "-") {
        exponentNegative = cursor.peek() == UInt8(ascii: "-")
        cursor.advance()
      }
      guard let byte = cursor.peek(), byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else {
        throw JSONLineScannerSyntax(offset: cursor.offset, expected: "a digit in the exponent")
      }
      var explicit = 0
      while let byte = cursor.peek(), byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        explicit = min(explicit * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
        cursor.advance()
      }
      exponent += exponentNegative ? -explicit : explicit
    }
    let end = cursor.offset
    var value: Double
    if !nonzero {
      value = 0
    } else if !dropped && mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
      value = Double(mantissa)
      value = exponent >= 0 ? value * Self.exactPowers[exponent] : value / Self.exactPowers[-exponent]
    } else {
      let text = String(decoding: UnsafeRawBufferPointer(rebasing: cursor.bytes[start..<end]), as: UTF8.self)
      value = Double(text).map(\.magnitude) ?? .infinity
    }
    if negative { value = -value }
    var node = JSONTapeNode(start: Int32(start), kind: .number, flag: plain)
    node.end = Int32(end)
    node.double = value
    if keep { append(node) }
    if !value.isFinite || (value == 0 && nonzero) {
      fail(JSONValue.numberOutOfRange, cursor.bytes)
    }
  }
}

/// Where a line stops being JSON, and what should have come there.
private struct JSONLineScannerSyntax: Error {
  var offset: Int
  var expected: String
}

/// A byte position in a line.
private struct Cursor {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  var atEnd: Bool { offset >= bytes.count }

  @inline(__always) func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
  @inline(__always) func peek(_ ahead: Int) -> UInt8? {
    offset + ahead < bytes.count ? bytes[offset + ahead] : nil
  }
  @inline(__always) mutating func advance() { offset += 1 }

  /// Skips JSON whitespace: space, tab, line feed, carriage return.
  @inline(__always) mutating func skipWhitespace() {
    while offset < bytes.count {
      let byte = bytes[offset]
      guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
      offset += 1
    }
  }

  /// Consumes `word` (`true`, `false`, `null`).
  mutating func expect(_ word: StaticString) throws(JSONLineScannerSyntax) {
    let count = word.utf8CodeUnitCount
    for index in 0..<count {
      guard offset < bytes.count, bytes[offset] == word.utf8Start[index] else {
        throw JSONLineScannerSyntax(offset: offset, expected: "'\(word)'")
      }
      offset += 1
    }
  }

  /// Four hex digits of a `\u` escape.
  mutating func hex4() throws(JSONLineScannerSyntax) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek() else { throw JSONLineScannerSyntax(offset: offset, expected: "a hex digit") }
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw JSONLineScannerSyntax(offset: offset, expected: "a hex digit")
      }
      value = value << 4 | digit
      offset += 1
    }
    return value
  }
}
