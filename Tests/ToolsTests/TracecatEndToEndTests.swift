import FoldTrace
import Foundation
import Testing

@Suite struct TracecatEndToEndTests {
  func run(_ arguments: [String], stdin: [UInt8]? = nil, _ fixture: TracecatFixture) throws
    -> TracecatRunner.Result
  {
    try TracecatRunner.run(arguments, stdin: stdin, in: fixture.directory)
  }

  @Test func catPrintsAlignedColumns() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let result = try run(["duo.foldtrace"], fixture)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let lines = result.lines
    #expect(lines.count == fixture.events.count + 1)
    #expect(lines.first == "# " + TraceJSONLines.encode(header: TracecatFixture.header))
    #expect(lines[1] == "    0.000    1  sceneConnected     display=external scale=3")
    #expect(lines[3] == "    0.001    -  hinge              status=closed angle=0")
    #expect(lines.last == "    2.500    1  selection          item=item-7")
    #expect(lines[lines.count - 2] == "    2.500    -  marker             label=\"opened → internal\"")
    for (line, event) in zip(lines.dropFirst(), fixture.events) {
      let kind = line.dropFirst(16).prefix(19)
      #expect(kind == event.kind.name + String(repeating: " ", count: 19 - event.kind.name.count), "\(line)")
    }
  }

  /// Pack writes the archive policy: the fixture (recorded with the default policy) comes back as the
  /// bytes an archive writer makes of the same events, and packing that again changes nothing.
  @Test func jsonThenPackIsByteIdentical() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let json = try run(["--json", "duo.foldtrace"], fixture)
    #expect(json.status == 0)
    #expect(json.lines.count == fixture.events.count + 1)
    #expect(try TraceJSONLines.decode(document: json.text).events == fixture.events)
    let archive = try TraceWriter(header: TracecatFixture.header, policy: .archive)
    for event in fixture.events { try archive.append(event) }
    try archive.close()
    let packed = try run(["pack", "-"], stdin: json.stdout, fixture)
    #expect(packed.status == 0, "\(packed.stderr)")
    #expect(
      firstDifference(packed.stdout, archive.bytes) == nil, "packed trace differs from an archive writer's")
    #expect(packed.stdout.count < fixture.bytes.count)
    let toFile = try run(["pack", "-", "-o", "copy.foldtrace"], stdin: json.stdout, fixture)
    #expect(toFile.status == 0)
    let copy = Array(try Data(contentsOf: fixture.directory.appendingPathComponent("copy.foldtrace")))
    #expect(firstDifference(copy, archive.bytes) == nil, "copy.foldtrace differs from an archive writer's")
    let again = try run(["--json", "copy.foldtrace"], fixture)
    let repacked = try run(["pack", "-"], stdin: again.stdout, fixture)
    #expect(firstDifference(repacked.stdout, copy) == nil, "packing an archive trace changed it")
  }

  @Test func dashReadsStandardInput() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let fromFile = try run(["--json", "duo.foldtrace"], fixture)
    let fromStdin = try run(["cat", "--json", "-"], stdin: fixture.bytes, fixture)
    #expect(fromStdin.status == 0)
    #expect(fromStdin.stdout == fromFile.stdout)
    let twice = try run(["-", "-"], stdin: fixture.bytes, fixture)
    #expect(twice.status == 2)
  }

  @Test func truncatedTracePrintsCompleteFramesThenFails() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let reader = try TraceReader(bytes: fixture.bytes, name: "duo")
    var frames: [TraceFrame] = []
    while let frame = try reader.nextFrame() { frames.append(frame) }
    #expect(frames.count >= 3)
    let cut = frames[2].offset + frames[2].size / 2
    let torn = try fixture.file("torn.foldtrace", Array(fixture.bytes[..<cut]))
    let expected = frames[0].events.count + frames[1].events.count

    let cat = try run([torn], fixture)
    #expect(cat.status == 4)
    #expect(cat.lines.count == expected + 1)
    #expect(cat.stderr.contains("torn.foldtrace: byte \(frames[2].offset):"), "\(cat.stderr)")

    let verify = try run(["verify", torn], fixture)
    #expect(verify.status == 4)
    #expect(verify.stdout.isEmpty)
    #expect(verify.stderr.contains("byte \(frames[2].offset)"))

    let recover = try run(["recover", torn], fixture)
    #expect(recover.status == 4, "\(recover.stderr)")
    #expect(recover.text.contains("kept 2 frames, dropped \(cut - frames[2].offset) bytes"))
    let after = try run(["verify", torn], fixture)
    #expect(after.status == 0)
    #expect(
      after.text
        == "torn.foldtrace: valid, 3 frames, \(expected + 1) events, \(try fileSize(fixture, torn)) bytes\n")
  }

  @Test func emptyFileIsInvalid() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let empty = try fixture.file("empty.foldtrace", [])
    let result = try run(["verify", empty], fixture)
    #expect(result.status == 1)
    #expect(
      result.stderr == "tracecat: error: empty.foldtrace: byte 0: not a FoldTrace trace: the file is empty\n")
  }

  @Test func nonTraceFileIsInvalid() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let text = try fixture.file("notes.txt", Array("just some text\n".utf8))
    for arguments in [[text], ["verify", text], ["stats", text]] {
      let result = try run(arguments, fixture)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stderr.contains("notes.txt"))
      #expect(result.stderr.contains("not a FoldTrace trace"))
    }
  }

  @Test func usageErrorsExitTwoWithTheNearestSpelling() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let flag = try run(["--jsn", "duo.foldtrace"], fixture)
    #expect(flag.status == 2)
    #expect(flag.stdout.isEmpty)
    #expect(
      flag.stderr
        == "tracecat: error: unknown option '--jsn' for 'cat'\nhint: did you mean '--json'? See 'tracecat cat --help'.\n"
    )
    let command = try run(["stat", "duo.foldtrace"], fixture)
    #expect(command.status == 2)
    #expect(command.stderr.contains("did you mean 'stats'?"))
    let help = try run(["help", "vrfy"], fixture)
    #expect(help.status == 2)
    #expect(
      help.stderr
        == "tracecat: error: unknown subcommand 'vrfy'\nhint: did you mean 'verify'? See 'tracecat --help'.\n"
    )
    #expect(try run([], fixture).status == 2)
    #expect(try run(["pack", "a", "b"], fixture).status == 2)
    #expect(try run(["recover", "-"], fixture).status == 2)
  }

  /// `-s=1` and `-s 1` mean the same; a value may start with '-' (`-s -,1`, the device-wide events and
  /// scene 1); `--s` and `--o` are not the short options `-s` and `-o`.
  @Test func shortOptionsTakeInlineAndDashValuesButNotTwoDashes() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let spaced = try run(["-s", "1", "duo.foldtrace"], fixture)
    #expect(spaced.status == 0)
    #expect(!spaced.stdout.isEmpty)
    let inline = try run(["-s=1", "duo.foldtrace"], fixture)
    #expect(inline.status == 0)
    #expect(inline.stdout == spaced.stdout)
    let both = try run(["-s", "-,1", "duo.foldtrace"], fixture)
    #expect(both.status == 0, "\(both.stderr)")
    // Scene 1's lines plus the device-wide ones (the hinge), which `-s 1` alone leaves out.
    #expect(!String(decoding: spaced.stdout, as: UTF8.self).contains(" hinge "))
    #expect(String(decoding: both.stdout, as: UTF8.self).contains(" hinge "))
    #expect(both.stdout.count > spaced.stdout.count)
    #expect(try run(["-s", "-", "duo.foldtrace"], fixture).status == 0)
    let long = try run(["--s", "1", "duo.foldtrace"], fixture)
    #expect(long.status == 2)
    #expect(long.stderr.hasPrefix("tracecat: error: unknown option '--s' for 'cat'\n"))
    let output = try run(["pack", "--o", "out.foldtrace", "-"], fixture)
    #expect(output.status == 2)
    #expect(output.stderr.contains("unknown option '--o' for 'pack'"))
  }

  @Test func missingFileIsAnIOError() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let result = try run(["verify", "duo.foldtrace", "absent.foldtrace"], fixture)
    #expect(result.status == 3)
    #expect(result.text.hasPrefix("duo.foldtrace: valid"))
    #expect(result.stderr.contains("absent.foldtrace"))
  }

  @Test func statsCountsEventsFramesAndBytes() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let result = try run(["stats", "duo.foldtrace"], fixture)
    #expect(result.status == 0)
    let rows = Dictionary(
      result.lines.map { line -> (String, String) in
        let parts = line.split(separator: ":", maxSplits: 1)
        return (parts[0].trimmingCharacters(in: .whitespaces), parts[1].trimmingCharacters(in: .whitespaces))
      }, uniquingKeysWith: { first, _ in first })
    #expect(rows["events"] == String(fixture.events.count))
    #expect(rows["geometry"] == "301")
    #expect(rows["hinge"] == "301")
    #expect(rows["duration"] == "2.500 s")
    #expect(rows["bytes"] == String(fixture.bytes.count))
    let reader = try TraceReader(bytes: fixture.bytes, name: "duo")
    #expect(rows["frames"] == String(try reader.frameCount()))
  }

  @Test func malformedJSONLinesNameTheLine() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let document =
      TraceJSONLines.encode(header: TracecatFixture.header) + "\n"
      + TraceJSONLines.encode(event: fixture.events[0])
      + "\n" + #"{"t":5,"kind":"geometry","scene":1,"size":[1]}"# + "\n"
    let result = try run(["pack", "-o", "bad.foldtrace"], stdin: Array(document.utf8), fixture)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "tracecat: error: <stdin>: line 3, field \"size\": expected [w, h] (2 numbers), got 1 element\n")
  }

  @Test(arguments: HelpTests.subcommands)
  func everySubcommandHasHelpWithAnExample(_ name: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let result = try run([name, "--help"], fixture)
    #expect(result.status == 0)
    #expect(result.text.contains("USAGE: tracecat \(name)"))
    let examples = try #require(result.text.components(separatedBy: "EXAMPLES:\n").last)
    #expect(examples.hasPrefix("  tracecat "))
  }

  /// The first byte offset where two byte strings differ (a length difference counts), or nil.
  func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
    if let index = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] }) { return index }
    return a.count == b.count ? nil : min(a.count, b.count)
  }

  func fileSize(_ fixture: TracecatFixture, _ name: String) throws -> Int {
    try Data(contentsOf: fixture.directory.appendingPathComponent(name)).count
  }
}
