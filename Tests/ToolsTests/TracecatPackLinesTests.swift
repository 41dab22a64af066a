import Foundation
import Testing

/// `tracecat pack` splits its input at `\n` bytes: CRLF documents (valid JSON Lines: `\r` is JSON
/// whitespace) pack to the same trace, and bytes that are not UTF-8 are refused with their line rather
/// than silently replaced by U+FFFD.
@Suite struct TracecatPackLinesTests {
  @Test func crlfJSONLinesPackToTheSameTrace() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let json = try TracecatRunner.run(["--json", fixture.trace.lastPathComponent], in: fixture.directory)
    try #require(json.status == 0)
    var crlf: [UInt8] = []
    for byte in json.stdout {
      if byte == UInt8(ascii: "\n") { crlf.append(UInt8(ascii: "\r")) }
      crlf.append(byte)
    }
    #expect(crlf.count == json.stdout.count + json.lines.count)
    let packed = try TracecatRunner.run(["pack", "-"], stdin: crlf, in: fixture.directory)
    #expect(packed.status == 0)
    #expect(packed.stderr == "")
    let lf = try TracecatRunner.run(["pack", "-"], stdin: json.stdout, in: fixture.directory)
    #expect(lf.status == 0)
    #expect(!packed.stdout.isEmpty)
    #expect(packed.stdout == lf.stdout)
  }

  @Test func bytesThatAreNotUTF8NameTheirLine() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let header = #"{"kind":"header","version":"1.0","device":"d","app":"a","recorder":"r"}"#
    let document =
      Array((header + "\n" + #"{"t":1,"kind":"marker","label":"ok"}"# + "\n").utf8)
      + Array(#"{"t":2,"kind":"marker","label":""#.utf8) + [0xFF, 0xFE] + Array("\"}\n".utf8)
    let packed = try TracecatRunner.run(["pack", "-"], stdin: document, in: fixture.directory)
    #expect(packed.status == 1)
    #expect(packed.stdout.isEmpty)
    #expect(packed.stderr == "tracecat: error: <stdin>: line 3: not valid UTF-8 at byte 33\n")
  }

  /// An integer out of its field's range is quoted as written, with the field's own range, never as
  /// its rounded double (2⁶⁴ read `1.8446744073709552e+19`, and -2⁶³−1 read as -2⁶³, which is in range).
  @Test(arguments: [
    (
      Self.header + "}\n" + #"{"t":18446744073709551616,"kind":"marker","label":"x"}"#,
      #"line 2, field "t": 18446744073709551616 is out of range: "#
        + "expected an integer number of nanoseconds within 0 … 2⁶⁴−1"
    ),
    (
      Self.header + "}\n" + #"{"t":0,"kind":"sceneDisconnected","scene":18446744073709551617}"#,
      #"line 2, field "scene": 18446744073709551617 is out of range: "#
        + "expected an integer scene id within 0 … 2³²−1"
    ),
    (
      Self.header + #","wallClock":-9223372036854775809}"#,
      #"line 1, field "wallClock": -9223372036854775809 is out of range: "#
        + "expected an integer number of nanoseconds within -2⁶³ … 2⁶³−1"
    ),
  ])
  func outOfRangeIntegersQuoteTheirText(_ document: String, _ reason: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let packed = try TracecatRunner.run(
      ["pack", "-"], stdin: Array((document + "\n").utf8), in: fixture.directory)
    #expect(packed.status == 1)
    #expect(packed.stdout.isEmpty)
    #expect(packed.stderr == "tracecat: error: <stdin>: \(reason)\n")
  }

  /// A header line without its closing brace.
  static let header = #"{"kind":"header","version":"1.2","device":"D","app":"A","recorder":"R""#

  /// A UTF-8 byte-order mark at the start of the document is skipped, as `foldsim` skips one at the start
  /// of a scenario; one anywhere else is not JSON.
  @Test func aByteOrderMarkAtTheStartIsSkipped() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let json = try TracecatRunner.run(["--json", fixture.trace.lastPathComponent], in: fixture.directory)
    try #require(json.status == 0)
    let marked = try TracecatRunner.run(
      ["pack", "-"], stdin: [0xEF, 0xBB, 0xBF] + json.stdout, in: fixture.directory)
    #expect(marked.status == 0)
    #expect(marked.stderr == "")
    let plain = try TracecatRunner.run(["pack", "-"], stdin: json.stdout, in: fixture.directory)
    #expect(!plain.stdout.isEmpty)
    #expect(marked.stdout == plain.stdout)
    let second = json.lines.firstIndex { !$0.contains("header") } ?? 1
    var lines = json.lines
    lines[second] = "\u{FEFF}" + lines[second]
    let inside = try TracecatRunner.run(
      ["pack", "-"], stdin: Array((lines.joined(separator: "\n") + "\n").utf8), in: fixture.directory)
    #expect(inside.status == 1)
    #expect(
      inside.stderr.hasPrefix("tracecat: error: <stdin>: line \(second + 1): not valid JSON"),
      "\(inside.stderr)")
    // Named as a mark, not as the Latin-1 letter of its first byte ('\u{ef}').
    #expect(
      inside.stderr.hasSuffix("found U+FEFF (a byte-order mark, allowed only at the start)\n"),
      "\(inside.stderr)")
    let control = try TracecatRunner.run(
      ["pack", "-"], stdin: Array("{\"kind\":\u{1}}\n".utf8), in: fixture.directory)
    #expect(control.stderr.hasSuffix("expected a value at byte 9, found U+0001\n"), "\(control.stderr)")
  }

  /// A byte position in an error after a skipped byte-order mark counts from the start of the file, as
  /// a hex dump shows it: the mark's three bytes included.
  @Test func positionsAfterAByteOrderMarkCountFromTheFilesStart() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let line = Array(#"{"kind" "header"}"#.utf8) + [0x0A]
    let plain = try TracecatRunner.run(["pack", "-"], stdin: line, in: fixture.directory)
    #expect(
      plain.stderr.contains("line 1: not valid JSON: expected ':' after the key at byte 9, found '\"'"),
      "\(plain.stderr)")
    let marked = try TracecatRunner.run(
      ["pack", "-"], stdin: [0xEF, 0xBB, 0xBF] + line, in: fixture.directory)
    #expect(marked.status == 1)
    #expect(
      marked.stderr.contains("line 1: not valid JSON: expected ':' after the key at byte 12, found '\"'"),
      "\(marked.stderr)")
    let comma = Array(#"{"kind":"header",}"#.utf8) + [0x0A]
    let trailing = try TracecatRunner.run(
      ["pack", "-"], stdin: [0xEF, 0xBB, 0xBF] + comma, in: fixture.directory)
    #expect(trailing.stderr.contains("at byte 21"), "\(trailing.stderr)")
  }

  /// The writer stores the header as given, so `pack` used to exit 0 with a trace `tracecat` refuses.
  @Test(arguments: [
    (
      #"{"kind":"header","version":"2.0","device":"d","app":"a","recorder":"r"}"#,
      "format version 2.0 cannot be written by this writer (it writes 1.x)"
    ),
    (
      #"{"kind":"header","version":"1.0","device":""# + String(repeating: "d", count: 70_000)
        + #"","app":"a","recorder":"r"}"#,
      "the header's labels take 70024 bytes, over the 64 KiB a header may hold"
    ),
  ])
  func headersNoReaderAcceptsAreRefused(_ header: String, _ reason: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let document = Array(("\n" + header + "\n" + #"{"t":1,"kind":"marker","label":"x"}"# + "\n").utf8)
    let packed = try TracecatRunner.run(
      ["pack", "-", "-o", "out.foldtrace"], stdin: document, in: fixture.directory)
    #expect(packed.status == 1)
    #expect(
      packed.stderr
        == "tracecat: error: <stdin>: line 2: the header would make an unreadable trace: \(reason)\n")
    #expect(
      !FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent("out.foldtrace").path))
  }

  /// A `presented` line whose ids total more than 512 KiB is refused by the writer's rule, naming its
  /// line, as the reader refuses such a record; nothing is published. A line of 540 KB was packed when
  /// only the record's size was bounded, and the same sample, its ids defined by earlier layouts, read.
  @Test func aSampleOfTooManyIdBytesIsRefusedByLine() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let elements = (0..<9).map { index in
      #"{"id":""# + String(format: "%05d", index) + String(repeating: "x", count: 59_995)
        + #"","frame":[0,0,10,10],"opacity":1}"#
    }
    let document = Array(
      (#"{"kind":"header","version":"1.1","device":"d","app":"a","recorder":"r"}"# + "\n"
        + #"{"t":1,"kind":"sceneConnected","scene":1,"display":"window","scale":2}"# + "\n"
        + #"{"t":2,"kind":"presented","scene":1,"elements":["# + elements.joined(separator: ",") + "]}\n")
        .utf8)
    let packed = try TracecatRunner.run(
      ["pack", "-", "-o", "out.foldtrace"], stdin: document, in: fixture.directory)
    #expect(packed.status == 1)
    #expect(
      packed.stderr
        == "tracecat: error: <stdin>: line 3: refused presented event at 2 ns, scene 1: its strings total "
        + "540000 bytes of UTF-8 (an id counted at every element naming it), more than 524288; it was not "
        + "written\n")
    #expect(
      !FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent("out.foldtrace").path))
  }

  /// Nine scenes' layouts of 512 KiB of ids each: every line is within the rules for one event, but
  /// the ninth would take the state every keyframe repeats over 4 MiB of strings, so the writer's rule
  /// refuses it, naming its line, and nothing is published. Pack wrote it, and with 40 such layouts a
  /// trace whose keyframes held 20 MiB, more than the 16 MiB frames `tracecat` reads.
  @Test func aStateOverTheLimitIsRefusedByLine() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    var document = #"{"kind":"header","version":"1.1","device":"d","app":"a","recorder":"r"}"# + "\n"
    for scene in 1...9 {
      document +=
        #"{"t":\#(scene),"kind":"sceneConnected","scene":\#(scene),"display":"window","scale":2}"# + "\n"
    }
    for scene in 1...9 {
      let elements = (0..<8).map { index in
        #"{"id":""# + String(format: "%03d-%05d-", scene, index) + String(repeating: "x", count: 65_526)
          + #"","frame":[0,0,10,10],"interactive":false}"#
      }
      document +=
        #"{"t":\#(9 + scene),"kind":"layout","scene":\#(scene),"elements":["#
        + elements.joined(separator: ",")
        + "]}\n"
    }
    let packed = try TracecatRunner.run(
      ["pack", "-", "-o", "out.foldtrace"], stdin: Array(document.utf8), in: fixture.directory)
    #expect(packed.status == 1)
    #expect(
      packed.stderr
        == "tracecat: error: <stdin>: line 19: refused layout event at 18 ns, scene 9: the session state's "
        + "strings (each connected scene's anchor, selection and layout) would total 4718592 bytes of UTF-8, "
        + "more than 4194304; it was not written\n")
    #expect(
      !FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent("out.foldtrace").path))
  }

  /// `pack` read its whole input before decoding: `pack /dev/zero` grew without bound. Now a line over
  /// 4 MiB is refused, naming it, and nothing is published.
  @Test func anOverLongLineIsRefusedByNumber() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let header = #"{"kind":"header","version":"1.0","device":"d","app":"a","recorder":"r"}"#
    let document = Array((header + "\n\n").utf8) + [UInt8](repeating: 0x20, count: (4 << 20) + 1)
    let packed = try TracecatRunner.run(
      ["pack", "-", "-o", "out.foldtrace"], stdin: document, in: fixture.directory)
    #expect(packed.status == 1)
    #expect(
      packed.stderr
        == "tracecat: error: <stdin>: line 3: longer than 4194304 bytes (4 MiB), the limit for one line; "
        + "is this JSON Lines?\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).filter {
        $0.contains("out.foldtrace")
      }.isEmpty)
  }

  /// The limit is on the line without its terminator: a marker line of exactly 4 MiB packs whether it ends
  /// in `\n` or `\r\n` (CRLF used to be refused), and one byte more is refused in both.
  @Test(arguments: [false, true]) func theLineLimitExcludesTheTerminator(_ crlf: Bool) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let header = #"{"kind":"header","version":"1.0","device":"d","app":"a","recorder":"r"}"#
    let end: [UInt8] = crlf ? [0x0D, 0x0A] : [0x0A]
    func marker(_ length: Int) -> [UInt8] {
      let open = Array(#"{"t":1,"kind":"marker","label":"x"}"#.utf8)
      return open + [UInt8](repeating: 0x20, count: length - open.count) + end
    }
    let exact = Array(header.utf8) + end + marker(4 << 20)
    let packed = try TracecatRunner.run(
      ["pack", "-", "-o", "out.foldtrace"], stdin: exact, in: fixture.directory)
    #expect(packed.status == 0)
    #expect(packed.stderr == "")
    let over = Array(header.utf8) + end + marker((4 << 20) + 1)
    let refused = try TracecatRunner.run(
      ["pack", "-", "-o", "x.foldtrace"], stdin: over, in: fixture.directory)
    #expect(refused.status == 1)
    #expect(refused.stderr.hasPrefix("tracecat: error: <stdin>: line 2: longer than 4194304 bytes"))
  }

  @Test func devZeroIsRefusedAtItsFirstLine() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let packed = try TracecatRunner.run(["pack", "/dev/zero", "-o", "z.foldtrace"], in: fixture.directory)
    #expect(packed.status == 1)
    #expect(packed.stderr.hasPrefix("tracecat: error: /dev/zero: line 1: longer than 4194304 bytes"))
  }

  /// Frames are written as lines are read: a document of many events packs to the same trace as before,
  /// in more than one frame, and OUT appears complete.
  @Test func aLongDocumentStreamsToTheSameTrace() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let header = #"{"kind":"header","version":"1.0","device":"d","app":"a","recorder":"r"}"#
    var lines = [header]
    for index in 0..<40_000 {
      lines.append(
        #"{"t":"# + String(index * 1000) + #","kind":"scroll","scene":1,"offset":[0,"# + String(index) + "]}")
    }
    let document = Array((lines.joined(separator: "\n") + "\n").utf8)
    let packed = try TracecatRunner.run(["pack", "-"], stdin: document, in: fixture.directory)
    #expect(packed.status == 0)
    let toFile = try TracecatRunner.run(
      ["pack", "-", "-o", "out.foldtrace"], stdin: document, in: fixture.directory)
    #expect(toFile.status == 0)
    let written = try Data(contentsOf: fixture.directory.appendingPathComponent("out.foldtrace"))
    #expect(Array(written) == packed.stdout)
    let back = try TracecatRunner.run(["--json", "out.foldtrace"], in: fixture.directory)
    #expect(back.stdout == document)
  }
}
