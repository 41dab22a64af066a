import Foundation
import Testing

/// A trace's strings and file names reach every human-readable output with their control characters
/// escaped as `tracecat cat` shows them: no escape sequence, bell or line of the trace's making reaches
/// a terminal, and SVG and HTML stay well-formed XML.
@Suite struct TerminalEscapeTests {
  /// ESC sequences that clear the screen and retitle the window, BEL, CSI as a C1 control, DEL, a line
  /// separator, characters that draw nothing and a newline that would forge a line: as JSON, and as the
  /// outputs show it (the same text, since JSON writes C0 as `\u001b` and the outputs escape DEL, C1,
  /// U+2028 and the invisible characters the same way).
  static let hostile =
    #"x\u001b[2J\u001b]0;pwned\u0007\u009b31m\u007f\u2028\u200b\u3164\u2060\ufeff\nfake: line"#
  /// A file name with ESC, CSI, a zero-width space and a newline.
  static let name = "n\u{1B}[31m\u{9B}\u{200B}\nfake.foldtrace"
  static let shownName = #"n\u001b[31m\u009b\u200b\nfake.foldtrace"#

  /// A format 1.1 recording: its header's labels, a marker, a scroll anchor and an element on the
  /// fold (a reservedRegion failure) all hold ``hostile``.
  static func makeTrace(in fixture: TracecatFixture) throws {
    let h = hostile
    let lines = [
      #"{"kind":"header","version":"1.1","device":"d\#(h)","app":"a\#(h)","recorder":"r\#(h)"}"#,
      #"{"t":0,"kind":"sceneConnected","scene":1,"display":"internal","scale":2}"#,
      #"{"t":0,"kind":"geometry","scene":1,"size":[800,600],"safeArea":[0,0,0,0],"#
        + #""horizontal":"regular","vertical":"regular","interactive":false}"#,
      #"{"t":0,"kind":"regions","scene":1,"regions":[{"kind":"division","frame":[390,0,20,600],"active":true}]}"#,
      #"{"t":0,"kind":"scroll","scene":1,"offset":[0,10],"anchor":"item\#(h)","anchorTop":5}"#,
      #"{"t":1000,"kind":"layout","scene":1,"shape":"regularWide","presentation":"split","elements":"#
        + #"[{"id":"id\#(h)","frame":[380,10,44,44],"interactive":true}]}"#,
      #"{"t":500000000,"kind":"marker","label":"m\#(h)"}"#,
    ]
    _ = try fixture.file("hostile.jsonl", Array((lines.joined(separator: "\n") + "\n").utf8))
    let packed = try fixture.run(["pack", "-o", name, "hostile.jsonl"])
    #expect(packed.status == 0, "\(packed.stderr)")
  }

  /// What a terminal would act on or draw as nothing: a C0 control but the line break, DEL, a C1
  /// control, U+2028/U+2029, a default-ignorable code point, or a line the trace forged.
  static func raw(_ text: String) -> [String] {
    var found = text.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028
        || $0.value == 0x2029 || $0.properties.isDefaultIgnorableCodePoint
    }.map { String(format: "U+%04X", $0.value) }
    found += text.split(separator: "\n").filter { $0.hasPrefix("fake") }.map { "line: \($0)" }
    return found
  }

  @Test(arguments: [
    ["stats", name], ["cat", name], ["cat", name, "duo.foldtrace"], ["verify", name], ["check", name],
    ["replay", name], ["replay", "--compare", name], ["diff", name, "duo.foldtrace"],
    ["diff", "--replay", name, "duo.foldtrace"], ["slice", "--from", "0.2", "-o", "s" + name, name],
    ["recover", name], ["cat", "missing" + name], ["check", "."],
  ])
  func textOutputsEscapeTheTracesStringsAndNames(command: [String]) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try Self.makeTrace(in: fixture)
    let result = try fixture.run(command)
    #expect(Self.raw(result.text).isEmpty, "\(command): \(result.text)")
    #expect(Self.raw(result.stderr).isEmpty, "\(command): \(result.stderr)")
    if command != ["cat", Self.name] {  // The only output that does not name its one input.
      #expect((result.text + result.stderr).contains(Self.shownName), "\(command): \(result.text)")
    }
  }

  @Test func statsShowsTheHeadersLabelsEscaped() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try Self.makeTrace(in: fixture)
    let lines = try fixture.run(["stats", Self.name]).lines
    #expect(
      lines.prefix(4) == [
        "file:             \(Self.shownName)", "device:           d\(Self.hostile)",
        "app:              a\(Self.hostile)", "recorder:         r\(Self.hostile)",
      ])
  }

  @Test func checkShowsTheNameAndTheElementEscaped() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try Self.makeTrace(in: fixture)
    let result = try fixture.run(["check", Self.name])
    #expect(result.status == 1)
    #expect(result.lines[1].hasPrefix(Self.shownName + "  "), "\(result.text)")
    #expect(result.lines.contains("\(Self.shownName): 1 failure"), "\(result.text)")
    #expect(
      result.lines.contains {
        $0.hasPrefix("  Scene 1 at 0.000 s, element \"id\(Self.hostile)\": the interactive element rests")
      }, "\(result.text)")
  }

  @Test func catShowsDELC1AndLineSeparatorsEscaped() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try Self.makeTrace(in: fixture)
    let lines = try fixture.run(["cat", Self.name]).lines
    #expect(lines.first?.hasPrefix(#"# {"kind":"header","version":"1.1","device":"d"# + Self.hostile) == true)
    #expect(lines.last == #"    0.500    -  marker             label="m"# + Self.hostile + "\"")
    // --json keeps JSON's own escaping: DEL, C1 and U+2028 as they are.
    let json = try fixture.run(["cat", "--json", Self.name]).text
    #expect(
      json.contains(
        "\"label\":\"mx\\u001b[2J\\u001b]0;pwned\\u0007\u{9B}31m\u{7F}\u{2028}\u{200B}\u{3164}\u{2060}\u{FEFF}\\nfake: line\""
      ))
  }

  /// The pictures and the report show the strings as the terminal does, and stay well-formed XML.
  @Test(arguments: [
    ["plot", name], ["plot", "--replay", name], ["show", "--replay", "--at", "0.0005", name],
    ["show", "--at", "0.4", name],
  ])
  func picturesShowTheStringsEscapedAndParse(command: [String]) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try Self.makeTrace(in: fixture)
    let result = try fixture.run(command)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.raw(result.text).isEmpty, "\(command)")
    let svg = try SVGShapes(Data(result.stdout))
    #expect(svg.texts.contains { $0.text.contains(Self.shownName) }, "\(command): \(result.text)")
  }

  @Test func theReportShowsTheStringsEscaped() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try Self.makeTrace(in: fixture)
    let result = try fixture.run(["check", "--report", "report", Self.name])
    #expect(result.status == 1, "\(result.stderr)")
    let page = String(decoding: try fixture.bytes(of: "report/index.html"), as: UTF8.self)
    #expect(Self.raw(page).isEmpty)
    #expect(page.contains("<h2>\(Self.shownName) — <span class=\"fail\">FAIL (1)</span></h2>"), "\(page)")
    #expect(page.contains("element &quot;id\(Self.hostile)&quot;: the interactive element rests"))
  }
}
