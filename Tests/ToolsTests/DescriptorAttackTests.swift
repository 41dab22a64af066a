import FoldTrace
import Foundation
import TestSupport
import Testing

/// What the tools do with descriptors the user set up around them: an output named through a
/// descriptor that is open on an input, closed standard descriptors, and a report that cannot be
/// written after `recover` changed a file.
@Suite struct DescriptorAttackTests {
  /// Runs `script` under `/bin/sh` in the fixture's directory, `$0` being tracecat.
  func shell(_ fixture: TracecatFixture, _ script: String) throws -> ChildProcess.Result {
    let executable = try #require(TracecatRunner.executable, "build tracecat first")
    return try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script, executable.path], in: fixture.directory, stdin: [])
  }

  /// `-o /dev/fd/N` (or `/proc/self/fd/N`) where descriptor N is open on one of the command's inputs
  /// is refused (exit 3) and the input keeps its bytes: read-write (`3<>`) it was overwritten in place
  /// from offset 0, appending (`3>>`) it grew.
  @Test(arguments: [
    "\"$0\" slice --from 3 -o /dev/fd/3 duo.foldtrace 3<> duo.foldtrace",
    "\"$0\" slice -o /proc/self/fd/3 - < duo.foldtrace 3>> duo.foldtrace",
    "\"$0\" export --chrome -o /dev/fd/3 duo.foldtrace 3>> duo.foldtrace",
    "\"$0\" export --chrome --force -o /dev/fd/3 duo.foldtrace 3>> duo.foldtrace",
    "\"$0\" plot -o /proc/self/fd/4 duo.foldtrace 4>> duo.foldtrace",
    "\"$0\" plot --force -o /dev/fd/4 duo.foldtrace 4<> duo.foldtrace",
  ])
  func aDescriptorOpenOnAnInputIsRefusedAsOutput(_ command: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let before = try fixture.bytes(of: "duo.foldtrace")
    let result = try shell(fixture, command)
    #expect(result.status == 3, "\(command): \(result.stderr)")
    #expect(result.stderr.contains("is this command's input"), "\(command): \(result.stderr)")
    #expect(try fixture.bytes(of: "duo.foldtrace") == before, "\(command)")
  }

  /// With standard output closed, a command never writes its report into a file it opened: the copy of
  /// standard input (or an input file) took descriptor 1 and `stats` wrote its table over the trace's
  /// header. Now a write to standard output fails (exit 3) and the trace keeps its bytes; `diff` of
  /// equal traces prints nothing and exits 0.
  @Test(arguments: [
    ("\"$0\" stats - <> duo.foldtrace >&-", 3), ("\"$0\" verify - <> duo.foldtrace >&-", 3),
    ("\"$0\" cat - <> duo.foldtrace >&-", 3), ("\"$0\" diff - duo.foldtrace <> duo.foldtrace >&-", 0),
    ("\"$0\" slice -o s.foldtrace - <> duo.foldtrace >&-", 3), ("\"$0\" stats duo.foldtrace >&-", 3),
  ])
  func aClosedStandardOutputNeverLandsOnAnInput(_ command: String, _ status: Int32) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let before = try fixture.bytes(of: "duo.foldtrace")
    let result = try shell(fixture, command)
    #expect(result.status == status, "\(command): \(result.stderr)")
    if status == 3 {
      #expect(result.stderr == "tracecat: error: <stdout>: Bad file descriptor\n", "\(command)")
    }
    #expect(try fixture.bytes(of: "duo.foldtrace") == before, "\(command)")
  }

  /// `pack` with standard input closed reads nothing back from its own output: the unnamed file for
  /// OUT took descriptor 0. Reading standard input fails like a closed descriptor (exit 3), and no OUT
  /// appears.
  @Test func packWithStandardInputClosedReadsNoOutputBack() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let result = try shell(fixture, "\"$0\" pack -o p.foldtrace - <&-; echo \"status $?\"")
    #expect(result.text == "status 3\n", "\(result.stderr)")
    #expect(result.stderr.contains("Bad file descriptor"), "\(result.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent("p.foldtrace").path))
  }
}
