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

  /// `text` with every control character written out as JSON writes it, so nothing in a trace's
  /// strings or a file name can reach a terminal as a control: no escape sequence that moves the cursor
  /// or retitles the window, no line it did not print. The C0 controls (U+0000–U+001F) as
  /// `tracecat cat` shows them (JSON Lines: `\b \t \n \f \r`, else `\u001b`, lowercase hex); also,
  /// as `\u007f`, `\u009b`, `\u2028`, `\u202e`, DEL (U+007F), the C1 controls (U+0080–U+009F), the
  /// line and paragraph separators U+2028 and U+2029, which JSON leaves as they are, and the bidirectional
  /// controls, which reorder a line on a terminal ("Trojan Source"): U+061C, U+200E, U+200F,
  /// U+202A–U+202E and U+2066–U+2069. Nothing else changes, a backslash included: JSON text stays JSON
  /// with the same meaning, and escaping twice changes nothing.
  ///
  /// Every human-readable output of the tools takes a trace's strings and file names through it (the
  /// JSON outputs keep JSON's own escaping; SVG and HTML escape for XML).
  /// - Complexity: O(n) in the length of `text`; returns `text` itself when nothing needs escaping.
  package static func escaped(_ text: String) -> String {
    var contiguous = text
    let suspect = contiguous.withUTF8 { bytes in bytes.contains(where: mayStartEscape) }
    guard suspect, text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      guard isControl(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\u{8}": result += "\\b"
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\u{C}": result += "\\f"
      case "\r": result += "\\r"
      default:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return result
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
  /// 0x7F, 0xC2 (U+0080–U+00BF), 0xD8 (U+0600–U+063F) or 0xE2 (U+2000–U+2FFF). Text without one, nearly
  /// all, is returned after one byte scan.
  package static func mayStartEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
  }

  /// Whether `escaped(_:)` writes `scalar` out: C0, DEL, C1, U+2028, U+2029 and the bidi controls.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
