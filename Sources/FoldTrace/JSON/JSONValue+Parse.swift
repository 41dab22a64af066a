extension JSONValue {
  /// Where and why JSON text could not be parsed.
  package struct ParseError: Error, Sendable, Equatable {
    /// The 1-based line.
    package var line: Int
    /// The 1-based column, in bytes.
    package var column: Int
    /// The key, when the error is a duplicate key; nil otherwise.
    package var key: String?
    /// What is wrong.
    package var message: String
    /// The path of the value being read when the error was found, as `timeline[3].duration` (the
    /// duplicate key's own path for a duplicate); empty at the root.
    package var path = ""
  }

  /// The deepest nesting of arrays and objects ``parse(_:)`` accepts: it bounds the parser's recursion.
  package static let depthLimit = 64

  /// Parses JSON text (RFC 8259) into values that remember their positions.
  ///
  /// Strict where RFC 8259 is: `\u` takes exactly four hex digits, and a UTF-16 surrogate escape must be
  /// half of a pair (`"\ud83d\ude00"` is one scalar, as Python's `json` writes it); a lone one is refused.
  /// Duplicate keys are refused. A number must follow the grammar and be held by a 64-bit double: one
  /// over 1.8e308 in magnitude, or not zero but under 5e-324 (which would read as zero), is refused as
  /// out of range.
  ///
  /// - Parameter text: The whole document.
  /// - Returns: The root value.
  /// - Throws: ``ParseError`` with the line and column of the first syntax error, duplicate key, number
  ///   out of range, or value nested deeper than ``depthLimit``.
  /// - Complexity: O(n) in the text's length.
  package static func parse(_ text: String) throws(ParseError) -> JSONValue {
    try FlatJSON.parse(text).value(FlatJSON.root)
  }
}

extension FlatJSON {
  /// Parses JSON text (RFC 8259) into a tape, with the checks and errors of ``JSONValue/parse(_:)``.
  ///
  /// The tape's capacity is reserved from the text and never grows (``JSONParser/reserveTape()``): at
  /// most one entry per two bytes of text, and one line start per newline.
  ///
  /// - Parameter text: The whole document.
  /// - Returns: The tape: 8 bytes an entry, 4 a line, besides a copy of the text.
  /// - Throws: ``JSONValue/ParseError`` with the line and column of the first syntax error, duplicate
  ///   key, number out of range, or value nested deeper than ``JSONValue/depthLimit``.
  /// - Complexity: O(n) in the text's length.
  package static func parse(_ text: String) throws(JSONValue.ParseError) -> FlatJSON {
    try parse(utf8: Array(text.utf8))
  }

  /// Parses JSON text given as its UTF-8 bytes, which the tape keeps (no copy is made): as
  /// ``parse(_:)``. Bytes that are not valid UTF-8 are read as `String(decoding:as:)` repairs them.
  package static func parse(utf8 bytes: [UInt8]) throws(JSONValue.ParseError) -> FlatJSON {
    var parser = JSONParser(bytes: bytes)
    parser.reserveTape()
    parser.skipSpace()
    try parser.value(depth: 0)
    parser.skipSpace()
    if parser.index < parser.bytes.count { throw parser.error("unexpected text after the JSON value") }
    return FlatJSON(bytes: parser.bytes, entries: parser.entries, lineStarts: parser.lineStarts)
  }
}

/// The parser's cursor over UTF-8 bytes, and the tape it writes.
struct JSONParser {
  let bytes: [UInt8]
  var index = 0
  var line = 1
  var lineStart = 0
  /// The tape's entries written so far; a container's `end` is set when it closes.
  var entries: [FlatJSON.Entry] = []
  /// The start of every line reached so far.
  var lineStarts: [UInt32] = [0]
  /// The keys and indices from the root to the value being read, for errors.
  var path: [PathStep] = []

  /// One step of ``path``: a member's key or an element's index.
  enum PathStep {
    case key(String)
    case index(Int)
  }

  /// ``path`` as a field path: keys joined by `.`, indices in brackets (`timeline[3].duration`).
  /// - Complexity: O(d) in the depth, paid only for an error.
  static func render(_ path: [PathStep]) -> String {
    var out = ""
    for step in path {
      switch step {
      case .key(let key): out += out.isEmpty ? JSONValue.excerpt(key) : ".\(JSONValue.excerpt(key))"
      case .index(let index): out += "[\(index)]"
      }
    }
    return out
  }

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Reserves the tape's entries and line starts for the whole text, so that neither grows: one line
  /// start per newline, and one entry for the root and per `,`, `:`, `[` and `{` (inside strings too),
  /// but never more than (n − l + 65) / 2 for n bytes in l + 1 lines. Both bound the entries: every entry
  /// but the root follows its own `,` or `:`, or opens its container's contents; and it owns its first
  /// byte and that `,` or `:`, or its container's closing byte (64 containers at most stay unclosed).
  /// - Complexity: O(n) in the text's length, one pass without branches on its structure.
  mutating func reserveTape() {
    var newlines = 0
    var openings = 0
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "\n"): newlines += 1
      case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "{"): openings += 1
      default: break
      }
    }
    lineStarts.reserveCapacity(newlines + 1)
    entries.reserveCapacity(min(openings + 1, (bytes.count - newlines + JSONValue.depthLimit + 1) / 2))
  }

  var column: Int { index - lineStart + 1 }

  func error(_ message: String) -> JSONValue.ParseError {
    JSONValue.ParseError(line: line, column: column, key: nil, message: message, path: Self.render(path))
  }

  /// An error at byte `position` of the current line.
  func error(_ message: String, at position: Int) -> JSONValue.ParseError {
    JSONValue.ParseError(
      line: line, column: position - lineStart + 1, key: nil, message: message, path: Self.render(path))
  }

  mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\n"):
        index += 1
        line += 1
        lineStart = index
        lineStarts.append(UInt32(index))
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
      default: return
      }
    }
  }

  /// Appends the entry of a scalar or a key that starts at `offset`.
  mutating func scalar(at offset: Int) {
    entries.append(FlatJSON.Entry(offset: UInt32(offset), end: UInt32(entries.count + 1)))
  }

  /// Reads one value and its subtree onto the tape.
  mutating func value(depth: Int) throws(JSONValue.ParseError) {
    guard depth < JSONValue.depthLimit else {
      throw error(
        "nesting depth limit exceeded: more than \(JSONValue.depthLimit) levels of arrays and objects")
    }
    guard index < bytes.count else { throw error("unexpected end of file: expected a value") }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let entry = entries.count
      entries.append(FlatJSON.Entry(offset: UInt32(start), end: 0))
      if bytes[index] == UInt8(ascii: "{") { try object(depth: depth) } else { try array(depth: depth) }
      entries[entry].end = UInt32(entries.count)
    case UInt8(ascii: "\""):
      _ = try string(keep: false)
      scalar(at: start)
    case UInt8(ascii: "t"):
      try literal("true")
      scalar(at: start)
    case UInt8(ascii: "f"):
      try literal("false")
      scalar(at: start)
    case UInt8(ascii: "n"):
      try literal("null")
      scalar(at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try number()
      scalar(at: start)
    default:
      throw error("unexpected character \(JSONCharacter.name(startOf: bytes[index...])): expected a value")
    }
  }

  mutating func literal(_ word: StaticString) throws(JSONValue.ParseError) {
    let count = word.utf8CodeUnitCount
    let matches = word.withUTF8Buffer { w in
      index + count <= bytes.count && (0..<count).allSatisfy { bytes[index + $0] == w[$0] }
    }
    guard matches else { throw error("invalid literal: expected \(word)") }
    index += count
  }

  mutating func object(depth: Int) throws(JSONValue.ParseError) {
    index += 1
    // The keys read so far, so that a duplicate is found in O(1) and an object parses in linear time.
    var keys: Set<String> = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a key in double quotes")
      }
      let (keyStart, keyLine, keyColumn) = (index, line, column)
      let key = try string(keep: true)
      if !keys.insert(key).inserted {
        throw JSONValue.ParseError(
          line: keyLine, column: keyColumn, key: key,
          message: "duplicate key \"\(JSONValue.excerpt(key))\"", path: Self.render(path + [.key(key)]))
      }
      scalar(at: keyStart)
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':' after key")
      }
      index += 1
      skipSpace()
      path.append(.key(key))
      try value(depth: depth + 1)
      path.removeLast()
      skipSpace()
      guard index < bytes.count else { throw error("unexpected end of file: expected ',' or '}'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}' in object") }
      index += 1
      return
    }
  }

  mutating func array(depth: Int) throws(JSONValue.ParseError) {
    index += 1
    var count = 0
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return
    }
    while true {
      skipSpace()
      path.append(.index(count))
      try value(depth: depth + 1)
      count += 1
      path.removeLast()
      skipSpace()
      guard index < bytes.count else { throw error("unexpected end of file: expected ',' or ']'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']' in array") }
      index += 1
      return
    }
  }

  /// Reads the string that starts at ``index``, checking every escape, and returns it decoded when
  /// `keep` is true (a key, or a string read from a tape), or "" when only its validity matters.
  mutating func string(keep: Bool) throws(JSONValue.ParseError) -> String {
    index += 1
    let start = index
    // The decoded bytes, filled only from the first escape on: a string without one is its own bytes.
    var out: [UInt8] = []
    var escaped = false
    while index < bytes.count {
      let b = bytes[index]
      switch b {
      case UInt8(ascii: "\""):
        index += 1
        guard keep else { return "" }
        return escaped
          ? String(decoding: out, as: UTF8.self) : String(decoding: bytes[start..<index - 1], as: UTF8.self)
      case UInt8(ascii: "\\"):
        if keep, !escaped {
          escaped = true
          out.append(contentsOf: bytes[start..<index])
        }
        let escape = index
        index += 1
        guard index < bytes.count else { break }
        let e = bytes[index]
        index += 1
        let decoded: UInt8
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded = e
        case UInt8(ascii: "n"): decoded = 10
        case UInt8(ascii: "t"): decoded = 9
        case UInt8(ascii: "r"): decoded = 13
        case UInt8(ascii: "b"): decoded = 8
        case UInt8(ascii: "f"): decoded = 12
        case UInt8(ascii: "u"):
          guard let code = hexQuad(at: index) else {
            throw error("invalid \\u escape: expected four hex digits", at: escape)
          }
          index += 4
          var value = UInt32(code)
          if (0xD800...0xDBFF).contains(code) {
            // A high surrogate: the low half must follow as the next escape.
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u"), let low = hexQuad(at: index + 2),
              (0xDC00...0xDFFF).contains(low)
            else { throw error("lone surrogate \\u\(hex(code)): no low surrogate follows", at: escape) }
            index += 6
            value = 0x10000 + (UInt32(code - 0xD800) << 10) + UInt32(low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(code) {
            throw error("lone surrogate \\u\(hex(code)): no high surrogate before it", at: escape)
          }
          // Not a surrogate, or a pair joined: always a scalar.
          if keep { UTF8.encode(Unicode.Scalar(value)!) { out.append($0) } }
          continue
        default: throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
        }
        if keep { out.append(decoded) }
      case 0..<0x20:
        throw error("control character in string (a string cannot span lines)")
      default:
        if escaped { out.append(b) }
        index += 1
      }
    }
    throw error("unterminated string")
  }

  /// The four hex digits at `position` as a UTF-16 code unit; nil unless all four are there.
  func hexQuad(at position: Int) -> UInt16? {
    guard position + 4 <= bytes.count else { return nil }
    var code: UInt16 = 0
    for byte in bytes[position..<position + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      code = code << 4 | UInt16(digit)
    }
    return code
  }

  /// A code unit as four uppercase hex digits, for messages.
  func hex(_ code: UInt16) -> String {
    let digits = String(code, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }

  /// Whether `byte` can stand in a number's text (`+-.eE` and the digits): what an error quotes as the
  /// number, and where a tape's number token ends.
  static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "e"), UInt8(ascii: "E"):
      true
    default: false
    }
  }

  /// Checks a number by RFC 8259's grammar (`-? int frac? exp?`) in one pass, and that a 64-bit double
  /// holds it. The double is computed only for a number with an exponent or over 300 bytes long: any
  /// other valid number is finite (under 1e300 in magnitude) and, when not zero, over 1e-300.
  mutating func number() throws(JSONValue.ParseError) {
    let start = index
    func digits() -> Int {
      let first = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      return index - first
    }
    func at(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }
    var valid = true
    var nonzero = false
    var exponent = false
    if at(UInt8(ascii: "-")) { index += 1 }
    let integer = index
    let integerDigits = digits()
    if integerDigits == 0 || (integerDigits > 1 && bytes[integer] == UInt8(ascii: "0")) { valid = false }
    nonzero = bytes[integer..<index].contains { $0 != UInt8(ascii: "0") }
    if valid, at(UInt8(ascii: ".")) {
      index += 1
      let fraction = index
      if digits() == 0 { valid = false }
      if bytes[fraction..<index].contains(where: { $0 != UInt8(ascii: "0") }) { nonzero = true }
    }
    if valid, at(UInt8(ascii: "e")) || at(UInt8(ascii: "E")) {
      exponent = true
      index += 1
      if at(UInt8(ascii: "+")) || at(UInt8(ascii: "-")) { index += 1 }
      if digits() == 0 { valid = false }
    }
    // What is named in an error: the number and any number-like characters stuck to it.
    var end = index
    while end < bytes.count, Self.isNumberByte(bytes[end]) { end += 1 }
    if valid, end == index, !exponent, end - start <= 300 { return }
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    guard valid, end == index, let value = Double(text) else {
      index = start
      throw error("invalid number '\(JSONValue.excerpt(text))'")
    }
    guard value.isFinite, value != 0 || !nonzero else {
      index = start
      throw error("number out of range for a 64-bit double: \(JSONValue.excerpt(text))")
    }
  }

  /// The number a valid JSON number's text writes exactly, when that is a whole number from 0 to
  /// 2⁶⁴ − 1, whatever its form: `1e19`, `1.5e3`, `1500.0` and `-0` are whole; `1.5`, `1e-1`, `-1` and
  /// `18446744073709551616` are not. Decimal, not through a double: `18446744073709551615.0` is 2⁶⁴ − 1,
  /// and `1.8446744073709551616e19` (2⁶⁴) is out of range although a double rounds both alike.
  /// - Complexity: O(n) in the text's length, without allocating.
  static func wholeNumber(_ text: ArraySlice<UInt8>) -> UInt64? {
    func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    var i = text.startIndex
    let negative = text[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    let integer = i
    while i < text.endIndex, isDigit(text[i]) { i += 1 }
    let integerCount = i - integer
    var fraction = i
    var fractionCount = 0
    if i < text.endIndex, text[i] == UInt8(ascii: ".") {
      i += 1
      fraction = i
      while i < text.endIndex, isDigit(text[i]) { i += 1 }
      fractionCount = i - fraction
    }
    // The exponent saturates far beyond any digit count a parsed text can hold.
    var exponent = 0
    if i < text.endIndex {
      i += 1
      let sign = text[i] == UInt8(ascii: "-") ? -1 : 1
      if !isDigit(text[i]) { i += 1 }
      while i < text.endIndex {
        exponent = min(exponent * 10 + Int(text[i] - UInt8(ascii: "0")), 1 << 40)
        i += 1
      }
      exponent *= sign
    }
    // The significant digits, integer then fraction, as one sequence 0..<count.
    let count = integerCount + fractionCount
    func digit(_ k: Int) -> UInt8 {
      (k < integerCount ? text[integer + k] : text[fraction + k - integerCount]) - UInt8(ascii: "0")
    }
    guard let last = (0..<count).last(where: { digit($0) != 0 }) else { return 0 }  // zero, -0 too
    let first = (0..<count).first { digit($0) != 0 }!
    // The value is digits first...last times 10^scale.
    let scale = exponent - fractionCount + (count - 1 - last)
    guard !negative, scale >= 0, last - first + 1 + scale <= 20 else { return nil }
    var value: UInt64 = 0
    for k in first...last {
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(UInt64(digit(k)))
      if overflow || carry { return nil }
      value = sum
    }
    for _ in 0..<scale {
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      if overflow { return nil }
      value = times
    }
    return value
  }
}
