import FoldTrace

/// A scenario's parsed text: its tape and its file name, shared by every field read from it.
final class ScenarioDocument: Sendable {
  let tape: FlatJSON
  let file: String

  init(tape: FlatJSON, file: String) {
    self.tape = tape
    self.file = file
  }
}

/// A JSON value being read as a scenario field: an entry of the document's tape, with typed accessors
/// whose errors name the file, line, column and path. A field is two words; its value is decoded when an
/// accessor reads it, and its path (`timeline[3].duration`) is rendered only for an error.
struct ScenarioField {
  let document: ScenarioDocument
  /// The value's index in the document's tape.
  let index: Int

  /// The root field of a scenario's text.
  ///
  /// - Throws: ``ScenarioError`` with the line and column of the first syntax error or duplicate key.
  /// - Complexity: O(n) in the text's length; holds 8 bytes per value and key, 4 per line, besides
  ///   the bytes.
  static func root(utf8 bytes: [UInt8], file: String) throws(ScenarioError) -> ScenarioField {
    do {
      let tape = try FlatJSON.parse(utf8: bytes)
      return ScenarioField(document: ScenarioDocument(tape: tape, file: file), index: FlatJSON.root)
    } catch {
      throw ScenarioError(
        file: file, line: error.line, column: error.column, field: error.path, message: error.message)
    }
  }

  var file: String { document.file }
  var kind: FlatJSON.Kind { document.tape.kind(index) }
  /// The 1-based line where the value starts.
  var line: Int { document.tape.line(index) }
  /// The 1-based column, in bytes, where the value starts.
  var column: Int { document.tape.column(index) }
  /// The field's path from the root, as `timeline[3].duration`.
  /// - Complexity: O(m) in the entries of the containers on the way: for messages only.
  var path: String { document.tape.path(to: index) }

  /// The node's type and, for a scalar, its value, for messages: `an object`, `the string "x"`,
  /// `the number 12`, `true`, …; a long string or number quoted as ``JSONValue/excerpt(_:)`` cuts it.
  var typeName: String {
    switch kind {
    case .object: "an object"
    case .array: "an array"
    case .string: "the string \"\(JSONValue.excerpt(document.tape.string(index)))\""
    case .number: "the number \(JSONValue.excerpt(document.tape.numberText(index)))"
    case .bool: document.tape.bool(index) ? "true" : "false"
    case .null: "null"
    }
  }

  func error(_ message: String) -> ScenarioError {
    ScenarioError(file: file, line: line, column: column, field: path, message: message)
  }

  /// The object's members, refusing keys outside `allowed`.
  /// - Complexity: O(m) in the members, each key decoded once.
  func members(allowed: [String]) throws(ScenarioError) -> [String: ScenarioField] {
    guard kind == .object else { throw error("expected an object, found \(typeName)") }
    let tape = document.tape
    var result: [String: ScenarioField] = [:]
    for key in tape.children(index) {
      let name = tape.string(key)
      let child = ScenarioField(document: document, index: key + 1)
      guard allowed.contains(name) else {
        throw ScenarioError(
          file: file, line: tape.line(key), column: tape.column(key), field: child.path,
          message: "unknown key; expected one of: \(allowed.joined(separator: ", "))")
      }
      result[name] = child
    }
    return result
  }

  /// The member at `key` of an object, or nil when the object has none (or this is no object).
  /// - Complexity: O(m) in the members.
  func member(_ key: String) -> ScenarioField? {
    guard kind == .object else { return nil }
    let tape = document.tape
    return tape.children(index).first { tape.string($0) == key }.map {
      ScenarioField(document: document, index: $0 + 1)
    }
  }

  /// The array's elements, made one by one as they are read.
  func array() throws(ScenarioError) -> Elements {
    guard kind == .array else { throw error("expected an array, found \(typeName)") }
    return Elements(document: document, children: document.tape.children(index))
  }

  /// An array's elements, each made when the iteration reaches it.
  struct Elements: Sequence, IteratorProtocol {
    let document: ScenarioDocument
    var children: FlatJSON.Children

    mutating func next() -> ScenarioField? {
      children.next().map { ScenarioField(document: document, index: $0) }
    }

    /// The number of elements left, exactly: O(n) over the tape, without allocating.
    var underestimatedCount: Int {
      var copy = children
      var count = 0
      while copy.next() != nil { count += 1 }
      return count
    }
  }

  /// Checks that the value is a string without decoding it.
  func requireString() throws(ScenarioError) {
    guard kind == .string else { throw error("expected a string, found \(typeName)") }
  }

  func string() throws(ScenarioError) -> String {
    try requireString()
    return document.tape.string(index)
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
    guard kind == .bool else { throw error("expected true or false, found \(typeName)") }
    return document.tape.bool(index)
  }

  /// A finite number in `range`, with its unit for messages.
  func number(_ range: ClosedRange<Double>, unit: String) throws(ScenarioError) -> Double {
    guard kind == .number else { throw error("expected a number of \(unit), found \(typeName)") }
    let value = document.tape.number(index).double
    guard range.contains(value) else {
      throw error("\(value) \(unit) is out of range \(range.lowerBound)…\(range.upperBound)")
    }
    return value
  }

  /// An unsigned 64-bit integer: any JSON number whose text is exactly a whole number from 0 to
  /// 2⁶⁴ − 1 (`7`, `1e19`, `1500.0`), read from that text, never rounded through a double.
  func uint64() throws(ScenarioError) -> UInt64 {
    guard kind == .number, let value = document.tape.number(index).unsigned else {
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
    let items = Array(try array().prefix(3))
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
