import FoldTrace
import Foundation
import TestSupport
import Testing

/// Where `slice` and `pack` write when OUT is not a plain new file: the names of the process's own
/// descriptors are written through (after what a `>>` file holds, the trace alone, no summary in it), a
/// terminal is refused (exit 2), a placeholder that gains data meanwhile is kept (exit 3), and new
/// files honour the umask.
@Suite struct OutputDescriptorTests {
  /// Runs `tracecat` in the fixture's directory with standard output as `stdout` says.
  func run(
    _ fixture: TracecatFixture, _ arguments: [String], stdin: [UInt8] = [], stdout: ChildProcess.Output
  )
    throws -> ChildProcess.Result
  {
    let executable = try #require(TracecatRunner.executable, "build tracecat first")
    return try ChildProcess.run(executable, arguments, in: fixture.directory, stdin: stdin, stdout: stdout)
  }

  /// `slice -o /dev/stdout >> f` appends the trace alone to `f` (no summary line in it); with `f` empty
  /// (`> f`), `f` is the very trace `-o FILE` writes, the same file it was.
  @Test(arguments: ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"])
  func sliceThroughStandardOutputIsTheTraceAlone(_ name: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let trace = fixture.trace.lastPathComponent
    let slice = ["slice", "--from", "0.5", "--to", "2", trace]
    #expect(try fixture.run(slice + ["-o", "expected.foldtrace"]).status == 0)
    let expected = try fixture.bytes(of: "expected.foldtrace")
    let log = fixture.directory.appendingPathComponent("log").path
    _ = try fixture.file("log", Array("previous\n".utf8))
    let appended = try run(fixture, slice + ["-o", name], stdout: .appending(log))
    #expect(appended.status == 0, "\(appended.stderr)")
    #expect(appended.stderr == "")
    #expect(try fixture.bytes(of: "log") == Array("previous\n".utf8) + expected)

    _ = try fixture.file("out.foldtrace", [])
    let before = try FileSystem.status(fixture.directory.appendingPathComponent("out.foldtrace").path)
    let path = fixture.directory.appendingPathComponent("out.foldtrace").path
    let redirected = try run(fixture, slice + ["-o", name], stdout: .path(path))
    #expect(redirected.status == 0, "\(redirected.stderr)")
    #expect(try fixture.bytes(of: "out.foldtrace") == expected)
    #expect(try FileSystem.status(path).identity == before.identity)
    #expect(try fixture.run(["verify", "out.foldtrace"]).status == 0)
  }

  /// `pack - -o /dev/stdout >> f` appends the packed trace to what `f` holds.
  @Test func packThroughStandardOutputAppends() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let lines = try fixture.run(["--json", fixture.trace.lastPathComponent]).stdout
    let log = fixture.directory.appendingPathComponent("log").path
    _ = try fixture.file("log", Array("previous\n".utf8))
    let packed = try run(fixture, ["pack", "-", "-o", "/dev/stdout"], stdin: lines, stdout: .appending(log))
    #expect(packed.status == 0, "\(packed.stderr)")
    let expected = try run(
      fixture, ["pack", "-", "-o", "expected.foldtrace"], stdin: lines, stdout: .capture)
    #expect(expected.status == 0, "\(expected.stderr)")
    #expect(
      try fixture.bytes(of: "log") == Array("previous\n".utf8) + fixture.bytes(of: "expected.foldtrace"))
  }

  /// A binary trace is never written to a terminal, whichever way OUT names it: exit 2, a hint, and
  /// nothing on the terminal.
  @Test(arguments: [["slice"], ["pack"]])
  func aTerminalIsRefusedAsOutput(_ command: [String]) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let terminal = try PseudoTerminal()
    let lines = try fixture.run(["--json", fixture.trace.lastPathComponent]).stdout
    let input = command == ["slice"] ? [fixture.trace.lastPathComponent] : ["-"]
    for (output, stdout) in [("/dev/stdout", terminal.path), (terminal.path, "/dev/null")] {
      let result = try run(fixture, command + input + ["-o", output], stdin: lines, stdout: .path(stdout))
      #expect(result.status == 2, "\(output): \(result.stderr)")
      #expect(
        result.stderr.contains("refusing to write a binary trace to a terminal ('\(output)')"),
        "\(result.stderr)")
      #expect(result.stderr.contains("redirect to a file"), "\(result.stderr)")
    }
    _ = fcntl(terminal.master, F_SETFL, O_NONBLOCK)
    var byte: UInt8 = 0
    #expect(read(terminal.master, &byte, 1) == -1, "something reached the terminal")
  }

  /// A placeholder OUT that another process writes into while `pack` runs keeps those bytes: exit 3,
  /// saying so. Standard input is a FIFO held open here, so the write lands after `pack` has opened its
  /// output and before it publishes.
  @Test func aPlaceholderThatGainsDataWhilePackRunsIsKept() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let executable = try #require(TracecatRunner.executable, "build tracecat first")
    let lines = try fixture.run(["--json", fixture.trace.lastPathComponent]).stdout
    let outputs = fixture.directory.appendingPathComponent("outputs")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    let placeholder = outputs.appendingPathComponent("out.foldtrace").path
    #expect(FileManager.default.createFile(atPath: placeholder, contents: nil))
    let fifo = fixture.directory.appendingPathComponent("in.fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = open(fifo, O_RDWR)
    try #require(writer >= 0)
    let stdout = try fixture.file("stdout", [])
    let stderr = try fixture.file("stderr", [])
    let process = try ChildProcess.start(
      executable, ["pack", "-", "-o", placeholder], in: fixture.directory, stdin: fifo,
      stdout: fixture.directory.appendingPathComponent(stdout).path,
      stderr: fixture.directory.appendingPathComponent(stderr).path)
    #expect(!ChildProcess.waitForOpenFile(of: process.processIdentifier, in: outputs).isEmpty)
    let theirs = try #require(FileHandle(forWritingAtPath: placeholder))
    try theirs.write(contentsOf: Data("theirs".utf8))
    try theirs.close()
    _ = lines.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
    close(writer)
    process.waitUntilExit()
    let message = String(decoding: try fixture.bytes(of: stderr), as: UTF8.self)
    #expect(process.terminationStatus == 3, "\(message)")
    #expect(
      message.contains(
        "was empty but gained data (6 bytes) while this output was written; nothing was changed"))
    #expect(FileManager.default.contents(atPath: placeholder) == Data("theirs".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: outputs.path) == ["out.foldtrace"])
  }

  /// New outputs get 0666 less the umask, as a shell's `>` makes them; a replaced file (a placeholder,
  /// or `--force`) keeps its mode.
  @Test(arguments: [(0o077, 0o600), (0o022, 0o644), (0o002, 0o664)])
  func newOutputsHonourTheUmask(_ umask: Int, _ mode: Int) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let executable = try #require(TracecatRunner.executable, "build tracecat first")
    func run(_ arguments: [String]) throws -> ChildProcess.Result {
      let script = "umask \(String(umask, radix: 8)) && exec \"$0\" \"$@\""
      return try ChildProcess.run(
        URL(fileURLWithPath: "/bin/sh"), ["-c", script, executable.path] + arguments, in: fixture.directory)
    }
    func permissions(of name: String) throws -> Int {
      let attributes = try FileManager.default.attributesOfItem(
        atPath: fixture.directory.appendingPathComponent(name).path)
      return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
    let trace = fixture.trace.lastPathComponent
    #expect(try run(["slice", trace, "-o", "new.foldtrace"]).status == 0)
    #expect(try permissions(of: "new.foldtrace") == mode)
    #expect(try run(["plot", trace, "-o", "new.svg"]).status == 0)
    #expect(try permissions(of: "new.svg") == mode)
    _ = try fixture.file("kept.svg", Array("old".utf8))
    _ = try fixture.file("placeholder.foldtrace", [])
    for name in ["kept.svg", "placeholder.foldtrace"] {
      #expect(chmod(fixture.directory.appendingPathComponent(name).path, 0o640) == 0)
    }
    #expect(try run(["plot", "--force", trace, "-o", "kept.svg"]).status == 0)
    #expect(try run(["slice", trace, "-o", "placeholder.foldtrace"]).status == 0)
    #expect(try permissions(of: "kept.svg") == 0o640)
    #expect(try permissions(of: "placeholder.foldtrace") == 0o640)
    #expect(try fixture.bytes(of: "placeholder.foldtrace") == fixture.bytes(of: "new.foldtrace"))
  }
}
