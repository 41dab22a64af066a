/// Text as the tools show it to a person: bytes that are not text, written so they can be read back.
package enum DisplayText {
  /// Bytes that need not be UTF-8, such as a file name: printable ASCII as it is and every other byte as
  /// `\xFF` (two uppercase hex digits), `t\xFF.foldtrace` for the name `t`, 0xFF, `.foldtrace`.
  ///
  /// The form in which the tools name an argument or a directory entry that is not UTF-8.
  /// - Complexity: O(n) in the number of bytes.
  package static func bytes(_ bytes: some Sequence<UInt8>) -> String {
    var shown = ""
    for value in bytes {
      if value >= 0x20 && value < 0x7F {
        shown.unicodeScalars.append(Unicode.Scalar(value))
      } else {
        let hex = String(value, radix: 16, uppercase: true)
        shown += "\\x" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return shown
  }

  /// `text` with every control character and every character that draws nothing written out as JSON
  /// writes it, so nothing in a trace's strings or a file name can reach a terminal as a control — no
  /// escape sequence that moves the cursor or retitles the window, no line it did not print — or look
  /// like something else. The C0 controls (U+0000–U+001F) as `tracecat cat` shows them (JSON Lines:
  /// `\b \t \n \f \r`, else `\u001b`, lowercase hex); also, as `\u007f`, `\u009b`, `\u2028`, `\u202e`,
  /// DEL (U+007F), the C1 controls (U+0080–U+009F), the line and paragraph separators U+2028 and U+2029,
  /// which JSON leaves as they are, the bidirectional controls, which reorder a line on a terminal
  /// ("Trojan Source"): U+061C, U+200E, U+200F, U+202A–U+202E and U+2066–U+2069, and the characters that
  /// draw nothing (``isInvisible(_:)``: a zero-width space `\u200b`, a Hangul filler `\u3164`; above
  /// U+FFFF as a surrogate pair, `\udb40\udc41`), so `op\u200ben` never reads as `open`. A joiner
  /// (U+200D) or variation selector right after a drawn character (not a quote, a space or an escaped
  /// character) is kept: it shapes that character, as in an emoji. Nothing else changes, a backslash
  /// included: JSON text stays JSON with the same meaning, and escaping twice changes nothing.
  ///
  /// Every human-readable output of the tools takes a trace's strings and file names through it (the
  /// JSON outputs keep JSON's own escaping; SVG and HTML escape for XML).
  /// - Complexity: O(n) in the length of `text`; returns `text` itself when nothing needs escaping, after
  ///   one byte scan when no byte may start such a character (``mayStartEscape(_:)``).
  package static func escaped(_ text: String) -> String {
    var contiguous = text
    let suspect = contiguous.withUTF8 { bytes in bytes.contains(where: mayStartEscape) }
    guard suspect, text.unicodeScalars.contains(where: { isControl($0) || isInvisible($0) }) else {
      return text
    }
    var result = ""
    var afterDrawn = false
    for scalar in text.unicodeScalars {
      let shaping =
        scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
        || (0xE0100...0xE01EF).contains(scalar.value)
      guard isControl(scalar) || (isInvisible(scalar) && !(shaping && afterDrawn)) else {
        result.unicodeScalars.append(scalar)
        afterDrawn = scalar != "\"" && !scalar.properties.isWhitespace
        continue
      }
      afterDrawn = false
      switch scalar {
      case "\u{8}": result += "\\b"
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\u{C}": result += "\\f"
      case "\r": result += "\\r"
      default:
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      }
    }
    return result
  }

  /// `text` between double quotes as a sentence names a trace's id: abbreviated (``abbreviated(_:)``),
  /// a backslash written `\\` and a double quote `\"`, then escaped (``escaped(_:)``), so the closing
  /// quote is the only unescaped `"` and the text between the quotes reads as a JSON string does:
  /// `element "say \"hi\""`.
  /// - Complexity: O(1) in the length of `text` beyond its first 64 scalars.
  package static func quoted(_ text: String) -> String {
    let short = abbreviated(text)
    guard short.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") }) else {
      return "\"" + escaped(short) + "\""
    }
    var result = ""
    for scalar in short.unicodeScalars {
      if scalar == "\\" || scalar == "\"" { result.unicodeScalars.append("\\") }
      result.unicodeScalars.append(scalar)
    }
    return "\"" + escaped(result) + "\""
  }

  /// The most Unicode scalars of a trace's string that ``abbreviated(_:)`` keeps.
  package static let abbreviatedScalars = 64

  /// `text` as a sentence quotes it: whole when it holds at most 64 Unicode scalars
  /// (``abbreviatedScalars``), else its first 64, an ellipsis and its length in bytes of UTF-8 —
  /// `item-000…x… (1048576 bytes)` — so that a sentence naming a long id stays short. For ids and items
  /// in the tools' sentences (check failures, divergences); the JSON outputs' own fields keep them whole.
  /// Escape after abbreviating (``escaped(_:)``): the cut falls between scalars, never inside an escape.
  /// - Complexity: O(1): at most 64 scalars are read, and a native string's UTF-8 count is stored.
  package static func abbreviated(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard
      let cut = scalars.index(scalars.startIndex, offsetBy: abbreviatedScalars, limitedBy: scalars.endIndex),
      cut != scalars.endIndex
    else { return text }
    return String(scalars[..<cut]) + "… (\(text.utf8.count) bytes)"
  }

  /// Whether `byte` may start the UTF-8 form of a scalar ``escaped(_:)`` writes out: a byte below 0x20,
  /// 0x7F, or a lead byte of a C1 control, a separator, a bidi control or an invisible character
  /// (0xC2, 0xCD, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF, 0xF0, 0xF3). Text without one, nearly all, is returned
  /// after one byte scan.
  package static func mayStartEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || mayStartInvisible(byte)
  }

  /// Whether `byte` may start the UTF-8 form of a C1 control, U+2028, U+2029 or a character
  /// ``isInvisible(_:)`` names (the bidi controls among them): 0xC2 (U+0080–U+00BF), 0xCD, 0xD8, 0xE1,
  /// 0xE2, 0xE3, 0xEF, 0xF0, 0xF3.
  package static func mayStartInvisible(_ byte: UInt8) -> Bool {
    switch byte {
    case 0xC2, 0xCD, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF, 0xF0, 0xF3: true
    default: false
    }
  }

  /// Whether UTF-8 `bytes` hold a scalar ``escaped(_:)`` changes, but a C0 control: DEL, a C1 control,
  /// U+2028, U+2029 or an invisible character. For text whose C0 controls JSON has escaped (a `cat`
  /// line). Only a scalar whose lead byte ``mayStartInvisible(_:)`` names is decoded, so text in other
  /// scripts (Hangul syllables, kana, accented Latin) costs a byte comparison or two a byte. A joiner
  /// after a drawn character is found, though ``escaped(_:)`` keeps it.
  /// - Complexity: O(n) in the number of bytes.
  package static func mayNeedEscaping(_ bytes: ArraySlice<UInt8>) -> Bool {
    // ASCII, nearly every line, after one quick pass.
    guard var index = bytes.firstIndex(where: { $0 >= 0x7F }) else { return false }
    while index < bytes.endIndex {
      let lead = bytes[index]
      index += 1
      if lead == 0x7F { return true }
      guard mayStartInvisible(lead) else { continue }
      let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      guard index + length - 1 <= bytes.endIndex else { return true }
      var value = UInt32(lead) & (0xFF >> (length + 1))
      for offset in 0..<(length - 1) { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
      index += length - 1
      if (0x80...0x9F).contains(value) || value == 0x2028 || value == 0x2029 { return true }
      if let scalar = Unicode.Scalar(value), isInvisible(scalar) { return true }
    }
    return false
  }

  /// Whether `scalar` draws nothing: a default-ignorable code point (Unicode's
  /// Default_Ignorable_Code_Point: the soft hyphen, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0,
  /// zero-width spaces and joiners, bidi controls, variation selectors, tags, …), the Braille blank
  /// U+2800, or an interlinear annotation mark U+FFF9–U+FFFB (format characters that draw nothing).
  package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0xAD, 0x34F, 0x61C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x200B...0x200F: true
    case 0x202A...0x202E, 0x2060...0x206F, 0x2800, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0: true
    case 0xFFF0...0xFFFB, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF: true
    default: false
    }
  }

  /// Whether `escaped(_:)` writes `scalar` out whatever precedes it: C0, DEL, C1, U+2028, U+2029 and
  /// the bidi controls.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
