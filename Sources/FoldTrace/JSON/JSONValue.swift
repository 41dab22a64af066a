import Foundation

/// A JSON value with the line and column where it starts: the one JSON value model of FoldTrace and the
/// packages beside it.
///
/// Three readers and one writer share it:
/// - ``parse(_:)``, an RFC 8259 parser that keeps positions, so scenario errors can point at a line and
///   column (`JSONSerialization` forgets them); it builds the tree from a ``FlatJSON``, the compact
///   tape that scenarios are read from;
/// - Foundation's `JSONDecoder` (``init(from:)``), the reference reading of a JSON Lines line, which the
///   fast path (``JSONLineScanner`` and its tape) is tested against, and the path for kinds the fast path
///   does not know; its values have no position (line and column 0);
/// - ``rendered()``, the reference writing of a JSON Lines line, which ``JSONLineWriter`` is tested
///   against.
///
/// Objects keep their members in the order given, so a written line's key order is the contract's and
/// never a dictionary's.
package struct JSONValue: Sendable, Equatable {
  /// A JSON value's kind and contents.
  package enum Kind: Sendable, Equatable {
    /// An object; members in source order.
    case object([Member])
    /// An array.
    case array([JSONValue])
    /// A string.
    case string(String)
    /// A number.
    case number(JSONNumber)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
  }

  /// An object member: key, key position and value.
  package struct Member: Sendable, Equatable {
    /// The key.
    package var key: String
    /// The 1-based line of the key (0 when read without positions).
    package var line: Int
    /// The 1-based column of the key, in bytes (0 when read without positions).
    package var column: Int
    /// The value.
    package var value: JSONValue

    /// Creates a member.
    package init(key: String, line: Int = 0, column: Int = 0, value: JSONValue) {
      self.key = key
      self.line = line
      self.column = column
      self.value = value
    }
  }

  /// The kind and contents.
  package var kind: Kind
  /// 1-based line where the value starts (0 when read without positions).
  package var line: Int
  /// 1-based column where the value starts, in bytes (0 when read without positions).
  package var column: Int

  /// Creates a value that starts at `line` and `column` (0: no position).
  package init(_ kind: Kind, line: Int = 0, column: Int = 0) {
    self.kind = kind
    self.line = line
    self.column = column
  }
}

/// A JSON number: its double, its whole-number reading and its text.
package struct JSONNumber: Sendable, Equatable {
  /// The number as a finite double.
  package var double: Double
  /// The number as a whole number in 0 … 2⁶⁴−1 when its text is exactly one, in any form (`1e19`,
  /// `1.5e3`, `1500.0`: ``JSONValue/parse(_:)`` reads the decimal text exactly), or nil.
  package var unsigned: UInt64?
  /// The number's text: as written in the source, or as ``JSONValue/rendered()`` writes it.
  package var text: String
  /// The number as a whole number in -2⁶³ … 2⁶³−1, as Foundation's `JSONDecoder` reads an `Int64`, or
  /// nil (``JSONValue/parse(_:)`` reads only plain digits).
  package var signed: Int64?

  /// Creates a number.
  package init(double: Double, unsigned: UInt64?, text: String, signed: Int64? = nil) {
    self.double = double
    self.unsigned = unsigned
    self.text = text
    self.signed = signed ?? unsigned.flatMap { Int64(exactly: $0) }
  }
}

// MARK: - Building values to write

extension JSONValue {
  /// A string.
  package static func string(_ value: String) -> JSONValue { JSONValue(.string(value)) }

  /// A double, written as Foundation writes it (``numberText(_:)``).
  package static func number(_ value: Double) -> JSONValue {
    JSONValue(.number(JSONNumber(double: value, unsigned: nil, text: numberText(value))))
  }

  /// A whole number, written exactly.
  package static func integer(_ value: UInt64) -> JSONValue {
    JSONValue(.number(JSONNumber(double: Double(value), unsigned: value, text: String(value))))
  }

  /// A signed whole number, written exactly (`-1234567890123456789`).
  package static func signed(_ value: Int64) -> JSONValue {
    JSONValue(
      .number(
        JSONNumber(
          double: Double(value), unsigned: UInt64(exactly: value), text: String(value), signed: value)))
  }

  /// `true` or `false`.
  package static func bool(_ value: Bool) -> JSONValue { JSONValue(.bool(value)) }

  /// `null`.
  package static var null: JSONValue { JSONValue(.null) }

  /// An array.
  package static func array(_ values: [JSONValue]) -> JSONValue { JSONValue(.array(values)) }

  /// An array of numbers.
  package static func numbers(_ values: Double...) -> JSONValue { .array(values.map(number)) }

  /// An object whose members come in the order given.
  package static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
    JSONValue(.object(pairs.map { Member(key: $0.0, value: $0.1) }))
  }
}

// MARK: - Writing

extension JSONValue {
  /// The value as compact JSON text: strings escaped by Foundation's `JSONEncoder`, numbers as their
  /// ``JSONNumber/text``.
  ///
  /// - Complexity: O(n) in the text's length.
  package func rendered() -> String {
    var out = ""
    out.reserveCapacity(96)
    render(into: &out)
    return out
  }

  private func render(into out: inout String) {
    switch kind {
    case .string(let string): out += Self.quoted(string)
    case .number(let number): out += number.text
    case .bool(let value): out += value ? "true" : "false"
    case .null: out += "null"
    case .array(let values):
      out += "["
      for (index, value) in values.enumerated() {
        if index > 0 { out += "," }
        value.render(into: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { out += "," }
        out += Self.quoted(member.key)
        out += ":"
        member.value.render(into: &out)
      }
      out += "}"
    }
  }

  /// A double as JSON, as Foundation writes it: Swift's shortest round-trip `description`, with a trailing
  /// `.0` dropped (`390`, `0.1`, `1e-05`, `-0`). Non-finite values, which a valid trace never holds,
  /// become `null` (and the decoder refuses them).
  package static func numberText(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }

  /// A string as JSON, escaped by Foundation. Plain ASCII keys and values skip the encoder.
  package static func quoted(_ string: String) -> String {
    if string.utf8.allSatisfy({
      $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
    }) {
      return "\"" + string + "\""
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    // Encoding a String cannot fail.
    return String(decoding: try! encoder.encode(string), as: UTF8.self)
  }
}

// MARK: - Reading

extension JSONValue {
  /// The value at `key` of an object (its first occurrence); nil when there is none or this is no object.
  ///
  /// - Complexity: O(m) in the object's members.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    return members.first { $0.key == key }?.value
  }
}

extension JSONValue {
  /// The most Unicode scalars of a token (a number, a string, a key) an error message quotes.
  package static let excerptLimit = 40

  /// `text` as an error message quotes it: whole when it has at most ``excerptLimit`` Unicode scalars,
  /// otherwise its first ``excerptLimit`` followed by `…`, so that a 5 MB token makes a short message.
  /// Scalars, not characters: one character may hold any number of them (a letter and a million
  /// combining marks).
  /// - Complexity: O(``excerptLimit``).
  package static func excerpt(_ text: some StringProtocol) -> String {
    let scalars = text.unicodeScalars
    let end =
      scalars.index(scalars.startIndex, offsetBy: excerptLimit, limitedBy: scalars.endIndex)
      ?? scalars.endIndex
    guard end != scalars.endIndex else { return String(text) }
    return String(String.UnicodeScalarView(scalars[..<end])) + "…"
  }
}
