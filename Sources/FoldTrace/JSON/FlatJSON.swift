/// JSON text parsed into a flat array (a tape): one 8-byte entry per value and per object key, in document
/// order, with the line starts beside it. Nothing is decoded until it is read: a string or a number is read
/// from the text when asked for, and a path (`timeline[3].duration`) is rendered only for a message.
///
/// The scenario reader's model: a 4 MiB document costs at most 4 bytes of tape per byte of text, besides
/// the text itself, where a tree of ``JSONValue``s cost 72 bytes a value and more. ``JSONValue/parse(_:)``
/// builds its tree from a tape, so both readings share one grammar.
///
/// Layout: an object's entry is followed by its members, each a key's entry then the value's subtree; an
/// array's entry by its elements' subtrees. Every entry records the index just past its subtree, so a
/// reader steps over a value in O(1).
package struct FlatJSON: Sendable {
  /// One value or key: where its token starts and where its subtree ends.
  struct Entry: Sendable {
    /// The byte offset of the token's first byte (`{`, `[`, `"`, `t`, `f`, `n`, `-` or a digit).
    var offset: UInt32
    /// The index of the first entry after this one's subtree: `index + 1` for a scalar or a key.
    var end: UInt32
  }

  /// A value's kind, read from the first byte of its token.
  package enum Kind: Sendable, Equatable {
    case object, array, string, number, bool, null
  }

  /// The document's UTF-8 bytes.
  let bytes: [UInt8]
  /// The entries, in document order; the root is entry 0.
  let entries: [Entry]
  /// The byte offset at which each line starts (`lineStarts[0] == 0`), ascending.
  let lineStarts: [UInt32]

  init(bytes: [UInt8], entries: [Entry], lineStarts: [UInt32]) {
    self.bytes = bytes
    self.entries = entries
    self.lineStarts = lineStarts
  }

  /// The root value's index.
  package static let root = 0

  /// The number of entries (values and keys).
  package var count: Int { entries.count }

  /// The kind of the value at `index`.
  package func kind(_ index: Int) -> Kind {
    switch bytes[Int(entries[index].offset)] {
    case UInt8(ascii: "{"): .object
    case UInt8(ascii: "["): .array
    case UInt8(ascii: "\""): .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
    case UInt8(ascii: "n"): .null
    default: .number
    }
  }

  /// The index just past the subtree of the entry at `index`.
  package func end(_ index: Int) -> Int { Int(entries[index].end) }

  /// The 1-based line where the entry at `index` starts.
  /// - Complexity: O(log l) in the document's lines.
  package func line(_ index: Int) -> Int { lineIndex(Int(entries[index].offset)) + 1 }

  /// The 1-based column, in bytes, where the entry at `index` starts.
  /// - Complexity: O(log l) in the document's lines.
  package func column(_ index: Int) -> Int {
    let offset = Int(entries[index].offset)
    return offset - Int(lineStarts[lineIndex(offset)]) + 1
  }

  /// The 0-based line that holds byte `offset`: the last line start at or before it.
  private func lineIndex(_ offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count
    // Invariant: lineStarts[low] <= offset, and every start at or after `high` is past it.
    while high - low > 1 {
      let middle = (low + high) / 2
      if Int(lineStarts[middle]) <= offset { low = middle } else { high = middle }
    }
    return low
  }

  /// The value of the `true` or `false` at `index`.
  package func bool(_ index: Int) -> Bool { bytes[Int(entries[index].offset)] == UInt8(ascii: "t") }

  /// The decoded string (a value or a key) at `index`.
  /// - Complexity: O(n) in the string's length.
  package func string(_ index: Int) -> String {
    var cursor = JSONParser(bytes: bytes)
    cursor.index = Int(entries[index].offset)
    // The string was checked when the tape was parsed: decoding it again cannot fail.
    return try! cursor.string(keep: true)
  }

  /// The bytes of the number's token at `index`, as written.
  /// - Complexity: O(n) in the token's length.
  package func numberBytes(_ index: Int) -> ArraySlice<UInt8> {
    let start = Int(entries[index].offset)
    var end = start
    while end < bytes.count, JSONParser.isNumberByte(bytes[end]) { end += 1 }
    return bytes[start..<end]
  }

  /// The number's text at `index`, as written.
  package func numberText(_ index: Int) -> String { String(decoding: numberBytes(index), as: UTF8.self) }

  /// The number at `index`: its double, its whole-number readings and its text, as ``JSONValue/parse(_:)``
  /// reads them.
  package func number(_ index: Int) -> JSONNumber {
    let token = numberBytes(index)
    let text = String(decoding: token, as: UTF8.self)
    // The parser checked that a double holds the number.
    return JSONNumber(
      double: Double(text)!, unsigned: JSONParser.wholeNumber(token), text: text, signed: Int64(text))
  }

  /// The indices of an array's elements, or of an object's keys (each key's value is the entry after
  /// it), in document order.
  package func children(_ index: Int) -> Children { Children(tape: self, container: index) }

  /// The children of an array or an object, stepped over subtree by subtree.
  package struct Children: Sequence, IteratorProtocol, Sendable {
    let tape: FlatJSON
    let container: Int
    let isObject: Bool
    var following: Int

    init(tape: FlatJSON, container: Int) {
      self.tape = tape
      self.container = container
      self.isObject = tape.kind(container) == .object
      self.following = container + 1
    }

    /// The next element's index, or the next key's.
    package mutating func next() -> Int? {
      guard following < tape.end(container) else { return nil }
      let child = following
      // An object's key is followed by its value: the member ends where the value's subtree ends.
      following = tape.end(isObject ? child + 1 : child)
      return child
    }
  }

  /// The path from the root to the value at `index`, as ``JSONValue/ParseError/path`` writes one:
  /// keys joined by `.`, indices in brackets (`timeline[3].duration`); empty for the root.
  /// - Complexity: O(m) in the entries of the containers on the way: for messages only.
  package func path(to index: Int) -> String {
    var out = ""
    var container = Self.root
    while container != index {
      let isObject = kind(container) == .object
      var child = container + 1
      var position = 0
      // The child whose subtree holds `index` (a member's subtree spans its key and its value).
      while end(isObject ? child + 1 : child) <= index {
        child = end(isObject ? child + 1 : child)
        position += 1
      }
      if isObject {
        let key = JSONValue.excerpt(string(child))
        out += out.isEmpty ? key : ".\(key)"
        if child == index { return out }
        container = child + 1
      } else {
        out += "[\(position)]"
        container = child
      }
    }
    return out
  }

  /// The value at `index` as a ``JSONValue`` tree, with positions.
  /// - Complexity: O(n) in the subtree's entries and text.
  package func value(_ index: Int) -> JSONValue {
    let kind: JSONValue.Kind
    switch self.kind(index) {
    case .object:
      kind = .object(
        children(index).map { key in
          JSONValue.Member(key: string(key), line: line(key), column: column(key), value: self.value(key + 1))
        })
    case .array: kind = .array(children(index).map { self.value($0) })
    case .string: kind = .string(string(index))
    case .number: kind = .number(number(index))
    case .bool: kind = .bool(bool(index))
    case .null: kind = .null
    }
    return JSONValue(kind, line: line(index), column: column(index))
  }
}
