/// What both readings of a JSON Lines line (the reference, ``JSONValue``, and the fast path,
/// ``JSONLineScanner``) refuse before anything else: nesting deeper than the limit, and the corners where
/// Foundation's `JSONDecoder` is more lenient than JSON (a trailing comma, a malformed number or escape in a
/// value it never reads). Also the names of places inside a line.
enum JSONLineCheck {
  /// The deepest nesting of arrays and objects a line may have, the line's own object counting as 1.
  /// The contract needs 4 (`regions[0].frame`); the rest is room for keys that later minor versions add.
  static let limit = 64

  /// The reason for a line nested deeper than ``limit``.
  static let tooDeep = "nested deeper than \(limit) arrays and objects (the limit)"

  /// The first of these, in document order, else nil:
  /// - more than ``limit`` arrays and objects open at once (``tooDeep``);
  /// - a comma followed by `]` or `}`;
  /// - a number that is not JSON's `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` (`01`, `1.`, `1e`, `-`);
  /// - a backslash in a string not followed by one of `"\/bfnrt` or by `u` and four hex digits.
  ///
  /// Strings run from a `"` to the next `"` not escaped by `\`; a number is the run of `0-9 . e E + -`
  /// from a `-` or digit outside strings. The check does not validate the rest of the syntax: on valid JSON
  /// it finds nothing, so a line the fast path parses never fails here, and a line it cannot parse is
  /// reported by the first of these when there is one, exactly as by the reference.
  ///
  /// - Complexity: O(*n*) in the number of bytes, no allocation.
  static func failure(in bytes: UnsafeRawBufferPointer) -> String? {
    var depth = 0
    var index = 0
    var lastSignificant: UInt8 = 0  // outside strings, the last byte that is not whitespace
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        while index < count && bytes[index] != UInt8(ascii: "\"") {
          if bytes[index] == UInt8(ascii: "\\") {
            if let bad = escapeFailure(bytes, at: index) { return bad }
          }
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        lastSignificant = UInt8(ascii: "\"")
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > limit { return tooDeep }
        lastSignificant = byte
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if lastSignificant == UInt8(ascii: ",") {
          return "not valid JSON: a trailing comma before '\(UnicodeScalar(byte))' at byte \(index + 1)"
        }
        depth -= 1
        lastSignificant = byte
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let start = index
        while index < count, isNumberByte(bytes[index]) { index += 1 }
        if !isJSONNumber(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) {
          return "not valid JSON: a malformed number at byte \(start + 1)"
        }
        lastSignificant = UInt8(ascii: "0")
        continue
      case 0x20, 0x09, 0x0A, 0x0D:
        break
      default:
        lastSignificant = byte
      }
      index += 1
    }
    return nil
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: "-")
  }

  private static func escapeFailure(_ bytes: UnsafeRawBufferPointer, at index: Int) -> String? {
    guard index + 1 < bytes.count else { return nil }  // an unterminated string: a syntax error
    switch bytes[index + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return nil
    case UInt8(ascii: "u"):
      let digits = bytes[min(index + 2, bytes.count)..<min(index + 6, bytes.count)]
      if digits.count == 4 && digits.allSatisfy(\.isHexDigit) { return nil }
    default: break
    }
    return "not valid JSON: a bad escape in a string at byte \(index + 1)"
  }

  /// Whether the bytes are one JSON number.
  static func isJSONNumber(_ text: UnsafeRawBufferPointer) -> Bool {
    var index = 0
    func digits() -> Int {
      let start = index
      while index < text.count && text[index] >= UInt8(ascii: "0") && text[index] <= UInt8(ascii: "9") {
        index += 1
      }
      return index - start
    }
    if index < text.count && text[index] == UInt8(ascii: "-") { index += 1 }
    guard index < text.count else { return false }
    if text[index] == UInt8(ascii: "0") {
      index += 1
    } else if digits() == 0 {
      return false
    }
    if index < text.count && text[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { return false }
    }
    if index < text.count && (text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E")) {
      index += 1
      if index < text.count && (text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-")) {
        index += 1
      }
      guard digits() > 0 else { return false }
    }
    return index == text.count
  }

  /// A coding path as a field path: keys joined by dots, array elements as `[i]` (`e[0][0]`,
  /// `regions[1].frame`).
  static func path(_ codingPath: [any CodingKey]) -> String {
    var path = ""
    for key in codingPath {
      if let index = key.intValue, key.stringValue == "Index \(index)" {
        path += "[\(index)]"
      } else {
        if !path.isEmpty { path += "." }
        path += JSONValue.excerpt(key.stringValue)
      }
    }
    return path
  }
}

extension UInt8 {
  fileprivate var isHexDigit: Bool {
    (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9"))
      || (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "f"))
      || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "F"))
  }
}
