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
  }

  /// Parses JSON text (RFC 8259) into values that remember their positions.
  ///
  /// - Parameter text: The whole document.
  /// - Returns: The root value.
  /// - Throws: ``ParseError`` with the line and column of the first syntax error or duplicate key.
  /// - Complexity: O(n) in the text's length; nesting deeper than 64 levels is refused.
  package static func parse(_ text: String) throws(ParseError) -> JSONValue {
    var parser = JSONParser(bytes: Array(text.utf8))
    parser.skipSpace()
    let root = try parser.value(depth: 0)
    parser.skipSpace()
    if parser.index < parser.bytes.count { throw parser.error("unexpected text after the JSON value") }
    return root
  }
}

/// The parser's cursor over UTF-8 bytes.
struct JSONParser {
  let bytes: [UInt8]
  var index = 0
  var line = 1
  var lineStart = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  var column: Int { index - lineStart + 1 }

  func error(_ message: String) -> JSONValue.ParseError {
    JSONValue.ParseError(line: line, column: column, key: nil, message: message)
  }

  mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\n"):
        index += 1
        line += 1
        lineStart = index
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
      default: return
      }
    }
  }

  mutating func value(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
    guard depth < 64 else { throw error("JSON nested more than 64 levels") }
    guard index < bytes.count else { throw error("unexpected end of file: expected a value") }
    let (startLine, startColumn) = (line, column)
    func node(_ kind: JSONValue.Kind) -> JSONValue {
      JSONValue(kind, line: startLine, column: startColumn)
    }
    switch bytes[index] {
    case UInt8(ascii: "{"): return node(try object(depth: depth))
    case UInt8(ascii: "["): return node(try array(depth: depth))
    case UInt8(ascii: "\""): return node(.string(try string()))
    case UInt8(ascii: "t"): try literal("true"); return node(.bool(true))
    case UInt8(ascii: "f"): try literal("false"); return node(.bool(false))
    case UInt8(ascii: "n"): try literal("null"); return node(.null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return node(try number())
    default:
      throw error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))': expected a value")
    }
  }

  mutating func literal(_ word: String) throws(JSONValue.ParseError) {
    let w = Array(word.utf8)
    guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
      throw error("invalid literal: expected \(word)")
    }
    index += w.count
  }

  mutating func object(depth: Int) throws(JSONValue.ParseError) -> JSONValue.Kind {
    index += 1
    var members: [JSONValue.Member] = []
    // The keys of `members`, so that a duplicate is found in O(1) and an object parses in linear time.
    var keys: Set<String> = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a key in double quotes")
      }
      let (keyLine, keyColumn) = (line, column)
      let key = try string()
      if !keys.insert(key).inserted {
        throw JSONValue.ParseError(
          line: keyLine, column: keyColumn, key: key, message: "duplicate key \"\(key)\"")
      }
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':' after key")
      }
      index += 1
      skipSpace()
      let value = try value(depth: depth + 1)
      members.append(JSONValue.Member(key: key, line: keyLine, column: keyColumn, value: value))
      skipSpace()
      guard index < bytes.count else { throw error("unexpected end of file: expected ',' or '}'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}' in object") }
      index += 1
      return .object(members)
    }
  }

  mutating func array(depth: Int) throws(JSONValue.ParseError) -> JSONValue.Kind {
    index += 1
    var items: [JSONValue] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      skipSpace()
      items.append(try value(depth: depth + 1))
      skipSpace()
      guard index < bytes.count else { throw error("unexpected end of file: expected ',' or ']'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']' in array") }
      index += 1
      return .array(items)
    }
  }

  mutating func string() throws(JSONValue.ParseError) -> String {
    index += 1
    var out: [UInt8] = []
    while index < bytes.count {
      let b = bytes[index]
      switch b {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: out, as: UTF8.self)
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { break }
        let e = bytes[index]
        index += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "n"): out.append(10)
        case UInt8(ascii: "t"): out.append(9)
        case UInt8(ascii: "r"): out.append(13)
        case UInt8(ascii: "b"): out.append(8)
        case UInt8(ascii: "f"): out.append(12)
        case UInt8(ascii: "u"):
          guard index + 4 <= bytes.count,
            let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
            let scalar = Unicode.Scalar(code)
          else { throw error("invalid \\u escape") }
          index += 4
          out.append(contentsOf: Array(String(Character(scalar)).utf8))
        default: throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
        }
      case 0..<0x20:
        throw error("control character in string (a string cannot span lines)")
      default:
        out.append(b)
        index += 1
      }
    }
    throw error("unterminated string")
  }

  mutating func number() throws(JSONValue.ParseError) -> JSONValue.Kind {
    let start = index
    let allowed = Set("+-.eE0123456789".utf8)
    while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite,
      text.wholeMatch(of: #/-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/#) != nil
    else {
      index = start
      throw error("invalid number '\(text)'")
    }
    return .number(JSONNumber(double: value, unsigned: UInt64(text), text: text))
  }
}
