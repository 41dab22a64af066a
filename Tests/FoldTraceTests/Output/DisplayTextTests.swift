import FoldTrace
import Testing

/// How the tools show text to a person: control characters escaped as JSON writes them, the rest as is.
@Suite struct DisplayTextTests {
  @Test func controlCharactersAreEscapedAsJSONWritesThem() {
    #expect(
      DisplayText.escaped("d\u{1B}[2J\u{1B}]0;pwned\u{7}\nfake: line")
        == #"d\u001b[2J\u001b]0;pwned\u0007\nfake: line"#)
    #expect(DisplayText.escaped("\u{8}\t\n\u{C}\r\u{0}\u{1F}") == #"\b\t\n\f\r\u0000\u001f"#)
    // Beyond JSON: DEL, the C1 controls (U+009B is CSI on a terminal) and the line separators.
    #expect(
      DisplayText.escaped("a\u{7F}b\u{80}c\u{9B}2Jd\u{9F}e\u{2028}f\u{2029}g")
        == #"a\u007fb\u0080c\u009b2Jd\u009fe\u2028f\u2029g"#)
  }

  /// Bidirectional controls reorder a line on a terminal ("Trojan Source"): the Arabic letter mark, the
  /// left-to-right and right-to-left marks, the embeddings, overrides and isolates and their pops.
  @Test func bidiControlsAreEscaped() {
    let bidi: [UInt32] =
      [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E]
      + [0x2066, 0x2067, 0x2068, 0x2069]
    for value in bidi {
      let text = "a" + String(Unicode.Scalar(value)!) + "b"
      let hex = String(value, radix: 16)
      #expect(DisplayText.escaped(text) == "a\\u" + String(repeating: "0", count: 4 - hex.count) + hex + "b")
    }
    #expect(
      DisplayText.escaped("access\u{202E} \u{2066}// admin\u{2069} \u{2066}")
        == #"access\u202e \u2066// admin\u2069 \u2066"#)
    // Neighbours that are not controls stay: U+061B, U+200D (a joiner after it), U+2030. (U+2065 and
    // U+206A draw nothing, and are escaped as such.)
    let neighbours = "\u{61B}\u{200D}\u{2030}"
    #expect(DisplayText.escaped(neighbours) == neighbours)
  }

  /// Characters that draw nothing (default-ignorable code points and the Braille blank) are written out
  /// as `tracecat cat` writes them, so a label never looks empty or like its visible part alone; a joiner
  /// or variation selector right after a drawn character shapes it and stays.
  @Test func charactersThatDrawNothingAreEscaped() {
    #expect(DisplayText.escaped("op\u{200B}en") == #"op\u200ben"#)
    #expect(DisplayText.escaped("\u{3164}") == #"\u3164"#)
    #expect(DisplayText.escaped("a\u{2060}b\u{FEFF}c\u{AD}d\u{2800}") == #"a\u2060b\ufeffc\u00add\u2800"#)
    // Above U+FFFF as JSON writes it, a surrogate pair.
    #expect(DisplayText.escaped("x\u{E0041}") == #"x\udb40\udc41"#)
    #expect(DisplayText.escaped("a\u{FFF9}b\u{FFFA}c\u{FFFB}") == #"a\ufff9b\ufffac\ufffb"#)
    // A joiner or variation selector after a drawn character is kept; alone, after a space or a quote,
    // or after another escaped character, it is escaped.
    let emoji = "\u{1F469}\u{200D}\u{1F4BB} \u{2764}\u{FE0F}"
    #expect(DisplayText.escaped(emoji) == emoji)
    #expect(
      DisplayText.escaped("\u{200D}a \u{FE0F}\"\u{200D}\u{200B}\u{200D}")
        == #"\u200da \ufe0f"\u200d\u200b\u200d"#)
    var unescaped: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value),
        scalar.properties.isDefaultIgnorableCodePoint || value == 0x2800
      else { continue }
      let shown = DisplayText.escaped(" " + String(scalar))
      if !shown.hasPrefix(" \\u") || !shown.unicodeScalars.allSatisfy(\.isASCII) { unescaped.append(value) }
    }
    #expect(unescaped == [])
  }

  @Test func everythingElseIsUnchanged() {
    let plain = #"plain "quoted" \ back/slash é ✓ 😀 U+00A0: "# + "\u{A0}\u{202F}"
    #expect(DisplayText.escaped(plain) == plain)
    #expect(DisplayText.escaped("") == "")
  }

  /// The C0 controls read as in `tracecat cat`: the bytes of JSON Lines strings.
  @Test func c0MatchesTheJSONLinesForm() {
    for value in 0..<0x20 {
      let text = String(Unicode.Scalar(UInt8(value)))
      let json = TraceJSONLines.encode(event: TraceEvent(time: 0, .marker(text)))
      #expect(json.contains("\"label\":\"\(DisplayText.escaped(text))\""), "\(json)")
    }
  }

  /// Escaping twice changes nothing, and JSON text stays JSON with the same meaning.
  @Test func escapingIsIdempotentAndKeepsJSON() throws {
    let label = "x\u{1B}\u{7F}\u{85}\u{2028}\"\\y"
    let json = TraceJSONLines.encode(event: TraceEvent(time: 0, .marker(label)))
    let shown = DisplayText.escaped(json)
    #expect(DisplayText.escaped(shown) == shown)
    #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    let decoded = try TraceJSONLines.decode(
      document: #"{"kind":"header","version":"1.0","device":"d","app":"a","recorder":"r"}"# + "\n" + shown)
    #expect(decoded.events == [TraceEvent(time: 0, .marker(label))])
  }

  /// A sentence quotes an id to 64 Unicode scalars and its length in bytes: a 1 MiB id no longer
  /// makes every sentence naming it 1 MiB.
  @Test func aLongIdIsAbbreviatedToSixtyFourScalars() {
    let sixtyFour = String(repeating: "é", count: 64)
    #expect(DisplayText.abbreviated(sixtyFour) == sixtyFour)
    #expect(DisplayText.abbreviated("") == "")
    #expect(DisplayText.abbreviated(sixtyFour + "x") == sixtyFour + "… (129 bytes)")
    let long = "item-" + String(repeating: "x", count: 1_048_571)
    let shown = DisplayText.abbreviated(long)
    #expect(shown == "item-" + String(repeating: "x", count: 59) + "… (1048576 bytes)")
    // Scalars, not characters: a cut may split a cluster, never a scalar or an escape made after it.
    let flags = String(repeating: "🇫🇷", count: 40)
    #expect(DisplayText.abbreviated(flags) == String(repeating: "🇫🇷", count: 32) + "… (320 bytes)")
    #expect(
      DisplayText.escaped(DisplayText.abbreviated(String(repeating: "\u{1B}", count: 65)))
        == String(repeating: #"\u001b"#, count: 64) + "… (65 bytes)")
  }

  /// Between quotes, an id's own quote and backslash are escaped, so the closing quote is the only bare
  /// one; control characters are escaped as everywhere, and a long id is abbreviated first.
  @Test func aQuotedIdEscapesItsQuotesAndBackslashes() {
    #expect(DisplayText.quoted("toolbar") == #""toolbar""#)
    #expect(DisplayText.quoted(#"say "hi""#) == #""say \"hi\"""#)
    #expect(DisplayText.quoted(#"a\u001b"#) == #""a\\u001b""#)
    #expect(DisplayText.quoted("a\u{1B}b") == #""a\u001bb""#)
    #expect(DisplayText.quoted("") == #""""#)
    let long = String(repeating: "\"", count: 65)
    #expect(DisplayText.quoted(long) == "\"" + String(repeating: #"\""#, count: 64) + "… (65 bytes)\"")
  }

  @Test func bytesShowPrintableASCIIAndEscapeTheRest() {
    #expect(DisplayText.bytes(Array("t".utf8) + [0xFF] + Array(".foldtrace".utf8)) == #"t\xFF.foldtrace"#)
    #expect(DisplayText.bytes([0x1B, 0x7F, 0xC3, 0xA9, 0x20, 0x5C]) == #"\x1B\x7F\xC3\xA9 \"#)
  }
}
