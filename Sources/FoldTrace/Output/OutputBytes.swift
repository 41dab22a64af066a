/// A string's UTF-8 copied into the tools' output bytes, quoted and escaped as their formats need: the
/// byte-level half of `tracecat`'s text columns and Chrome Trace JSON writers, so that the tools read
/// no string through a pointer (FoldTrace is the only home of byte-level unsafe code).
///
/// Each function reads the string's bytes in place (making a bridged string contiguous first) and
/// allocates nothing but what the destination's growth takes. None throws.
package enum OutputBytes {
  /// Appends `text` as a text column shows a JSON string (`tracecat cat`'s fields), when it is printable
  /// ASCII (U+0020–U+007E) without `"` or `\`, whose JSON text is its own bytes between quotes:
  /// - a plain word — an ASCII letter, then ASCII letters, digits and `-_./:#`, and not `null`, `true` or
  ///   `false` — as it is: `compact`, `row-42`;
  /// - anything else (`a b`, `42`, `null`, the empty string) between double quotes: `"a b"`, `""`.
  ///
  /// - Parameters:
  ///   - text: The string.
  ///   - bytes: The output, UTF-8; `text`'s bytes (and two quotes) are appended.
  /// - Returns: Whether `text` was appended; false, with `bytes` unchanged, when it holds a byte outside
  ///   printable ASCII, a `"` or a `\`, which its JSON text escapes or a column may escape further.
  /// - Complexity: O(n) in `text`'s UTF-8 bytes.
  package static func appendPrintableASCII(_ text: String, to bytes: inout [UInt8]) -> Bool {
    var text = text
    return text.withUTF8 { utf8 -> Bool in
      guard
        utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
      else { return false }
      if isPlainWord(utf8) {
        bytes.append(contentsOf: utf8)
      } else {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: utf8)
        bytes.append(UInt8(ascii: "\""))
      }
      return true
    }
  }

  /// Whether printable ASCII `utf8` is a plain word: a letter, then letters, digits and `-_./:#`, and not
  /// `null`, `true` or `false`.
  private static func isPlainWord(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    func isLetter(_ byte: UInt8) -> Bool {
      (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
    guard let first = utf8.first, isLetter(first) else { return false }
    for byte in utf8 where !isLetter(byte) {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || plainPunctuation.contains(byte) else {
        return false
      }
    }
    return
      !(utf8.elementsEqual("null".utf8) || utf8.elementsEqual("true".utf8)
      || utf8.elementsEqual("false".utf8))
  }

  private static let plainPunctuation = Array("-_./:#".utf8)

  /// The most bytes ``write(jsonString:into:at:)`` writes for a string of `utf8Count` bytes of UTF-8:
  /// two quotes and 6 a byte (`\u00xx`).
  ///
  /// - Complexity: O(1).
  package static func jsonStringBound(utf8Count: Int) -> Int { 2 + 6 * utf8Count }

  /// Writes `text` as a JSON string, quoted and escaped as Foundation's `JSONEncoder` escapes it with
  /// `.withoutEscapingSlashes`: `"` and `\` with a backslash; U+0008, U+000C, U+000A, U+000D, U+0009 as
  /// `\b`, `\f`, `\n`, `\r`, `\t`; the other bytes below 0x20 as `\u00xx` (lowercase hex); every other
  /// byte — `/`, U+007F, U+2028, all non-ASCII — as it is.
  ///
  /// - Parameters:
  ///   - text: The string.
  ///   - span: The output; `span[end...]` must have room for ``jsonStringBound(utf8Count:)`` bytes. A
  ///     store past its end traps (the span checks its bounds), having written a prefix.
  ///   - end: Where the text starts, in bytes into `span`; advanced past it.
  /// - Complexity: O(n) in `text`'s UTF-8 bytes.
  package static func write(jsonString text: String, into span: inout MutableSpan<UInt8>, at end: inout Int) {
    span[end] = UInt8(ascii: "\"")
    end += 1
    var text = text
    text.withUTF8 { utf8 in
      for byte in utf8 {
        if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
          span[end] = byte
          end += 1
        } else {
          writeEscape(of: byte, into: &span, at: &end)
        }
      }
    }
    span[end] = UInt8(ascii: "\"")
    end += 1
  }

  /// Writes the escape of `byte`, a quote, a backslash or a byte below 0x20.
  private static func writeEscape(of byte: UInt8, into span: inout MutableSpan<UInt8>, at end: inout Int) {
    span[end] = UInt8(ascii: "\\")
    end += 1
    let short: UInt8? =
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte
      case 0x08: UInt8(ascii: "b")
      case 0x0C: UInt8(ascii: "f")
      case 0x0A: UInt8(ascii: "n")
      case 0x0D: UInt8(ascii: "r")
      case 0x09: UInt8(ascii: "t")
      default: nil
      }
    if let short {
      span[end] = short
      end += 1
      return
    }
    span[end] = UInt8(ascii: "u")
    span[end + 1] = UInt8(ascii: "0")
    span[end + 2] = UInt8(ascii: "0")
    span[end + 3] = hexDigit(byte >> 4)
    span[end + 4] = hexDigit(byte & 0xF)
    end += 5
  }

  /// The lowercase hexadecimal digit of `value` (0…15).
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  /// Writes `text`'s UTF-8 bytes as they are.
  ///
  /// - Parameters:
  ///   - text: The string.
  ///   - span: The output; `span[end...]` must have room for `text.utf8.count` bytes. A store past its
  ///     end traps (the span checks its bounds), having written a prefix.
  ///   - end: Where the bytes start, in bytes into `span`; advanced past them.
  /// - Complexity: O(n) in `text`'s UTF-8 bytes.
  package static func write(utf8 text: String, into span: inout MutableSpan<UInt8>, at end: inout Int) {
    var text = text
    text.withUTF8 { utf8 in
      for byte in utf8 {
        span[end] = byte
        end += 1
      }
    }
  }
}
