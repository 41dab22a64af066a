import FoldTrace

/// A JSON value being read as a scenario field: the node and its path, with typed accessors whose errors
/// name the file, line, column and path.
struct ScenarioField {
  let node: JSONNode
  let path: String
  let file: String

  func error(_ message: String) -> ScenarioError {
    ScenarioError(file: file, line: node.line, column: node.column, field: path, message: message)
  }

  /// The object's members, refusing keys outside `allowed`.
  func members(allowed: [String]) throws(ScenarioError) -> [String: ScenarioField] {
    guard case .object(let members) = node.value else {
      throw error("expected an object, found \(node.typeName)")
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
    guard case .array(let items) = node.value else {
      throw error("expected an array, found \(node.typeName)")
    }
    return items.enumerated().map { ScenarioField(node: $1, path: "\(path)[\($0)]", file: file) }
  }

  func string() throws(ScenarioError) -> String {
    guard case .string(let s) = node.value else { throw error("expected a string, found \(node.typeName)") }
    return s
  }

  func bool() throws(ScenarioError) -> Bool {
    guard case .bool(let b) = node.value else {
      throw error("expected true or false, found \(node.typeName)")
    }
    return b
  }

  /// A finite number in `range`, with its unit for messages.
  func number(_ range: ClosedRange<Double>, unit: String) throws(ScenarioError) -> Double {
    guard case .number(let value, _) = node.value else {
      throw error("expected a number of \(unit), found \(node.typeName)")
    }
    guard range.contains(value) else {
      throw error("\(value) \(unit) is out of range \(range.lowerBound)…\(range.upperBound)")
    }
    return value
  }

  /// An unsigned 64-bit integer, read from its exact source text.
  func uint64() throws(ScenarioError) -> UInt64 {
    guard case .number(_, let text) = node.value, let value = UInt64(text) else {
      throw error("expected an integer from 0 to \(UInt64.max), found \(node.typeName)")
    }
    return value
  }

  /// One of the listed strings.
  func choice<T>(_ options: [(String, T)]) throws(ScenarioError) -> T {
    let s = try string()
    guard let match = options.first(where: { $0.0 == s }) else {
      throw error("\"\(s)\" is not one of: \(options.map { "\"\($0.0)\"" }.joined(separator: ", "))")
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
      throw error("expected an item id like \"item-42\", found \"\(s)\"")
    }
    guard n <= Self.maxItemIndex else {
      throw error("item \(n) is out of range 0…\(Self.maxItemIndex)")
    }
    return n
  }
}
