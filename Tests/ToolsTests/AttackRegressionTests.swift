import FoldTrace
import Foundation
import TestSupport
import Testing

/// Cases an attack pass on the tools found, each failing before its fix.
@Suite struct AttackRegressionTests {
  /// `--force` never replaces the trace a command reads from standard input: `plot --force -o v.ft -`
  /// with standard input redirected from v.ft is refused (exit 3) and v.ft keeps its bytes.
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
    // The marker's control characters would make the SVG unreadable XML: they become U+FFFD.
    #expect(!plot.stdout.contains(0x08) && !plot.stdout.contains(0x00))
    #expect(plot.text.contains("x\u{FFFD}y\u{FFFD}z"))
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
    #expect(result.stderr.contains("is the pipe this command reads its input '-' from"), "\(pipeline)")
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
}
