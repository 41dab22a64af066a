import Foundation

/// A parsed line as the field readers see it: ``JSONLineScanner``'s nodes and the line's bytes.
///
/// **Memory safety.** Both buffers belong to the caller of
/// ``TraceJSONLines/decodeFast(_:lineNumber:scanner:)`` and are valid only while it runs; a tape and the
/// values made from it never outlive that call.
struct JSONTape {
  let nodes: UnsafeBufferPointer<JSONTapeNode>
  let bytes: UnsafeRawBufferPointer

  var root: JSONTapeValue { JSONTapeValue(tape: self, index: 0) }

  /// A string node's value: its bytes, or with escapes, what they stand for.
  ///
  /// - Complexity: O(*n*) in the string's length.
  static func string(_ node: JSONTapeNode, _ bytes: UnsafeRawBufferPointer) -> String {
    let raw = UnsafeRawBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)])
    guard node.flag else { return String(decoding: raw, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var index = 0
    func hex4(_ at: Int) -> UInt32 {
      var value: UInt32 = 0
      for byte in raw[at..<at + 4] {
        let digit: UInt8 =
          switch byte {
          case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
          case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
          default: byte - UInt8(ascii: "A") + 10
          }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
    while index < raw.count {
      let byte = raw[index]
      guard byte == UInt8(ascii: "\\") else {
        out.append(byte)
        index += 1
        continue
      }
      let escape = raw[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hex4(index)
        index += 4
        // A low surrogate must follow as another `\u` escape; any other escape after a high surrogate
        // (`\udaaf\"`) is not one, and its bytes are not hex digits.
        if scalar >= 0xD800 && scalar < 0xDC00 && index + 6 <= raw.count && raw[index] == UInt8(ascii: "\\")
          && raw[index + 1] == UInt8(ascii: "u")
        {
          let low = hex4(index + 2)
          if low >= 0xDC00 && low < 0xE000 {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            index += 6
          }
        }
        // A lone surrogate is refused by the scanner; it never reaches here in a line that parsed.
        let unicode = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        out.append(contentsOf: String(Character(unicode)).utf8)
      default: out.append(escape)  // \" \\ \/
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}

/// One value on a ``JSONTape``.
struct JSONTapeValue: JSONLineElement {
  let tape: JSONTape
  let index: Int

  private var node: JSONTapeNode { tape.nodes[index] }

  var typeName: String {
    switch node.kind {
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    case .array: "an array"
    case .object: "an object"
    }
  }

  var isNull: Bool { node.kind == .null }

  var stringValue: String? { node.kind == .string ? JSONTape.string(node, tape.bytes) : nil }

  var boolValue: Bool? { node.kind == .bool ? node.flag : nil }

  var doubleValue: Double? { node.kind == .number ? node.double : nil }

  var numberText: String? {
    let node = node
    guard node.kind == .number else { return nil }
    return String(decoding: tape.bytes[Int(node.start)..<Int(node.end)], as: UTF8.self)
  }

  /// As Foundation reads a `UInt64`: a plain integer literal exactly (`-0` too); any other number through
  /// its double, when that is a whole number under 2⁵³; from 2⁵³ on, by Foundation itself
  /// (``foundationWhole(_:)``).
  var unsignedValue: UInt64? {
    let node = node
    guard node.kind == .number else { return nil }
    guard node.flag else {
      let double = node.double
      if Self.isLargeWhole(double) { return foundationWhole(UInt64.self) }
      guard double >= 0 || double == 0, double < 0x1p53, double == double.rounded(.towardZero) else {
        return nil
      }
      return UInt64(double.magnitude)
    }
    var value: UInt64 = 0
    var index = Int(node.start)
    if tape.bytes[index] == UInt8(ascii: "-") {
      return node.double == 0 ? 0 : nil
    }
    while index < Int(node.end) {
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(UInt64(tape.bytes[index] - UInt8(ascii: "0")))
      if overflow || carry { return nil }
      value = sum
      index += 1
    }
    return value
  }

  /// As Foundation reads an `Int64`: a plain integer literal exactly; any other number through its
  /// double, when that is a whole number of magnitude under 2⁵³; from 2⁵³ on, by Foundation itself
  /// (``foundationWhole(_:)``).
  var signedValue: Int64? {
    let node = node
    guard node.kind == .number else { return nil }
    guard node.flag else {
      let double = node.double
      if Self.isLargeWhole(double) { return foundationWhole(Int64.self) }
      guard double.magnitude < 0x1p53, double == double.rounded(.towardZero) else { return nil }
      return Int64(double)
    }
    var index = Int(node.start)
    let negative = tape.bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var magnitude: UInt64 = 0
    while index < Int(node.end) {
      let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(UInt64(tape.bytes[index] - UInt8(ascii: "0")))
      if overflow || carry { return nil }
      magnitude = sum
      index += 1
    }
    if negative { return magnitude == UInt64(Int64.max) + 1 ? .min : Int64(exactly: magnitude).map { -$0 } }
    return Int64(exactly: magnitude)
  }

  /// A whole number of magnitude 2⁵³ … 2⁶⁴ not written as a plain integer (`1e17`, `9007199254740993.0`):
  /// Foundation reads it as an integer in a way its double does not reproduce.
  private static func isLargeWhole(_ double: Double) -> Bool {
    double.magnitude >= 0x1p53 && double.magnitude < 0x1p64 && double == double.rounded(.towardZero)
  }

  /// This number as Foundation's `JSONDecoder` reads it as `T` (the reference reading), from the
  /// number's own bytes only, so one such number costs its length and not a Foundation reading of the
  /// whole line; nil when Foundation refuses it.
  private func foundationWhole<T: FixedWidthInteger & Decodable>(_ type: T.Type) -> T? {
    var data = Data([UInt8(ascii: "[")])
    data.append(contentsOf: tape.bytes[Int(node.start)..<Int(node.end)])
    data.append(UInt8(ascii: "]"))
    return (try? JSONDecoder().decode([T].self, from: data))?.first
  }

  var elementCount: Int? { node.kind == .array ? Int(node.count) : nil }

  func forEachElement(_ body: (Int, JSONTapeValue) throws -> Void) rethrows {
    // Only the elements on the tape: readers iterate an array after checking its count against the
    // schema's limit, so they are all of them.
    var child = index + 1
    for position in 0..<Int(node.stored) {
      try body(position, JSONTapeValue(tape: tape, index: child))
      child = Int(tape.nodes[child].next)
    }
  }

  var members: JSONTapeMembers? { node.kind == .object ? JSONTapeMembers(tape: tape, index: index) : nil }
}

/// The members of an object on a ``JSONTape``.
struct JSONTapeMembers: JSONLineMembers {
  let tape: JSONTape
  let index: Int

  /// The first member whose key equals `key` as Swift compares strings (byte for byte for plain ASCII
  /// keys), among those on the tape (all a reader asks for: ``JSONLineScanner/Schema``).
  ///
  /// - Complexity: O(*m*) in the object's members.
  func value(_ key: String) -> JSONTapeValue? {
    var key = key
    return key.withUTF8 { wanted in
      var child = index + 1
      for _ in 0..<Int(tape.nodes[index].stored) {
        let keyNode = tape.nodes[child]
        let matches: Bool
        if keyNode.plain {
          matches =
            Int(keyNode.end - keyNode.start) == wanted.count
            && (wanted.isEmpty
              || memoryEqual(
                tape.bytes.baseAddress! + Int(keyNode.start), wanted.baseAddress!, count: wanted.count))
        } else {
          matches = JSONTape.string(keyNode, tape.bytes) == String(decoding: wanted, as: UTF8.self)
        }
        if matches { return JSONTapeValue(tape: tape, index: child + 1) }
        child = Int(tape.nodes[child + 1].next)
      }
      return nil
    }
  }
}
