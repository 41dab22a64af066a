import Foundation

/// Foundation's reading: the reference reading of a JSON Lines line.
///
/// Each number keeps its `Double` (exact round trip) and, when `JSONDecoder` reads one, its `UInt64`
/// (exact nanosecond times). A number no `Double` holds is refused here, wherever it stands.
extension JSONValue: Decodable {
  /// Reason of a number that no 64-bit double holds: over 1.8e308 in magnitude, or not zero but under
  /// the smallest subnormal (5e-324), which would round to zero.
  package static let numberOutOfRange = "number out of range for a 64-bit double"
  /// Reason of a string that is not valid JSON text: a lone surrogate escape, a raw control character.
  package static let invalidString = "not a valid JSON string"
  /// Reason of a key an object already has, followed by the key and its opening quote's byte: readers
  /// disagree on which value counts (Foundation keeps the first, jq and Python the last).
  package static let repeatedKey = "repeated key"

  /// The reason for a repeated `key` whose opening quote is at 1-based `byte`.
  package static func repeatedKeyReason(_ key: String, byte: Int) -> String {
    "\(repeatedKey) \"\(excerpt(key))\" at byte \(byte)"
  }

  /// Decodes each nested value once: a type mismatch moves on to the next type, any other failure is
  /// the value's own and is thrown with its path. O(*n*) in the value's size. The value has no position.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self.init(.null)
      return
    }
    if let bool = try Self.ifOfType({ try container.decode(Bool.self) }) {
      self.init(.bool(bool))
      return
    }
    do {
      self.init(.string(try container.decode(String.self)))
      return
    } catch DecodingError.typeMismatch {
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.invalidString)
    }
    do {
      let double = try container.decode(Double.self)
      self.init(
        .number(
          JSONNumber(
            double: double, unsigned: try? container.decode(UInt64.self), text: Self.numberText(double),
            signed: try? container.decode(Int64.self))))
      return
    } catch DecodingError.typeMismatch {
    } catch {
      // Foundation's JSONDecoder refuses some zeros written with an exponent (`0e1`, `0.00e-3`; not
      // `0e+1`) as out of range; its Decimal reading takes them, and RFC 8259 makes them zero.
      if let decimal = try? container.decode(Decimal.self), decimal.isZero {
        self.init(.number(JSONNumber(double: 0, unsigned: 0, text: Self.numberText(0))))
        return
      }
      throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.numberOutOfRange)
    }
    if let values = try Self.ifOfType({ try container.decode([JSONValue].self) }) {
      self.init(.array(values))
      return
    }
    // Sorted by key: a dictionary's order is the process's hash seed's, and a value is the same in
    // every process.
    let fields = try container.decode([String: JSONValue].self)
    self.init(.object(fields.sorted { $0.key < $1.key }.map { Member(key: $0.key, value: $0.value) }))
  }

  /// The value `body` decodes, or nil when the value has another JSON type; other failures are thrown.
  private static func ifOfType<T>(_ body: () throws -> T) throws -> T? {
    do {
      return try body()
    } catch DecodingError.typeMismatch {
      return nil
    }
  }

  /// Parses one JSON Lines line that must hold a JSON object, with Foundation's `JSONDecoder`.
  ///
  /// - Throws: ``TraceJSONLinesError`` when the line is nested deeper than ``JSONLineCheck/limit``, is not
  ///   JSON, holds a bad string or number (named with its path, `offset[1]`), or is not an object.
  /// - Complexity: O(*n* log *n*) in the line's length (object members are sorted).
  static func parseObject(_ line: some StringProtocol, lineNumber: Int) throws -> JSONValue {
    var text = String(line)
    if let failure = text.withUTF8({ JSONLineCheck.failure(in: UnsafeRawBufferPointer($0)) }) {
      throw TraceJSONLinesError(line: lineNumber, reason: failure)
    }
    // A raw NUL outside a string is never JSON, and Foundation stops reading at it (`2␀` reads as the
    // number 2): refused before Foundation sees it. One inside a string is Foundation's to judge.
    guard !Self.hasNULOutsideStrings(text.utf8) else {
      throw TraceJSONLinesError(line: lineNumber, reason: "not valid JSON")
    }
    let value: JSONValue
    do {
      value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    } catch let DecodingError.dataCorrupted(context) {
      let known = [numberOutOfRange, invalidString].contains(context.debugDescription)
      let path = JSONLineCheck.path(context.codingPath)
      throw TraceJSONLinesError(
        line: lineNumber, field: known && !path.isEmpty ? path : nil,
        reason: known ? context.debugDescription : "not valid JSON")
    } catch {
      throw TraceJSONLinesError(line: lineNumber, reason: "not valid JSON")
    }
    // Foundation keeps a repeated key's first value; the reading refuses it, as JSONValue's parser does.
    // That parser also keeps each number's text, which Foundation forgets and errors quote.
    var source: JSONValue?
    do throws(ParseError) {
      source = try JSONValue.parse(text)
    } catch {
      if let key = error.key {
        throw TraceJSONLinesError(
          line: lineNumber, field: error.path, reason: repeatedKeyReason(key, byte: error.column))
      }
    }
    guard case .object = value.kind else {
      throw TraceJSONLinesError(line: lineNumber, reason: "expected a JSON object, got \(value.typeName)")
    }
    return source.map(value.keepingNumberTexts) ?? value
  }

  /// This value with each number's text taken from `source`, the same text as read by ``parse(_:)``
  /// (members matched by key: a line with a repeated key is refused before), so that both readings
  /// quote a number as written.
  ///
  /// - Complexity: O(*n*) in the value's size.
  func keepingNumberTexts(of source: JSONValue) -> JSONValue {
    var copy = self
    switch (kind, source.kind) {
    case (.number(var number), .number(let written)):
      number.text = written.text
      copy.kind = .number(number)
    case (.array(let values), .array(let written)) where values.count == written.count:
      copy.kind = .array(zip(values, written).map { $0.keepingNumberTexts(of: $1) })
    case (.object(let members), .object(let written)):
      let byKey = Dictionary(written.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
      copy.kind = .object(
        members.map { member in
          var member = member
          if let value = byKey[member.key] { member.value = member.value.keepingNumberTexts(of: value) }
          return member
        })
    default: break
    }
    return copy
  }
}

extension JSONValue {
  /// Whether `utf8` holds a NUL byte outside every string literal.
  ///
  /// - Complexity: O(n) in the text's length.
  static func hasNULOutsideStrings(_ utf8: String.UTF8View) -> Bool {
    var inString = false
    var escaped = false
    for byte in utf8 {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == 0 {
        return true
      }
    }
    return false
  }
}

/// The typed readers of ``JSONFieldReader`` over a value; an object is its own members.
extension JSONValue: JSONLineElement, JSONLineMembers {
  var typeName: String {
    switch kind {
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    case .array: "an array"
    case .object: "an object"
    }
  }

  var isNull: Bool {
    if case .null = kind { return true }
    return false
  }

  var stringValue: String? {
    if case .string(let string) = kind { return string }
    return nil
  }

  var boolValue: Bool? {
    if case .bool(let bool) = kind { return bool }
    return nil
  }

  var doubleValue: Double? {
    if case .number(let number) = kind { return number.double }
    return nil
  }

  var unsignedValue: UInt64? {
    if case .number(let number) = kind { return number.unsigned }
    return nil
  }

  var signedValue: Int64? {
    if case .number(let number) = kind { return number.signed }
    return nil
  }

  var numberText: String? {
    if case .number(let number) = kind { return number.text }
    return nil
  }

  var elementCount: Int? {
    if case .array(let values) = kind { return values.count }
    return nil
  }

  func forEachElement(_ body: (Int, JSONValue) throws -> Void) rethrows {
    guard case .array(let values) = kind else { return }
    for (index, value) in values.enumerated() { try body(index, value) }
  }

  var members: JSONValue? {
    if case .object = kind { return self }
    return nil
  }

  func value(_ key: String) -> JSONValue? { self[key] }
}
