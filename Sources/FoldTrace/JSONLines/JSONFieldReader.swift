/// Reads typed fields out of one parsed JSON Lines object, throwing errors that name the line and field.
struct JSONFieldReader {
  /// The object's fields.
  var object: [String: JSONInputValue]
  /// The 1-based line number.
  var line: Int
  /// The path of this object inside the line (`regions[1].`), prefixed to field names in errors.
  var prefix = ""

  func failure(_ key: String, _ reason: String) -> TraceJSONLinesError {
    TraceJSONLinesError(line: line, field: prefix + key, reason: reason)
  }

  /// The raw value, or a "missing" error.
  func value(_ key: String) throws -> JSONInputValue {
    guard let value = object[key] else { throw failure(key, "missing") }
    return value
  }

  /// True when the key is present and not null.
  func has(_ key: String) -> Bool {
    switch object[key] {
    case nil, .null?: false
    default: true
    }
  }

  func string(_ key: String) throws -> String {
    guard case .string(let string) = try value(key) else { throw mismatch(key, "a string") }
    return string
  }

  /// A string, or nil when the key is absent or null.
  func optionalString(_ key: String) throws -> String? {
    has(key) ? try string(key) : nil
  }

  func bool(_ key: String) throws -> Bool {
    guard case .bool(let bool) = try value(key) else { throw mismatch(key, "true or false") }
    return bool
  }

  func double(_ key: String) throws -> Double {
    guard case .number(let double?, _) = try value(key) else { throw mismatch(key, "a number") }
    return double
  }

  func unsigned(_ key: String) throws -> UInt64 {
    guard case .number(_, let integer?) = try value(key) else {
      throw mismatch(key, "a non-negative integer")
    }
    return integer
  }

  func scene(_ key: String = "scene") throws -> SceneID {
    let value = try unsigned(key)
    guard let raw = UInt32(exactly: value) else { throw failure(key, "scene id \(value) exceeds 32 bits") }
    return SceneID(raw)
  }

  /// One of an enum's string raw values.
  func choice<Value: RawRepresentable & CaseIterable>(_ key: String, _ type: Value.Type) throws -> Value
  where Value.RawValue == String {
    let raw = try string(key)
    guard let value = Value(rawValue: raw) else {
      let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw failure(key, "unknown value \"\(raw)\"; expected one of \(allowed)")
    }
    return value
  }

  /// An array of exactly `count` numbers, described as `shape` (`[w, h]`) in errors.
  func numbers(_ key: String, count: Int, shape: String) throws -> [Double] {
    guard case .array(let values) = try value(key) else { throw mismatch(key, shape) }
    guard values.count == count else {
      throw failure(
        key,
        "expected \(shape) (\(count) numbers), got \(values.count) element\(values.count == 1 ? "" : "s")")
    }
    return try values.enumerated().map { index, value in
      guard case .number(let double?, _) = value else {
        throw failure(key, "element \(index) of \(shape) is \(value.typeName), expected a number")
      }
      return double
    }
  }

  func size(_ key: String) throws -> TraceSize {
    let v = try numbers(key, count: 2, shape: "[w, h]")
    return TraceSize(width: v[0], height: v[1])
  }

  func point(_ key: String) throws -> TracePoint {
    let v = try numbers(key, count: 2, shape: "[x, y]")
    return TracePoint(x: v[0], y: v[1])
  }

  func rect(_ key: String) throws -> TraceRect {
    let v = try numbers(key, count: 4, shape: "[x, y, w, h]")
    return TraceRect(x: v[0], y: v[1], width: v[2], height: v[3])
  }

  func insets(_ key: String) throws -> TraceInsets {
    let v = try numbers(key, count: 4, shape: "[top, leading, bottom, trailing]")
    return TraceInsets(top: v[0], leading: v[1], bottom: v[2], trailing: v[3])
  }

  /// The readers of the objects in an array field.
  func objects(_ key: String) throws -> [JSONFieldReader] {
    guard case .array(let values) = try value(key) else { throw mismatch(key, "an array") }
    return try values.enumerated().map { index, value in
      guard case .object(let object) = value else {
        throw failure("\(key)[\(index)]", "expected an object, got \(value.typeName)")
      }
      return JSONFieldReader(object: object, line: line, prefix: "\(prefix)\(key)[\(index)].")
    }
  }

  private func mismatch(_ key: String, _ expected: String) -> TraceJSONLinesError {
    let found = object[key]?.typeName ?? "nothing"
    return failure(key, "expected \(expected), got \(found)")
  }
}
