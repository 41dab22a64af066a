import FoldTrace
import Foundation
import Testing

/// A string's UTF-8 as the tools' writers take it: a column's plain words and quoted ASCII, JSON strings
/// escaped as `JSONEncoder` escapes them, bytes as they are.
@Suite struct OutputBytesTests {
  /// What ``OutputBytes/appendPrintableASCII(_:to:)`` appends after `prefix`, or nil when it declines.
  static func column(_ text: String) -> String? {
    var bytes = Array("x=".utf8)
    guard OutputBytes.appendPrintableASCII(text, to: &bytes) else {
      #expect(bytes == Array("x=".utf8))
      return nil
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func plainWordsAreBareAndOtherASCIIIsQuoted() {
    #expect(Self.column("compact") == "x=compact")
    #expect(Self.column("row-42") == "x=row-42")
    #expect(Self.column("a_b./:#Z9") == "x=a_b./:#Z9")
    #expect(Self.column("a b") == #"x="a b""#)
    #expect(Self.column("42") == #"x="42""#)
    #expect(Self.column("-a") == #"x="-a""#)
    #expect(Self.column("a,b") == #"x="a,b""#)
    #expect(Self.column("null") == #"x="null""#)
    #expect(Self.column("true") == #"x="true""#)
    #expect(Self.column("false") == #"x="false""#)
    #expect(Self.column("nulls") == "x=nulls")
    #expect(Self.column("") == #"x="""#)
    #expect(Self.column("~") == #"x="~""#)
  }

  @Test func textJSONEscapesIsDeclined() {
    #expect(Self.column(#"a"b"#) == nil)
    #expect(Self.column(#"a\b"#) == nil)
    #expect(Self.column("a\tb") == nil)
    #expect(Self.column("a\u{7F}") == nil)
    #expect(Self.column("café") == nil)
    #expect(Self.column("op\u{200B}en") == nil)
  }

  /// `texts` written one after another as JSON strings (or, with `asJSON` false, as their bytes) into a
  /// buffer with just the room the bound promises.
  static func written(_ texts: [String], asJSON: Bool) -> String {
    let room = texts.map { asJSON ? OutputBytes.jsonStringBound(utf8Count: $0.utf8.count) : $0.utf8.count }
    var storage = ContiguousArray<UInt8>(repeating: 0, count: room.reduce(0, +))
    var end = 0
    do {
      var span = storage.mutableSpan
      for text in texts {
        if asJSON {
          OutputBytes.write(jsonString: text, into: &span, at: &end)
        } else {
          OutputBytes.write(utf8: text, into: &span, at: &end)
        }
      }
    }
    return String(decoding: storage[..<end], as: UTF8.self)
  }

  static func jsonStrings(_ texts: [String]) -> String { written(texts, asJSON: true) }

  @Test func jsonStringsAreEscapedAsJSONEncoderEscapesThem() throws {
    #expect(Self.jsonStrings(["a/b", ""]) == #""a/b""""#)
    #expect(Self.jsonStrings([#"q"b\s"#]) == #""q\"b\\s""#)
    #expect(Self.jsonStrings(["\u{8}\u{C}\n\r\t\u{0}\u{1F}"]) == #""\b\f\n\r\t\u0000\u001f""#)
    #expect(Self.jsonStrings(["\u{7F}\u{2028}é😀"]) == "\"\u{7F}\u{2028}é😀\"")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for text in ["", "plain", "\u{1}\u{1B}[2J", #"\"\/"#, "\u{0}x\u{1F}", "a\u{2029}b", "\u{10FFFF}"] {
      let reference = String(decoding: try encoder.encode(text), as: UTF8.self)
      #expect(Self.jsonStrings([text]) == reference)
    }
  }

  @Test func jsonStringsStayInTheirBound() {
    // Every byte below 0x20 takes 6 bytes: the bound is met exactly.
    let controls = String(decoding: [UInt8](repeating: 0x01, count: 10), as: UTF8.self)
    let text = Self.jsonStrings([controls])
    #expect(text.utf8.count == OutputBytes.jsonStringBound(utf8Count: 10))
    #expect(text == "\"" + String(repeating: #"\u0001"#, count: 10) + "\"")
  }

  @Test func utf8IsWrittenAsItIs() {
    let texts = ["1.5", "", "e\u{301}\u{0}\"", "1e-07"]
    let written = Self.written(texts, asJSON: false)
    #expect(written == "1.5e\u{301}\u{0}\"1e-07")
    #expect(written.utf8.count == texts.map(\.utf8.count).reduce(0, +))
  }
}
