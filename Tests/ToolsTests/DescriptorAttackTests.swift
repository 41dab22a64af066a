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
}
