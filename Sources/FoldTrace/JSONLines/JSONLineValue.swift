import Foundation

/// A JSON value whose objects keep their keys in the order given, so a line's key order is the contract's
/// and never a dictionary's.
///
/// Strings are escaped by Foundation's `JSONEncoder`; doubles are written as Foundation writes them: Swift's
/// shortest round-trip `description`, with a trailing `.0` dropped (`390`, `0.1`, `1e-05`, `-0`).
enum JSONLineValue {
  case string(String)
  case number(Double)
  case integer(UInt64)
  case bool(Bool)
  case null
  case array([JSONLineValue])
  case object([(String, JSONLineValue)])

  /// A JSON array of numbers.
  static func numbers(_ values: Double...) -> Self { .array(values.map(Self.number)) }

  /// The value as compact JSON text.
  func rendered() -> String {
    var out = ""
    out.reserveCapacity(96)
    render(into: &out)
    return out
  }

  private func render(into out: inout String) {
    switch self {
    case .string(let string): out += Self.quoted(string)
    case .number(let value): out += Self.number(value)
    case .integer(let value): out += String(value)
    case .bool(let value): out += value ? "true" : "false"
    case .null: out += "null"
    case .array(let values):
      out += "["
      for (index, value) in values.enumerated() {
        if index > 0 { out += "," }
        value.render(into: &out)
      }
      out += "]"
    case .object(let pairs):
      out += "{"
      for (index, (key, value)) in pairs.enumerated() {
        if index > 0 { out += "," }
        out += Self.quoted(key)
        out += ":"
        value.render(into: &out)
      }
      out += "}"
    }
  }

  /// A double as JSON: the shortest text that reads back to the same bits. Non-finite values, which a valid
  /// trace never holds, become `null` (and the decoder refuses them).
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }

  /// A string as JSON, escaped by Foundation. Plain ASCII keys and values skip the encoder.
  static func quoted(_ string: String) -> String {
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
