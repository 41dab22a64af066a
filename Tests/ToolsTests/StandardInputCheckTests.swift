import FoldTrace
import Foundation
import TestSupport
import Testing

/// Commands that copy a pipe on standard input to a temporary file check its first bytes as they
/// arrive: bytes that cannot begin a trace (or a trace whose first frame does not start where its header
/// ends) fail at once, as `verify -` fails on them, instead of being copied to their end first.
@Suite struct StandardInputCheckTests {
  /// Pipes 64 MiB made of `prefix` then zeros into `arguments`, with the files tracecat writes capped at
  /// 1 MiB (`ulimit -f`): a copy of the whole input could not be made.
  func run(_ arguments: [String], prefix: String, in fixture: TracecatFixture) throws -> TracecatRunner.Result
  {
    let executable = try #require(TracecatRunner.executable, "tracecat not found; build it first")
    let script =
      "input=$1; shift; { cat \"$input\"; head -c 67108864 /dev/zero; } "
      + "| { ulimit -f 1024; TMPDIR=. exec \"$0\" \"$@\"; }"
    return try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script, executable.path, prefix] + arguments,
      in: fixture.directory)
  }

  @Test func aForeignInputOrAFrameThatCannotStartFailsAsItArrives() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let header = try #require(try FollowSkippableFrameTests.frames(fixture.bytes).first).offset
    _ = try fixture.file("empty", [])
    // Zero bytes right after the header could be a zero-filled tail (exit 4 once all are read): text
    // cannot.
    _ = try fixture.file("header", Array(fixture.bytes[..<header]) + Array("text\n".utf8))
    for (prefix, offset) in [("empty", 0), ("header", header)] {
      let verify = try run(["verify", "-"], prefix: prefix, in: fixture)
      #expect(verify.status == 1, "\(verify.stderr)")
      #expect(verify.stderr.hasPrefix("tracecat: error: <stdin>: byte \(offset): "), "\(verify.stderr)")
      for arguments in [
        ["plot", "-o", "/dev/null", "-"], ["check", "-"], ["replay", "-"], ["cat", "--from", "1", "-"],
      ] {
        let result = try run(arguments, prefix: prefix, in: fixture)
        #expect(result.status == 1, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix(verify.stderr), "\(arguments): \(result.stderr)")
      }
    }
  }
}
