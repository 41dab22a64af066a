import FoldTrace
import Foundation

/// JSON text of ``ChromeTraceEvent``s, written by hand into a reused block of bytes: byte for byte what
/// Foundation's `JSONEncoder` writes for each event with `.sortedKeys` and `.withoutEscapingSlashes`
/// (``referenceEncoder``), at a small fraction of its cost — no intermediate value tree, no key sorting
/// (``ChromeTraceEvent/Arguments`` keeps its keys in order), no `Data`, no allocation per event.
///
/// What "byte for byte" rests on (Foundation's JSON writer on every platform the toolchain ships):
/// - Keys in the order of their UTF-8 bytes: `args`, `cat`, `dur`, `name`, `ph`, `pid`, `s`, `tid`, `ts`;
///   an absent optional is left out; the arguments' keys in the same order.
/// - Strings: `"` and `\` escaped with a backslash; U+0008, U+000C, U+000A, U+000D and U+0009 as `\b`,
///   `\f`, `\n`, `\r`, `\t`; the other bytes below 0x20 as `\u00xx` (lower-case hex); everything else —
///   `/`, U+007F, U+2028, every non-ASCII scalar — as its UTF-8 bytes. A Swift `String` holds no lone
///   surrogate (its UTF-8 is valid), so none is ever written.
/// - Integers (``ChromeTraceEvent/Argument/count(_:)`` included) in decimal; a `Double` as its `description`
///   less a trailing `.0` (`1`, `-0`, `0.1`, `1e-07`, `1e+21`, `5e-324`). Integral values below 2⁵³ in
///   magnitude take a faster path with the same digits.
/// - NaN and the infinities have no JSON spelling: `JSONEncoder` refuses them with an `EncodingError`. An
///   event holding one is handed to ``referenceEncoder``, so the error (or, should it ever accept one, the
///   text) is exactly its own.
///
/// `Tests/ToolsTests/ChromeTraceJSONTests.swift` holds the writer to the encoder on tricky strings and
/// numbers.
struct ChromeTraceJSON {
  /// The encoder whose output this writer reproduces, and which it defers to for non-finite numbers.
  static var referenceEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The text not yet taken is `storage[..<count]`; the rest of `storage` is room. An event is written
  /// only after the room is made for the most bytes it can take (``bound(of:)``), and every store is
  /// bounds-checked by the span it goes through.
  private var storage: ContiguousArray<UInt8>
  /// Bytes written and not yet taken.
  private(set) var count = 0

  /// An empty text with room for `capacity` bytes; the room grows when an event needs more.
  init(capacity: Int) { storage = ContiguousArray(repeating: 0, count: max(capacity, 256)) }

  /// Takes the text written so far; the room stays for what follows.
  ///
  /// - Complexity: O(n) in the bytes taken.
  mutating func take() -> [UInt8] {
    defer { count = 0 }
    return Array(storage[..<count])
  }

  /// Appends `bytes` as they are (the document's frame, the separators between events).
  ///
  /// - Complexity: O(n) in the bytes.
  mutating func append(raw bytes: some Collection<UInt8>) {
    makeRoom(bytes.count)
    var end = count
    var span = storage.mutableSpan
    for byte in bytes { Self.put(byte, &span, &end) }
    count = end
  }

  /// Appends `event`'s JSON object (no separator, no newline).
  ///
  /// - Throws: `EncodingError` when the event holds a non-finite number, as `JSONEncoder` does; nothing
  ///   is appended then.
  /// - Complexity: O(n) in the event's text.
  mutating func append(_ event: ChromeTraceEvent) throws {
    guard event.numbersAreFinite else {
      append(raw: try Self.referenceEncoder.encode(event))
      return
    }
    makeRoom(Self.bound(of: event))
    var end = count
    var span = storage.mutableSpan
    Self.put(UInt8(ascii: "{"), &span, &end)
    if let args = event.args {
      Self.put(Key.args, &span, &end)
      var first = true
      args.forEach { key, value in
        if !first { Self.put(UInt8(ascii: ","), &span, &end) }
        first = false
        Self.put(string: key, &span, &end)
        Self.put(UInt8(ascii: ":"), &span, &end)
        switch value {
        case .text(let text): Self.put(string: text, &span, &end)
        case .number(let number): Self.put(number: number, &span, &end)
        case .count(let count): Self.put(unsigned: count, &span, &end)
        }
      }
      Self.put(UInt8(ascii: "}"), &span, &end)
      Self.put(UInt8(ascii: ","), &span, &end)
    }
    if let cat = event.cat {
      Self.put(Key.cat, &span, &end)
      Self.put(string: cat, &span, &end)
      Self.put(UInt8(ascii: ","), &span, &end)
    }
    if let dur = event.dur {
      Self.put(Key.dur, &span, &end)
      Self.put(number: dur, &span, &end)
      Self.put(UInt8(ascii: ","), &span, &end)
    }
    Self.put(Key.name, &span, &end)
    Self.put(string: event.name, &span, &end)
    Self.put(Key.ph, &span, &end)
    Self.put(string: event.ph, &span, &end)
    Self.put(Key.pid, &span, &end)
    Self.put(integer: event.pid, &span, &end)
    if let s = event.s {
      Self.put(Key.s, &span, &end)
      Self.put(string: s, &span, &end)
    }
    Self.put(Key.tid, &span, &end)
    Self.put(integer: event.tid, &span, &end)
    Self.put(Key.ts, &span, &end)
    Self.put(number: event.ts, &span, &end)
    Self.put(UInt8(ascii: "}"), &span, &end)
    count = end
  }

  /// Makes room for `bytes` more, at least doubling the room when it grows.
  private mutating func makeRoom(_ bytes: Int) {
    let missing = count + bytes - storage.count
    if missing > 0 { storage.append(contentsOf: repeatElement(0, count: max(missing, storage.count))) }
  }

  /// The most bytes `event`'s text can take: the keys and punctuation, 6 a byte of text (`\u00xx`), 24
  /// a number (`-2.2250738585072014e-308`), 20 an integer (`-9223372036854775808`).
  static func bound(of event: ChromeTraceEvent) -> Int {
    var textBytes = event.name.utf8.count + event.ph.utf8.count
    textBytes += (event.cat?.utf8.count ?? 0) + (event.s?.utf8.count ?? 0)
    var numbers = 2
    var arguments = 0
    event.args?.forEach { key, value in
      arguments += 1
      textBytes += key.utf8.count
      switch value {
      case .text(let text): textBytes += text.utf8.count
      case .number, .count: numbers += 1
      }
    }
    // 64 bytes of keys and punctuation, 8 of quotes around the four strings; per argument 6 of quotes,
    // colon and comma.
    return 72 + 6 * textBytes + 6 * arguments + 24 * numbers + 2 * 20
  }

  /// The keys, each with the punctuation around it.
  private enum Key {
    static let args = Array(#""args":{"#.utf8)
    static let cat = Array(#""cat":"#.utf8)
    static let dur = Array(#""dur":"#.utf8)
    static let name = Array(#""name":"#.utf8)
    static let ph = Array(#","ph":"#.utf8)
    static let pid = Array(#","pid":"#.utf8)
    static let s = Array(#","s":"#.utf8)
    static let tid = Array(#","tid":"#.utf8)
    static let ts = Array(#","ts":"#.utf8)
  }

  private static func put(_ byte: UInt8, _ span: inout MutableSpan<UInt8>, _ end: inout Int) {
    span[end] = byte
    end += 1
  }

  private static func put(_ bytes: [UInt8], _ span: inout MutableSpan<UInt8>, _ end: inout Int) {
    for byte in bytes { put(byte, &span, &end) }
  }

  /// Writes `text` as a JSON string, quoted and escaped as `JSONEncoder` escapes it
  /// (`OutputBytes.write(jsonString:into:at:)`; ``bound(of:)`` leaves it the room it needs).
  private static func put(string text: String, _ span: inout MutableSpan<UInt8>, _ end: inout Int) {
    OutputBytes.write(jsonString: text, into: &span, at: &end)
  }

  /// Writes `value` in decimal, as `Int.description` spells it.
  private static func put(integer value: Int, _ span: inout MutableSpan<UInt8>, _ end: inout Int) {
    if value < 0 { put(UInt8(ascii: "-"), &span, &end) }
    put(unsigned: UInt64(value.magnitude), &span, &end)
  }

  /// Writes `value` in decimal, as `UInt64.description` spells it.
  private static func put(unsigned value: UInt64, _ span: inout MutableSpan<UInt8>, _ end: inout Int) {
    var magnitude = value
    var digits = 1
    var rest = magnitude / 10
    while rest != 0 {
      digits += 1
      rest /= 10
    }
    // Written from the last digit back.
    var index = end + digits
    end = index
    repeat {
      index -= 1
      span[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
      magnitude /= 10
    } while magnitude != 0
  }

  /// Writes a finite `value` as `JSONEncoder` spells it: its `description` less a trailing `.0`.
  private static func put(number value: Double, _ span: inout MutableSpan<UInt8>, _ end: inout Int) {
    // An integral value below 2⁵³ in magnitude is described as its digits and ".0" (never in exponent
    // form), and converts to Int exactly; -0.0 is described as "-0.0", so it takes the general path.
    if value.magnitude < 0x1p53, value == value.rounded(.towardZero), !(value == 0 && value.sign == .minus) {
      put(integer: Int(value), &span, &end)
      return
    }
    let start = end
    OutputBytes.write(utf8: value.description, into: &span, at: &end)
    if end - start > 2, span[end - 2] == UInt8(ascii: "."), span[end - 1] == UInt8(ascii: "0") { end -= 2 }
  }
}

extension ChromeTraceEvent {
  /// Whether every number the event holds is finite: what JSON can spell.
  var numbersAreFinite: Bool {
    guard ts.isFinite, dur?.isFinite ?? true else { return false }
    var finite = true
    args?.forEach { _, value in
      if case .number(let number) = value, !number.isFinite { finite = false }
    }
    return finite
  }
}
