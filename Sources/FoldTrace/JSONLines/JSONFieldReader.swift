/// One parsed JSON value, as the field readers of ``JSONFieldReader`` see it.
///
/// Two parsers provide it: the reference (``JSONValue``, Foundation's `JSONDecoder`) and the fast
/// path (``JSONTapeValue``, the tape of ``JSONLineScanner``). The typed readers are written once, over this
/// protocol, so both paths accept the same lines and name the same fields in their errors.
protocol JSONLineElement {
  associatedtype Members: JSONLineMembers where Members.Element == Self
  /// A short name for the value's JSON type, for error messages ("a number", "an array").
  var typeName: String { get }
  /// True for `null`.
  var isNull: Bool { get }
  /// The string, decoded; nil when the value is not a string.
  var stringValue: String? { get }
  /// The boolean; nil when the value is not `true` or `false`.
  var boolValue: Bool? { get }
  /// The number as a finite double; nil when the value is not a number.
  var doubleValue: Double? { get }
  /// The number as a whole number in 0 … 2⁶⁴−1, as Foundation's `JSONDecoder` reads a `UInt64` (`1500`,
  /// also `1.5e3` and `1500.0`); nil when the value is not a number or not such a whole number.
  var unsignedValue: UInt64? { get }
  /// The number as a whole number in -2⁶³ … 2⁶³−1, as Foundation's `JSONDecoder` reads an `Int64`
  /// (`-1500`, also `-1.5e3`); nil when the value is not a number or not such a whole number.
  var signedValue: Int64? { get }
  /// The number's text as the line writes it (`1.5e3`, `-0`); nil when the value is not a number.
  var numberText: String? { get }
  /// The number of elements; nil when the value is not an array.
  var elementCount: Int? { get }
  /// Calls `body` with each element of an array and its index, in order; nothing for other values.
  func forEachElement(_ body: (Int, Self) throws -> Void) rethrows
  /// The members of an object; nil when the value is not an object.
  var members: Members? { get }
}

/// The members of one parsed JSON object.
protocol JSONLineMembers {
  associatedtype Element: JSONLineElement
  /// The value of `key` (its first occurrence), or nil when the object has no such key.
  func value(_ key: String) -> Element?
}

/// Reads typed fields out of one parsed JSON Lines object, throwing errors that name the line and field.
struct JSONFieldReader<Members: JSONLineMembers> where Members.Element.Members == Members {
  typealias Value = Members.Element
  /// The object's fields.
  var object: Members
  /// The 1-based line number.
  var line: Int
  /// The path of this object inside the line (`regions[1].`), prefixed to field names in errors.
  var prefix = ""

  func failure(_ key: String, _ reason: String) -> TraceJSONLinesError {
    TraceJSONLinesError(line: line, field: prefix + key, reason: reason)
  }

  /// The raw value, or a "missing" error.
  func value(_ key: String) throws -> Value {
    guard let value = object.value(key) else { throw failure(key, "missing") }
    return value
  }

  /// True when the key is present and not null.
  func has(_ key: String) -> Bool {
    guard let value = object.value(key) else { return false }
    return !value.isNull
  }

  func string(_ key: String) throws -> String {
    guard let string = try value(key).stringValue else { throw mismatch(key, "a string") }
    return string
  }

  /// A string, or nil when the key is absent or null.
  func optionalString(_ key: String) throws -> String? {
    has(key) ? try string(key) : nil
  }

  func bool(_ key: String) throws -> Bool {
    guard let bool = try value(key).boolValue else { throw mismatch(key, "true or false") }
    return bool
  }

  func double(_ key: String) throws -> Double {
    guard let double = try value(key).doubleValue else { throw mismatch(key, "a number") }
    return double
  }

  /// A whole number within `range`, which errors name as `noun` within `bounds`.
  ///
  /// - Parameters:
  ///   - noun: What the number counts, with its unit (`an integer number of nanoseconds`).
  ///   - bounds: `range` as written in errors (`0 … 2⁶⁴−1`).
  /// - Throws: ``TraceJSONLinesError``: "missing"; for a whole number outside `range`, in any form,
  ///   "`text` is out of range", quoting the number as the line writes it (``notInRange(_:_:_:_:)``);
  ///   for any other value, what was expected and what was found.
  /// - Complexity: O(*n*) in the number's length.
  func unsigned(
    _ key: String, _ noun: String, in range: ClosedRange<UInt64> = 0...UInt64.max,
    bounds: String = "0 … 2⁶⁴−1"
  ) throws -> UInt64 {
    let value = try value(key)
    if let integer = value.unsignedValue, range.contains(integer) { return integer }
    throw notInRange(
      key, value, "\(noun) within \(bounds)", Int128(range.lowerBound)...Int128(range.upperBound))
  }

  /// A whole number within -2⁶³ … 2⁶³−1, which errors name as `noun`; errors as ``unsigned(_:_:in:bounds:)``.
  func signed(_ key: String, _ noun: String) throws -> Int64 {
    let value = try value(key)
    if let integer = value.signedValue { return integer }
    throw notInRange(key, value, "\(noun) within -2⁶³ … 2⁶³−1", Int128(Int64.min)...Int128(Int64.max))
  }

  /// A 32-bit scene id.
  func scene(_ key: String = "scene") throws -> SceneID {
    let raw = try unsigned(key, "an integer scene id", in: 0...UInt64(UInt32.max), bounds: "0 … 2³²−1")
    return SceneID(UInt32(raw))
  }

  /// The one error of every integer field whose value is not a whole number within `range`: the
  /// number is quoted as written (cut as ``JSONValue/excerpt(_:)`` cuts it), never as its double, which
  /// rounds `-9223372036854775809` to -2⁶³, inside the range. A whole number inside `range` that the
  /// readers still refuse (`18446744073709551615.0`: Foundation reads it through its double, 2⁶⁴) is
  /// not called out of range.
  private func notInRange(
    _ key: String, _ value: Value, _ expected: String, _ range: ClosedRange<Int128>
  ) -> TraceJSONLinesError {
    guard let text = value.numberText else { return mismatch(key, expected) }
    let quoted = JSONValue.excerpt(text)
    guard JSONNumberText.isWhole(text.utf8) else {
      return failure(key, "expected \(expected), got \(quoted)")
    }
    if let exact = JSONNumberText.wholeValue(Array(text.utf8)), range.contains(exact) {
      return failure(
        key, "\(quoted) is not read exactly in this form: expected \(expected) as a plain integer")
    }
    return failure(key, "\(quoted) is out of range: expected \(expected)")
  }

  /// One of an enum's string raw values.
  func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type) throws -> Choice
  where Choice.RawValue == String {
    let raw = try string(key)
    guard let value = Choice(rawValue: raw) else {
      let allowed = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw failure(key, "unknown value \"\(JSONValue.excerpt(raw))\"; expected one of \(allowed)")
    }
    return value
  }

  /// An array of exactly `count` numbers, described as `shape` (`[w, h]`) in errors, passed to `body`
  /// element by element.
  private func numbers(_ key: String, count: Int, shape: String, _ body: (Int, Double) -> Void) throws {
    let array = try value(key)
    guard let found = array.elementCount else { throw mismatch(key, shape) }
    guard found == count else {
      throw failure(
        key, "expected \(shape) (\(count) numbers), got \(found) element\(found == 1 ? "" : "s")")
    }
    try array.forEachElement { index, element in
      guard let double = element.doubleValue else {
        throw failure(key, "element \(index) of \(shape) is \(element.typeName), expected a number")
      }
      body(index, double)
    }
  }

  func size(_ key: String) throws -> TraceSize {
    var size = TraceSize(width: 0, height: 0)
    try numbers(key, count: 2, shape: "[w, h]") { index, value in
      if index == 0 { size.width = value } else { size.height = value }
    }
    return size
  }

  func point(_ key: String) throws -> TracePoint {
    var point = TracePoint(x: 0, y: 0)
    try numbers(key, count: 2, shape: "[x, y]") { index, value in
      if index == 0 { point.x = value } else { point.y = value }
    }
    return point
  }

  func rect(_ key: String) throws -> TraceRect {
    var v = (0.0, 0.0, 0.0, 0.0)
    try numbers(key, count: 4, shape: "[x, y, w, h]") { index, value in
      switch index {
      case 0: v.0 = value
      case 1: v.1 = value
      case 2: v.2 = value
      default: v.3 = value
      }
    }
    return TraceRect(x: v.0, y: v.1, width: v.2, height: v.3)
  }

  func insets(_ key: String) throws -> TraceInsets {
    var v = (0.0, 0.0, 0.0, 0.0)
    try numbers(key, count: 4, shape: "[top, leading, bottom, trailing]") { index, value in
      switch index {
      case 0: v.0 = value
      case 1: v.1 = value
      case 2: v.2 = value
      default: v.3 = value
      }
    }
    return TraceInsets(top: v.0, leading: v.1, bottom: v.2, trailing: v.3)
  }

  /// The objects of an array field, each read by `body` with its own reader, in order.
  ///
  /// - Parameters:
  ///   - limit: The most elements a trace holds there, described as `noun` (`elements`); a longer array
  ///     is refused by its count before any element is read.
  /// - Throws: ``TraceJSONLinesError`` for an array over `limit`, an element that is not an object, or
  ///   what `body` throws.
  /// - Complexity: O(*k*) in the array's elements, at most `limit`; no storage but the results.
  func objects<T>(_ key: String, limit: Int, noun: String, _ body: (Self) throws -> T) throws -> [T] {
    let array = try value(key)
    guard let count = array.elementCount else { throw mismatch(key, "an array") }
    guard count <= limit else { throw failure(key, "\(count) \(noun), more than \(limit) (the limit)") }
    var results: [T] = []
    results.reserveCapacity(count)
    try array.forEachElement { index, element in
      guard let members = element.members else {
        throw failure("\(key)[\(index)]", "expected an object, got \(element.typeName)")
      }
      results.append(try body(Self(object: members, line: line, prefix: "\(prefix)\(key)[\(index)].")))
    }
    return results
  }

  private func mismatch(_ key: String, _ expected: String) -> TraceJSONLinesError {
    let found = object.value(key)?.typeName ?? "nothing"
    return failure(key, "expected \(expected), got \(found)")
  }
}
