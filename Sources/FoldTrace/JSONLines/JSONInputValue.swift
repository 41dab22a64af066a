import Foundation

/// A JSON value as parsed by Foundation's `JSONDecoder`, keeping each number both as a `Double` (exact
/// round trip) and, when it is one, as a `UInt64` (exact nanosecond times).
enum JSONInputValue: Decodable {
  case string(String)
  case number(Double?, UInt64?)
  case bool(Bool)
  case null
  case array([JSONInputValue])
  case object([String: JSONInputValue])

  init(from decoder: any Decoder) throws {
    // Numbers first: they are most values in a trace's lines.
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let double = try? container.decode(Double.self) {
      self = .number(double, try? container.decode(UInt64.self))
    } else if let integer = try? container.decode(UInt64.self) {
      self = .number(nil, integer)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let values = try? container.decode([JSONInputValue].self) {
      self = .array(values)
    } else if let object = try? container.decode([String: JSONInputValue].self) {
      self = .object(object)
    } else {
      // Nothing fit. Find the reason again, now with `try`: a string `JSONDecoder` cannot read (a lone
      // surrogate escape, a raw control character), a nested value's own failure (thrown with its path),
      // or else a number no Double can hold.
      if Self.isUnreadable({ _ = try container.decode(String.self) }) {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a valid JSON string")
      }
      do {
        _ = try container.decode([JSONInputValue].self)
      } catch DecodingError.dataCorrupted(let context) {
        throw DecodingError.dataCorrupted(context)
      } catch {}
      do {
        _ = try container.decode([String: JSONInputValue].self)
      } catch DecodingError.dataCorrupted(let context) {
        throw DecodingError.dataCorrupted(context)
      } catch {}
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "number out of range for a 64-bit double")
    }
  }

  /// True when `body` fails for any reason but a type mismatch: the value has the type asked for but
  /// cannot be read (Foundation reports a bad string escape with its own, non-`DecodingError` error).
  private static func isUnreadable(_ body: () throws -> Void) -> Bool {
    do {
      try body()
    } catch DecodingError.typeMismatch {
      return false
    } catch {
      return true
    }
    return false
  }

  /// A short name for the value's JSON type, for error messages.
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

  /// Parses one line that must hold a JSON object.
  ///
  /// - Throws: ``TraceJSONLinesError`` when the line is not JSON or not an object.
  static func parseObject(_ line: some StringProtocol, lineNumber: Int) throws -> [String: JSONInputValue] {
    let value: JSONInputValue
    do {
      value = try JSONDecoder().decode(JSONInputValue.self, from: Data(line.utf8))
    } catch let DecodingError.dataCorrupted(context) {
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      let detail =
        context.debugDescription.hasPrefix("number") || context.debugDescription.hasPrefix("not a valid")
        ? context.debugDescription : "not valid JSON"
      throw TraceJSONLinesError(line: lineNumber, field: path.isEmpty ? nil : path, reason: detail)
    } catch {
      throw TraceJSONLinesError(line: lineNumber, reason: "not valid JSON")
    }
    guard case .object(let object) = value else {
      throw TraceJSONLinesError(line: lineNumber, reason: "expected a JSON object, got \(value.typeName)")
    }
    return object
  }
}
