import Foundation

/// A JSON value as parsed by Foundation's `JSONDecoder`: the reference reading of a JSON Lines line, which
/// the fast path (``JSONLineScanner``) is tested against, and the path for kinds the fast path does not
/// know.
///
/// Each number keeps its `Double` (exact round trip) and, when `JSONDecoder` reads one, its `UInt64`
/// (exact nanosecond times). A number no `Double` holds is refused here, wherever it stands.
enum JSONInputValue: Decodable {
  case string(String)
  case number(Double, UInt64?)
  case bool(Bool)
  case null
  case array([JSONInputValue])
  case object(JSONInputObject)

  /// Reason of a number that no 64-bit double holds: over 1.8e308 in magnitude, or not zero but under
  /// the smallest subnormal (5e-324), which would round to zero.
  static let numberOutOfRange = "number out of range for a 64-bit double"
  /// Reason of a string that is not valid JSON text: a lone surrogate escape, a raw control character.
  static let invalidString = "not a valid JSON string"

  /// Decodes each nested value once: a type mismatch moves on to the next type, any other failure is
  /// the value's own and is thrown with its path. O(*n*) in the value's size.
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
      return
    }
    if let bool = try Self.ifOfType({ try container.decode(Bool.self) }) {
      self = .bool(bool)
      return
    }
    do {
      self = .string(try container.decode(String.self))
      return
    } catch DecodingError.typeMismatch {
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.invalidString)
    }
    do {
      let double = try container.decode(Double.self)
      self = .number(double, try? container.decode(UInt64.self))
      return
    } catch DecodingError.typeMismatch {
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.numberOutOfRange)
    }
    if let values = try Self.ifOfType({ try container.decode([JSONInputValue].self) }) {
      self = .array(values)
      return
    }
    self = .object(JSONInputObject(fields: try container.decode([String: JSONInputValue].self)))
  }

  /// The value `body` decodes, or nil when the value has another JSON type; other failures are thrown.
  private static func ifOfType<T>(_ body: () throws -> T) throws -> T? {
    do {
      return try body()
    } catch DecodingError.typeMismatch {
      return nil
    }
  }

  /// Parses one line that must hold a JSON object.
  ///
  /// - Throws: ``TraceJSONLinesError`` when the line is nested deeper than ``JSONLineCheck/limit``, is not
  ///   JSON, holds a bad string or number (named with its path, `offset[1]`), or is not an object.
  /// - Complexity: O(*n*) in the line's length.
  static func parseObject(_ line: some StringProtocol, lineNumber: Int) throws -> JSONInputObject {
    var text = String(line)
    if let failure = text.withUTF8({ JSONLineCheck.failure(in: UnsafeRawBufferPointer($0)) }) {
      throw TraceJSONLinesError(line: lineNumber, reason: failure)
    }
    let value: JSONInputValue
    do {
      value = try JSONDecoder().decode(JSONInputValue.self, from: Data(text.utf8))
    } catch let DecodingError.dataCorrupted(context) {
      let known = [numberOutOfRange, invalidString].contains(context.debugDescription)
      let path = JSONLineCheck.path(context.codingPath)
      throw TraceJSONLinesError(
        line: lineNumber, field: known && !path.isEmpty ? path : nil,
        reason: known ? context.debugDescription : "not valid JSON")
    } catch {
      throw TraceJSONLinesError(line: lineNumber, reason: "not valid JSON")
    }
    guard case .object(let object) = value else {
      throw TraceJSONLinesError(line: lineNumber, reason: "expected a JSON object, got \(value.typeName)")
    }
    return object
  }
}

/// The members of an object as `JSONDecoder` reads them: of a repeated key, the first value counts.
struct JSONInputObject: JSONLineMembers {
  var fields: [String: JSONInputValue]

  func value(_ key: String) -> JSONInputValue? { fields[key] }
}

extension JSONInputValue: JSONLineElement {
  var typeName: String {
    switch self {
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    case .array: "an array"
    case .object: "an object"
    }
  }

  var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  var boolValue: Bool? {
    if case .bool(let bool) = self { return bool }
    return nil
  }

  var doubleValue: Double? {
    if case .number(let double, _) = self { return double }
    return nil
  }

  var unsignedValue: UInt64? {
    if case .number(_, let integer) = self { return integer }
    return nil
  }

  var elementCount: Int? {
    if case .array(let values) = self { return values.count }
    return nil
  }

  func forEachElement(_ body: (Int, JSONInputValue) throws -> Void) rethrows {
    guard case .array(let values) = self else { return }
    for (index, value) in values.enumerated() { try body(index, value) }
  }

  var members: JSONInputObject? {
    if case .object(let object) = self { return object }
    return nil
  }
}
