import FoldTrace
import Foundation
import TestSupport
import Testing

/// Cases an attack pass on the tools found, each failing before its fix.
@Suite struct AttackRegressionTests {
  /// `--force` never replaces the trace a command reads from standard input: `plot --force -o v.ft -`
  /// with standard input redirected from v.ft is refused (exit 3) and v.ft keeps its bytes.
  /// A usage error quotes an option or value the user gave cut to 40 scalars and `…`
  /// (``JSONValue/excerpt(_:)``), so a 100 000-character argument makes a one-line message.
  @Test(arguments: [
    ["--x" + String(repeating: "x", count: 100_000)],
    ["cat", "--from", String(repeating: "9", count: 100_000), "t"],
    ["replay", "--shard", String(repeating: "1", count: 100_000), "t"],
    ["cat", "--kind", String(repeating: "k", count: 100_000), "t"],
    ["cat", "--scene", String(repeating: "s", count: 100_000), "t"],
  ])
  func aLongArgumentIsQuotedCut(_ arguments: [String]) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let result = try fixture.run(arguments)
    #expect(result.status == 2, "\(result.stderr.prefix(300))")
    #expect(result.stderr.utf8.count < 400, "\(result.stderr.prefix(300))")
    #expect(result.stderr.contains("…'"), "\(result.stderr.prefix(300))")
  }

  @Test(arguments: [["plot"], ["export", "--chrome"]])
  func forceNeverReplacesTheTraceOnStandardInput(command: [String]) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let executable = try #require(TracecatRunner.executable)
    let before = try fixture.bytes(of: "duo.foldtrace")
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "\"$0\" " + command.joined(separator: " ") + " --force -o duo.foldtrace - < duo.foldtrace",
        executable.path,
      ],
      in: fixture.directory, stdin: [])
    #expect(result.status == 3, "\(result.stderr)")
    #expect(result.stderr.contains("is this command's input '-'"), "\(result.stderr)")
    let after = try fixture.bytes(of: "duo.foldtrace")
    #expect(after == before)
  }

  /// A size near the largest double (accepted by every reader) plots: the chart's grid steps stay
  /// finite instead of looping forever (the limit turns that loop into a failure).
  @Test(.timeLimit(.minutes(10))) func aSizeNearTheLargestDoublePlots() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    _ = try fixture.file(
      "huge.jsonl",
      Array(
        (#"{"kind":"header","version":"1.0","device":"iPhone Duo","app":"x","recorder":"y"}"# + "\n"
          + #"{"t":0,"kind":"sceneConnected","scene":1,"display":"external","scale":3}"# + "\n"
          + #"{"t":0,"kind":"geometry","scene":1,"size":[1.5e308,2],"safeArea":[0,0,0,0],"#
          + #""horizontal":"compact","vertical":"regular","interactive":false}"# + "\n"
          + #"{"t":5,"kind":"marker","label":"x\u0008y\u0000z"}"# + "\n").utf8))
    #expect(try fixture.run(["pack", "-o", "huge.foldtrace", "huge.jsonl"]).status == 0)
    let plot = try fixture.run(["plot", "huge.foldtrace"])
    #expect(plot.status == 0, "\(plot.stderr)")
    // The marker's control characters would make the SVG unreadable XML: they show escaped, as in
    // `tracecat cat`.
    #expect(!plot.stdout.contains(0x08) && !plot.stdout.contains(0x00))
    #expect(plot.text.contains(#"x\by\u0000z"#))
  }

  /// A session that ends at the last nanosecond a trace can hold (2⁶⁴ − 1 ns) — a handover and the
  /// app's presented samples within a second of it — draws, exports and replays: no time arithmetic
  /// traps (a single presented sample is drawn one refresh long; a handover looks 1 s ahead).
  @Test(arguments: [
    ["plot"], ["plot", "--replay"], ["plot", "--from", "18446744072"], ["export", "--chrome"],
    ["export", "--chrome", "--replay"], ["replay", "--json"], ["show", "--at", "18446744073.7"],
  ])
  func aSessionEndingAtTheLastNanosecondDraws(command: [String]) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    for name in ["app-duo-book-fold.foldtrace", "duo-second-scene.foldtrace"] {
      let trace = try TraceReader.readAll(path: Corpus.directory.appendingPathComponent(name).path)
      let end = try #require(trace.events.last).time
      let writer = try TraceWriter(header: trace.header)
      for event in trace.events {
        try writer.append(TraceEvent(time: UInt64.max - (end - event.time), event.payload))
      }
      try writer.close()
      _ = try fixture.file(name, writer.bytes)
      let result = try fixture.run(command + [name])
      #expect(result.status == 0 || result.status == 1, "\(command) \(name): \(result.stderr)")
      #expect(!result.stderr.contains("runtime failure"), "\(command) \(name)")
    }
  }

  /// `-o /dev/stdin` when standard input is a pipe would feed the output back into the command (pack
  /// then waited forever for its own end of file; slice and show wrote into their input and lost the
  /// output): refused, exit 3, for every command that writes.
  @Test(arguments: [
    "\"$0\" --json duo.foldtrace | \"$0\" pack -o /dev/stdin",
    "\"$0\" --json duo.foldtrace | \"$0\" pack -o /dev/fd/0",
    "cat duo.foldtrace | \"$0\" slice -o /dev/stdin -",
    "cat duo.foldtrace | \"$0\" plot -o /dev/stdin -",
    "cat duo.foldtrace | \"$0\" export --chrome -o /dev/stdin -",
    "cat duo.foldtrace | \"$0\" show --at 1 -o /dev/stdin -",
    "echo | \"$0\" plot -o /dev/stdin duo.foldtrace",
    "echo | \"$0\" slice -o /dev/stdin duo.foldtrace",
  ])
  func anOutputIntoTheInputPipeIsRefused(pipeline: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let executable = try #require(TracecatRunner.executable)
    // `timeout` bounds the old hang; a refusal takes milliseconds.
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "timeout 30 sh -c '" + pipeline + "' \"$0\"", executable.path],
      in: fixture.directory, stdin: [])
    #expect(result.status == 3, "\(pipeline): \(result.stderr)")
    // Named by where it is, not as an input: the last two commands read a file.
    #expect(result.stderr.contains("is the pipe on this command's standard input;"), "\(pipeline)")
    #expect(!result.stderr.contains("input '-'"), "\(pipeline)")
  }

  /// `slice -o FIFO` and `pack -o FIFO` open it write-only, as a shell's `>` does. Opened read-write,
  /// the command held the FIFO's read end itself: a reader that quit after 10 bytes left it waiting
  /// forever on a full pipe (now SIGPIPE, 141 in the shell), and a reader that reads on gets the trace.
  @Test(arguments: ["slice -o ff big.foldtrace", "pack -o ff big.jsonl"])
  func anOutputFIFOIsWrittenAsAShellRedirectionWritesIt(command: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    // Anchors and scattered offsets: far more than a pipe's 64 KiB once compressed.
    try fixture.writeScrollTrace("big.foldtrace", count: 60_000, anchors: true) {
      Double($0 * 7919 % 100_003) / 8
    }
    let executable = try #require(TracecatRunner.executable)
    let script = """
      "$0" --json big.foldtrace > big.jsonl || exit 9
      mkfifo ff && (head -c 10 ff > /dev/null &)
      timeout 60 "$0" \(command) 2> /dev/null; echo "quit $?"
      (cat ff > copy.foldtrace &)
      timeout 60 "$0" \(command) > /dev/null 2>&1; echo "read $?"
      sleep 0.2; "$0" verify copy.foldtrace > /dev/null; echo "verify $?"
      """
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script, executable.path], in: fixture.directory, stdin: [])
    #expect(result.text == "quit 141\nread 0\nverify 0\n", "\(result.stderr)")
  }

  /// An argument that is not UTF-8 is refused (exit 2) rather than read with U+FFFD in place of its
  /// bytes: `verify` said "No such file" of a file that exists, and `slice -o` created a file under a
  /// name the user never gave.
  @Test func anArgumentThatIsNotUTF8IsRefused() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let executable = try #require(TracecatRunner.executable)
    let script = """
      name=$(printf 'n\\377.ft'); cp duo.foldtrace "$name"
      "$0" verify "$name"; echo "verify $?"
      "$0" slice -o "$(printf 'o\\376.ft')" duo.foldtrace; echo "slice $?"
      ls | grep -c '^o' ; true
      """
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script, executable.path], in: fixture.directory, stdin: [])
    #expect(result.text == "verify 2\nslice 2\n0\n", "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix(
        "tracecat: error: argument 2 ('n\\xFF.ft') is not valid UTF-8; file names and every other argument "
          + "are read as UTF-8\n"), "\(result.stderr)")
  }

  /// OUT locked by another writer is exit 5 (what 5 means), not an I/O error.
  @Test func aLockedOutputIsExitFive() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let path = fixture.directory.appendingPathComponent("locked.svg").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data("held".utf8)))
    let descriptor = open(path, O_RDONLY)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    let result = try fixture.run(["plot", "--force", "-o", "locked.svg", "duo.foldtrace"])
    #expect(result.status == 5, "\(result.stderr)")
    #expect(try fixture.bytes(of: "locked.svg") == Array("held".utf8))
  }

  /// A file that ends inside its header is invalid (exit 1) to every command, recover included: there is
  /// no header to repair from, so verify must not send the user to recover (exit 4).
  @Test func aFileCutInsideItsHeaderIsInvalidNotTorn() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    _ = try fixture.file("cut.foldtrace", Array(try fixture.bytes(of: "duo.foldtrace").prefix(30)))
    for command in [["verify"], ["stats"], ["recover"]] {
      let result = try fixture.run(command + ["cut.foldtrace"])
      #expect(result.status == 1, "\(command): \(result.stderr)")
      #expect(result.stderr.contains("ends inside the header"), "\(command): \(result.stderr)")
    }
    let piped = try fixture.run(["verify", "-"], stdin: "cut.foldtrace")
    #expect(piped.status == 1, "\(piped.stderr)")
    #expect(try fixture.bytes(of: "cut.foldtrace").count == 30)
  }

  /// An option given twice is a usage error unless it repeats (`-s`, `-k`), and an empty value is one
  /// too: `-o a.svg -o b.svg` took the last silently, `-o ''` was an I/O error (3).
  @Test func aRepeatedOrEmptyOptionIsAUsageError() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let twice = try fixture.run(["plot", "-o", "a.svg", "-o", "b.svg", "duo.foldtrace"])
    #expect(twice.status == 2, "\(twice.stderr)")
    #expect(twice.stderr.contains("-o is given more than once"), "\(twice.stderr)")
    #expect(!FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent("a.svg").path))
    for arguments in [["plot", "-o", "", "duo.foldtrace"], ["plot", "--output=", "duo.foldtrace"]] {
      let empty = try fixture.run(arguments)
      #expect(empty.status == 2, "\(arguments): \(empty.stderr)")
      #expect(empty.stderr.contains("got an empty one"), "\(arguments): \(empty.stderr)")
    }
    let scenes = try fixture.run(["cat", "-s", "1", "-s", "2", "--to", "0.1", "duo.foldtrace"])
    #expect(scenes.status == 0, "\(scenes.stderr)")
  }

  /// `{"t":0,"t":99,…}` packed at 0 s while jq and Python read 99 ns: a repeated key is a line error
  /// naming the line, the key and its byte (exit 1).
  @Test func packRefusesARepeatedKey() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let lines = [
      Self.header, #"{"t":0,"kind":"marker","label":"a"}"#, #"{"t":0,"t":99,"kind":"marker","label":"b"}"#,
    ]
    let source = try fixture.file("twice.jsonl", Array((lines.joined(separator: "\n") + "\n").utf8))
    let packed = try fixture.run(["pack", "-o", "twice.foldtrace", source])
    #expect(packed.status == 1, "\(packed.stderr)")
    #expect(packed.stderr.contains(#"line 3, field "t": repeated key "t" at byte 8"#), "\(packed.stderr)")
  }

  /// `-k geometry,,hinge` was read as `-k geometry,hinge` while `-s ,` was refused: an empty item in a
  /// list option is a usage error naming the option, as a list that names nothing is.
  @Test(arguments: [
    (["-k", "geometry,,hinge"], "--kind 'geometry,,hinge' has an empty item"),
    (["-s", "1,"], "--scene '1,' has an empty item"),
    (["-s", "1", "-s", " ,2"], "--scene ' ,2' has an empty item"),
  ])
  func anEmptyListItemIsAUsageError(_ options: [String], _ message: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let result = try fixture.run(["cat"] + options + ["duo.foldtrace"])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  /// A JSON Lines document `pack` makes into a trace in the fixture (`name`.foldtrace).
  static func pack(_ lines: [String], as name: String, in fixture: TracecatFixture) throws {
    let source = try fixture.file(name + ".jsonl", Array((lines.joined(separator: "\n") + "\n").utf8))
    let packed = try fixture.run(["pack", "-o", name + ".foldtrace", source])
    #expect(packed.status == 0, "\(packed.stderr)")
  }

  static let header = #"{"kind":"header","version":"1.1","device":"d","app":"a","recorder":"r"}"#

  /// A filmstrip of every nanosecond of the whole time line is 2⁶⁴ moments: a usage error that says
  /// so, where counting them overflowed (exit 132).
  @Test func aFilmstripOfEveryNanosecondIsAUsageError() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try Self.pack(
      [
        Self.header, #"{"t":0,"kind":"marker","label":"a"}"#,
        #"{"t":18446744073709551615,"kind":"marker","label":"b"}"#,
      ], as: "ends", in: fixture)
    let result = try fixture.run([
      "show", "--from", "0", "--to", "18446744073.709551615", "--every", "1ns", "-o", "strip.svg",
      "ends.foldtrace",
    ])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("give 18446744073709551616 moments"), "\(result.stderr)")
  }

  /// A time argument as long as Linux allows (128 KiB) is read in one pass: dropping each of its
  /// trailing zeros counted the rest again (95 s for 120 kB in a release build).
  @Test(.timeLimit(.minutes(3))) func aLongTimeArgumentIsReadInLinearTime() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let zeros = "0." + String(repeating: "0", count: 130_000)
    let result = try fixture.run(["cat", "--from", zeros, "--to", "1" + zeros.dropFirst(), "duo.foldtrace"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.text.contains("hinge"), "the window from 0 to 1 s is printed")
  }

  /// Dropped counts add up saturating: two records of 2⁶⁴ − 1 dropped events wrapped to 2⁶⁴ − 2.
  @Test func droppedCountsSaturate() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try Self.pack(
      [
        Self.header, #"{"t":1,"kind":"dropped","count":18446744073709551615}"#,
        #"{"t":2,"kind":"dropped","count":18446744073709551615}"#,
      ], as: "drops", in: fixture)
    let result = try fixture.run(["stats", "drops.foldtrace"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.text.contains("18446744073709551615 in 2 records"), "\(result.text)")
  }

  /// A recorded frame near the largest double is printed as recorded, in sentences and in JSON:
  /// rounding it to 1/1000 pt overflowed, and a sentence read "started null pt".
  @Test func aHugeRecordedFrameReadsAsRecorded() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let layout =
      #"{"t":%T,"kind":"layout","scene":1,"shape":"compactTall","presentation":"stack","#
      + #""columns":1,"elements":[{"id":"a","frame":%F,"interactive":false}]}"#
    let presented = #"{"t":%T,"kind":"presented","scene":1,"elements":[{"id":"a","frame":%F,"opacity":1}]}"#
    func line(_ template: String, _ time: String, _ frame: String) -> String {
      template.replacingOccurrences(of: "%T", with: time).replacingOccurrences(of: "%F", with: frame)
    }
    try Self.pack(
      [
        Self.header, #"{"t":0,"kind":"sceneConnected","scene":1,"display":"external","scale":3}"#,
        line(layout, "0", "[0,0,100,100]"), line(presented, "16000000", "[0,0,100,100]"),
        line(layout, "1000000000", "[0,0,200,200]"),
        line(presented, "1016000000", "[-1.7e308,-1.7e308,1.7e308,1.7e308]"),
      ], as: "huge", in: fixture)
    let result = try fixture.run(["check", "huge.foldtrace"])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.text.contains("started 1.7e+308 pt from its on-screen frame"), "\(result.text)")
    #expect(result.text.contains("[-1.7e+308,-1.7e+308,1.7e+308,1.7e+308]"), "\(result.text)")
    #expect(!result.text.contains("null") && !result.text.contains("inf"), "\(result.text)")
  }

  /// Standard output appended to one of the command's inputs is refused before anything is read or
  /// written (exit 3), as GNU cat refuses "input file is output file"; the trace keeps its bytes.
  @Test(arguments: [
    "\"$0\" slice duo.foldtrace >> duo.foldtrace", "\"$0\" cat --json duo.foldtrace >> duo.foldtrace",
    "\"$0\" plot -o - duo.foldtrace >> duo.foldtrace", "\"$0\" cat - < duo.foldtrace >> duo.foldtrace",
    "\"$0\" slice -o - duo.foldtrace 1<> duo.foldtrace", "\"$0\" replay . >> duo.foldtrace",
    "\"$0\" check . >> duo.foldtrace",
  ])
  func standardOutputOntoAnInputIsRefused(_ command: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let executable = try #require(TracecatRunner.executable)
    let before = try fixture.bytes(of: "duo.foldtrace")
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", command, executable.path], in: fixture.directory)
    #expect(result.status == 3, "\(command): \(result.stderr)")
    #expect(result.stderr.contains("is also this command's standard output"), "\(result.stderr)")
    #expect(try fixture.bytes(of: "duo.foldtrace") == before)
    let elsewhere = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "\"$0\" slice -o - duo.foldtrace > copy.foldtrace", executable.path],
      in: fixture.directory)
    #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
  }

  /// Handovers are found per display by binary search: 150 k connections of one scene crowded into one
  /// second on one display made every connection walk all the others (80 k took 5.6 s in release,
  /// 2 M more than two minutes). The limit is a hang guard, not a speed check.
  @Test(.timeLimit(.minutes(3))) func crowdedConnectionsPlotInLinearTime() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let scene = SceneID(1)
    let events = (0..<150_000).map { index in
      TraceEvent(
        time: UInt64(index),
        index.isMultiple(of: 2)
          ? .sceneConnected(scene: scene, display: .external, scale: 3) : .sceneDisconnected(scene: scene))
    }
    _ = try fixture.trace("crowded.foldtrace", events)
    let result = try fixture.run(["plot", "-o", "crowded.svg", "crowded.foldtrace"])
    #expect(result.status == 0, "\(result.stderr)")
    let svg = String(decoding: try fixture.bytes(of: "crowded.svg"), as: UTF8.self)
    #expect(svg.hasSuffix("</svg>\n"))
  }

  /// A 1.1 trace of 2.7 KB whose one frame defines 240 element ids of 60 000 bytes in 30 layouts (each
  /// within the writer's rules), then 500 `presented` records naming 256 of them each by reference:
  /// every record was read, so `cat` printed 15 MB lines (3 GB of text a minute) and trapped in a 64 MiB
  /// data segment, as did `--json` and `diff`, and `slice` failed to write what it had read ("memory:
  /// refused presented event"). Each sample's ids total 15.4 MB, over the 512 KiB a writer writes: the
  /// reader refuses the first sample as a malformed record, naming the file, the frame's byte, the
  /// record and its content byte, exit 1, every command within 64 MiB.
  @Test(arguments: [
    ["cat", "ids.foldtrace"], ["--json", "ids.foldtrace"], ["diff", "ids.foldtrace", "ids.foldtrace"],
    ["slice", "-o", "slice.foldtrace", "ids.foldtrace"], ["stats", "ids.foldtrace"],
    ["verify", "ids.foldtrace"],
  ])
  func longIdsNamedByReferenceAreRefusedInBoundedMemory(command: [String]) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, frameOffset, sampleStart) = try Self.longIdsTrace()
    #expect(bytes.count < 4_000)
    _ = try fixture.file("ids.foldtrace", bytes)
    let result = try fixture.run(command, dataLimitKiB: 65_536)
    #expect(result.status == 1, "\(result.stderr)")
    let reason =
      "ids.foldtrace: byte \(frameOffset): frame 0 has a malformed record: record 31 at content byte "
      + "\(sampleStart): presented event that no writer writes: its strings total 15360000 bytes of UTF-8 "
      + "(an id counted at every element naming it), more than 524288"
    let said = String(decoding: result.stdout, as: UTF8.self) + result.stderr
    #expect(said.contains(reason), "\(said.suffix(2_000))")
    #expect(!said.contains("Fatal error"))
    #expect(result.stdout.count < 1 << 20)
  }

  /// A 1.1 trace of a few hundred bytes whose one frame defines eight ids of 64 KiB in a layout, then
  /// names all eight in each of 14 000 `presented` records: each record within the writer's 512 KiB,
  /// the frame 7.3 GB of ids once decoded (`cat` took 37 s and 7.3 GB). The frame's records pass the
  /// 16 MiB a writer writes at the 32nd sample: every command refuses it there, a limit exceeded
  /// naming the frame's byte, the record and its content byte, exit 1, within 64 MiB.
  @Test(arguments: [["cat", "amp.foldtrace"], ["check", "amp.foldtrace"], ["stats", "amp.foldtrace"]])
  func aFrameNamingLongIdsMillionsOfTimesIsRefused(command: [String]) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (written, _, _) = try Self.longIdsTrace()
    let headerSize =
      8 + (Int(written[4]) | Int(written[5]) << 8 | Int(written[6]) << 16 | Int(written[7]) << 24)
    func varint(_ value: Int) -> [UInt8] {
      var value = value
      var out: [UInt8] = []
      while value >= 0x80 {
        out.append(UInt8(value & 0x7F) | 0x80)
        value >>= 7
      }
      return out + [UInt8(value)]
    }
    func record(_ tag: UInt8, _ delta: Int, _ body: [UInt8]) -> [UInt8] {
      [tag] + varint(delta) + varint(body.count) + body
    }
    var content: [UInt8] = [0, 0] + record(1, 0, [1, 2, 4])
    var layout: [UInt8] = [1, 0, 8]
    for index in 0..<8 {
      let text = Array("\(index)".utf8) + [UInt8](repeating: 0x78, count: 65_535)
      layout += [0] + varint(text.count) + text + [0, 0, 0, 0, 0]
    }
    content += record(11, 0, layout)
    var starts: [Int] = []
    let sample = record(12, 1, [1, 8] + (1...8).flatMap { [UInt8($0), 0] })
    for _ in 0..<14_000 {
      starts.append(content.count)
      content += sample
    }
    let bytes = Array(written[..<headerSize]) + ZstdFrames.frame(content)
    #expect(bytes.count < 4_000)
    _ = try fixture.file("amp.foldtrace", bytes)
    let result = try fixture.run(command, dataLimitKiB: 65_536)
    #expect(result.status == 1, "\(result.stderr)")
    let reason =
      "amp.foldtrace: byte \(headerSize): frame 0 exceeds the reader's limits: record 33 at content byte "
      + "\(starts[31]): presented event that no writer writes: it takes the strings of its frame's layout "
      + "and presented records to 17301504 bytes of UTF-8 (an id counted at every element naming it), more "
      + "than 16777216"
    let said = String(decoding: result.stdout, as: UTF8.self) + result.stderr
    #expect(said.contains(reason), "\(said.suffix(2_000))")
    #expect(result.stdout.count < 1 << 20)
  }

  /// The trace of ``longIdsNamedByReferenceAreRefusedInBoundedMemory(command:)``: a 1.1 header, then
  /// one frame (scene 1 connected, 30 layouts of 8 new ids, 500 samples of 256 references); the
  /// frame's byte offset and the first sample's content byte.
  static func longIdsTrace() throws -> (bytes: [UInt8], frameOffset: Int, sampleStart: Int) {
    let writer = try TraceWriter(
      header: TraceHeader(version: .v1_1, device: "iPhone Duo", app: "x", recorder: "AttackRegressionTests"))
    try writer.close()
    let written = writer.bytes
    let headerSize =
      8 + (Int(written[4]) | Int(written[5]) << 8 | Int(written[6]) << 16 | Int(written[7]) << 24)
    func varint(_ value: Int) -> [UInt8] {
      var value = value
      var out: [UInt8] = []
      while value >= 0x80 {
        out.append(UInt8(value & 0x7F) | 0x80)
        value >>= 7
      }
      return out + [UInt8(value)]
    }
    func record(_ tag: UInt8, _ delta: Int, _ body: [UInt8]) -> [UInt8] {
      [tag] + varint(delta) + varint(body.count) + body
    }
    // Scene 1, a window (2) at scale 1: a compact whole double, 1 zig-zagged and shifted.
    var content: [UInt8] = [0, 0] + record(1, 0, [1, 2, 4])
    var id = 0
    for _ in 0..<30 {
      var body: [UInt8] = [1, 0, 8]  // scene 1, no shape, presentation or columns, 8 elements
      for _ in 0..<8 {
        let text = Array(String(format: "%05d", id).utf8) + [UInt8](repeating: 0x78, count: 59_995)
        body += [0] + varint(text.count) + text + [0, 0, 0, 0, 0]  // new id, not interactive, 0 0 0 0
        id += 1
      }
      content += record(11, 0, body)
    }
    let sampleStart = content.count
    for _ in 0..<500 {
      // Scene 1, 256 elements; each a reference to one of the 240 ids, and a mask of no change.
      content += record(12, 1, [1] + varint(256) + (0..<256).flatMap { varint(1 + $0 % 240) + [0] })
    }
    return (Array(written[..<headerSize]) + ZstdFrames.frame(content), headerSize, sampleStart)
  }
}
