import FoldTrace

/// A JSON value being read as a scenario field: the node and its path, with typed accessors whose errors
/// name the file, line, column and path.
struct ScenarioField {
  let node: JSONValue
  let path: String
  let file: String

  /// The root field of a scenario's text.
  ///
  /// - Throws: ``ScenarioError`` with the line and column of the first syntax error or duplicate key.
  /// - Complexity: O(n) in the text's length.
  static func root(of text: String, file: String) throws(ScenarioError) -> ScenarioField {
    do {
      return ScenarioField(node: try JSONValue.parse(text), path: "", file: file)
    } catch {
      throw ScenarioError(
        file: file, line: error.line, column: error.column, field: error.path, message: error.message)
    }
  }

  /// The node's type and, for a scalar, its value, for messages: `an object`, `the string "x"`,
  /// `the number 12`, `true`, …; a long string or number quoted as ``JSONValue/excerpt(_:)`` cuts it.
  var typeName: String {
    switch node.kind {
    case .object: "an object"
    case .array: "an array"
    case .string(let s): "the string \"\(JSONValue.excerpt(s))\""
    case .number(let number): "the number \(JSONValue.excerpt(number.text))"
    case .bool(let b): b ? "true" : "false"
    case .null: "null"
    }
  }

  func error(_ message: String) -> ScenarioError {
    ScenarioError(file: file, line: node.line, column: node.column, field: path, message: message)
  }

  /// The object's members, refusing keys outside `allowed`.
  func members(allowed: [String]) throws(ScenarioError) -> [String: ScenarioField] {
    guard case .object(let members) = node.kind else {
      throw error("expected an object, found \(typeName)")
    }
    var result: [String: ScenarioField] = [:]
    for member in members {
      let child = ScenarioField(
        node: member.value, path: path.isEmpty ? member.key : "\(path).\(member.key)", file: file)
      guard allowed.contains(member.key) else {
        throw ScenarioError(
          file: file, line: member.line, column: member.column, field: child.path,
          message: "unknown key; expected one of: \(allowed.joined(separator: ", "))")
      }
      result[member.key] = child
    }
    return result
  }

  func array() throws(ScenarioError) -> [ScenarioField] {
    guard case .array(let items) = node.kind else {
      throw error("expected an array, found \(typeName)")
    }
    return items.enumerated().map { ScenarioField(node: $1, path: "\(path)[\($0)]", file: file) }
  }

  func string() throws(ScenarioError) -> String {
    guard case .string(let s) = node.kind else { throw error("expected a string, found \(typeName)") }
    return s
  }

  /// A string a trace record can carry (a marker's label): at most ``TraceEvent``'s 64 KiB of UTF-8,
  /// refused here, where it stands, rather than by the trace writer later.
  func traceString() throws(ScenarioError) -> String {
    let s = try string()
    guard s.utf8.count <= TraceEvent.maxStringBytes else {
      throw error(
        "\(s.utf8.count) bytes of UTF-8, more than the \(TraceEvent.maxStringBytes) a trace string holds")
    }
    return s
  }

  func bool() throws(ScenarioError) -> Bool {
    guard case .bool(let b) = node.kind else {
      throw error("expected true or false, found \(typeName)")
    }
    return b
  }

  /// A finite number in `range`, with its unit for messages.
  func number(_ range: ClosedRange<Double>, unit: String) throws(ScenarioError) -> Double {
    guard case .number(let number) = node.kind else {
      throw error("expected a number of \(unit), found \(typeName)")
    }
    let value = number.double
    guard range.contains(value) else {
      throw error("\(value) \(unit) is out of range \(range.lowerBound)…\(range.upperBound)")
    }
    return value
  }

  /// An unsigned 64-bit integer: any JSON number whose text is exactly a whole number from 0 to
  /// 2⁶⁴ − 1 (`7`, `1e19`, `1500.0`), read from that text, never rounded through a double.
  func uint64() throws(ScenarioError) -> UInt64 {
    guard case .number(let number) = node.kind, let value = number.unsigned else {
      throw error("expected an integer from 0 to \(UInt64.max), found \(typeName)")
    }
    return value
  }

  /// One of the listed strings.
  func choice<T>(_ options: [(String, T)]) throws(ScenarioError) -> T {
    let s = try string()
    guard let match = options.first(where: { $0.0 == s }) else {
      throw error(
        "\"\(JSONValue.excerpt(s))\" is not one of: \(options.map { "\"\($0.0)\"" }.joined(separator: ", "))")
    }
    return match.1
  }

  /// `[width, height]` in points, each in `range`.
  func size(_ range: ClosedRange<Double> = 1...10_000) throws(ScenarioError) -> TraceSize {
    let items = try array()
    guard items.count == 2 else { throw error("expected [width, height] in points") }
    return TraceSize(
      width: try items[0].number(range, unit: "points"), height: try items[1].number(range, unit: "points"))
  }

  /// The largest item index a scenario may name: scrolling to it moves 88 million points, far beyond
  /// any session, and keeps every offset an exact integer in a `Double` (a larger N overflowed `Int`
  /// when the offset was turned back into an anchor id).
  static let maxItemIndex = 1_000_000

  /// An item id `"item-N"` with N in 0…``maxItemIndex``, returning N.
  func itemIndex() throws(ScenarioError) -> Int {
    let s = try string()
    guard s.hasPrefix("item-"), let n = Int(s.dropFirst(5)), n >= 0 else {
      throw error("expected an item id like \"item-42\", found \"\(JSONValue.excerpt(s))\"")
    }
    guard n <= Self.maxItemIndex else {
      throw error("item \(n) is out of range 0…\(Self.maxItemIndex)")
    }
    return n
  }
}
