import FoldTrace
import Foundation
import TestSupport
import Testing

/// `foldsim -o` onto the process's own descriptors and terminals: `/dev/stdout` is written through (after
/// what a `>>` file holds, the trace alone, no summary in it), a terminal is refused (exit 2), and a
/// new trace honours the umask.
@Suite struct FoldsimDescriptorOutputTests {
  let directory: URL
  let scenario = CorpusTests.traces.appendingPathComponent("case-iphone-portrait.json").path
  let trace = CorpusTests.traces.appendingPathComponent("case-iphone-portrait.foldtrace")

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("foldsim-fd-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  @Test(arguments: ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"])
  func standardOutputByNameIsTheTraceAlone(_ name: String) throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let executable = try #require(FoldsimExecutableTests.executable, "build foldsim first")
    let expected = try Data(contentsOf: trace)
    let log = directory.appendingPathComponent("log").path
    try Data("previous\n".utf8).write(to: URL(fileURLWithPath: log))
    let appended = try ChildProcess.run(executable, [scenario, "-o", name], stdout: .appending(log))
    #expect(appended.status == 0, "\(appended.stderr)")
    #expect(appended.stderr == "")
    #expect(FileManager.default.contents(atPath: log) == Data("previous\n".utf8) + expected)

    let out = directory.appendingPathComponent("out.foldtrace").path
    #expect(FileManager.default.createFile(atPath: out, contents: nil))
    let before = try FileSystem.status(out).identity
    let redirected = try ChildProcess.run(executable, [scenario, "-o", name], stdout: .path(out))
    #expect(redirected.status == 0, "\(redirected.stderr)")
    #expect(FileManager.default.contents(atPath: out) == expected)
    #expect(try FileSystem.status(out).identity == before)
  }

  @Test func aTerminalIsRefusedAsOutput() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let executable = try #require(FoldsimExecutableTests.executable, "build foldsim first")
    let terminal = try PseudoTerminal()
    for (output, stdout) in [("/dev/stdout", terminal.path), (terminal.path, "/dev/null")] {
      let result = try ChildProcess.run(executable, [scenario, "-o", output], stdout: .path(stdout))
      #expect(result.status == 2, "\(output): \(result.stderr)")
      #expect(
        result.stderr.hasPrefix(
          "foldsim: refusing to write a binary trace to a terminal ('\(output)'); redirect to a file: "
            + "-o OUT.foldtrace, or > OUT.foldtrace\n"), "\(result.stderr)")
    }
    _ = fcntl(terminal.master, F_SETFL, O_NONBLOCK)
    var byte: UInt8 = 0
    #expect(read(terminal.master, &byte, 1) == -1, "something reached the terminal")
  }

  @Test(arguments: [(0o077, 0o600), (0o022, 0o644)])
  func aNewTraceHonoursTheUmask(_ umask: Int, _ mode: Int) throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let executable = try #require(FoldsimExecutableTests.executable, "build foldsim first")
    let script = "umask \(String(umask, radix: 8)) && exec \"$0\" \"$@\""
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script, executable.path, scenario, "-o", "new.foldtrace"],
      in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    let attributes = try FileManager.default.attributesOfItem(
      atPath: directory.appendingPathComponent("new.foldtrace").path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == mode)
  }
}
