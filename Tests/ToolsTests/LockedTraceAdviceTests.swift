import FoldTrace
import Foundation
import TestSupport
import Testing

/// Every command on a trace whose lock a writer holds (a recording in progress) says it is being
/// recorded, exit 5, as `verify` does — never "run recover", which refuses a locked trace.
@Suite struct LockedTraceAdviceTests {
  /// `live.foldtrace` being recorded: 100 events flushed by a writer that holds its lock (returned, for
  /// the caller to close), and when `torn` the first bytes of a frame it is still writing.
  static func recording(in fixture: TracecatFixture, torn: Bool) throws -> TraceWriter {
    let path = fixture.directory.appendingPathComponent("live.foldtrace").path
    let writer = try TraceWriter(path: path, header: TracecatFixture.header)
    for event in fixture.events.prefix(100) { try writer.append(event) }
    try writer.flush()
    if torn {
      let handle = try #require(FileHandle(forWritingAtPath: path))
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(RecoverLaterFrameTests.cutShortFrame().prefix(40)))
      try handle.close()
    }
    return writer
  }

  @Test(arguments: [false, true])
  func aTraceBeingRecordedIsNotSentToRecover(_ torn: Bool) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let writer = try Self.recording(in: fixture, torn: torn)
    defer { try? writer.close() }
    let recording =
      "tracecat: error: live.foldtrace: is being recorded (a writer holds its lock), so its last frame may "
      + "still be being written: try again once the recording has closed the trace\n"
    for command in [["stats"], ["cat"], ["check"], ["stats", "--json"]] {
      let result = try fixture.run(command + ["live.foldtrace"])
      // Read whole without damage, a trace without its seek table is as `cat` and `check` want it.
      #expect(result.status == (torn || command[0] == "stats" ? 5 : 0), "\(command): \(result.stderr)")
      #expect(!result.text.contains("recover"), "\(command): \(result.text)")
      #expect(!result.stderr.contains("recover"), "\(command): \(result.stderr)")
      if command == ["check"] && torn {
        #expect(result.stderr.contains("is being recorded (a writer holds its lock)"), "\(result.stderr)")
      } else if torn || command[0] == "stats" {
        #expect(result.stderr == recording, "\(command): \(result.stderr)")
      }
    }
    let stats = try fixture.run(["stats", "live.foldtrace"])
    #expect(
      stats.lines.contains {
        $0.hasSuffix(" no: being recorded (a writer holds its lock); try again once it has closed")
      },
      "\(stats.text)")
  }

  /// The commands that read a trace's frames through their own paths — windows, pictures, exports,
  /// comparisons, replays — on a trace being recorded whose last frame is still being written.
  @Test func aTornTraceBeingRecordedIsNotSentToRecoverByAnyCommand() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let writer = try Self.recording(in: fixture, torn: true)
    defer { try? writer.close() }
    let other = fixture.trace.lastPathComponent
    for command in [
      ["slice", "-o", "out.foldtrace", "live.foldtrace"], ["plot", "-o", "out.svg", "live.foldtrace"],
      ["export", "--chrome", "-o", "out.json", "live.foldtrace"], ["diff", other, "live.foldtrace"],
      ["diff", "--replay", other, "live.foldtrace"],
      ["plot", "--replay", "-o", "replay.svg", "live.foldtrace"],
      ["cat", "--from", "0.01", "live.foldtrace"], ["recover", "live.foldtrace"],
    ] {
      let result = try fixture.run(command)
      #expect(result.status == 5, "\(command): \(result.stderr)")
      // recover refuses a locked trace in its own words.
      let said = command[0] == "recover" ? "another writer has this trace open" : "is being recorded"
      #expect(result.stderr.contains(said), "\(command): \(result.stderr)")
      #expect(!result.stderr.contains("run recover"), "\(command): \(result.stderr)")
    }
    // Given on standard input (`- < live.foldtrace`), the file read in place is the one the writer locks.
    for command in [["verify"], ["stats"], ["cat"], ["check"], ["replay"]] {
      let executable = try #require(TracecatRunner.executable, "tracecat not found; build it first")
      let result = try ChildProcess.run(
        URL(fileURLWithPath: "/bin/sh"),
        ["-c", "exec \"$0\" \"$@\" - < live.foldtrace", executable.path] + command,
        in: fixture.directory)
      #expect(result.status == 5, "\(command) -: \(result.stderr)")
      #expect(result.stderr.contains("<stdin>: is being recorded"), "\(command) -: \(result.stderr)")
    }
  }

  /// A trace file named `<stdin>`, the name messages give standard input, is judged by its own lock and
  /// bytes, never by standard input's: being recorded it says so (5); free, with standard input a trace
  /// being recorded, it is a torn tail to recover (4). Its messages name it `./<stdin>`.
  @Test func aFileNamedLikeStandardInputIsJudgedAsItself() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let writer = try Self.recording(in: fixture, torn: true)
    defer { try? writer.close() }
    let live = fixture.directory.appendingPathComponent("live.foldtrace")
    let named = fixture.directory.appendingPathComponent("<stdin>")
    try FileManager.default.copyItem(at: live, to: named)
    let executable = try #require(TracecatRunner.executable, "tracecat not found; build it first")
    for command in ["cat", "stats", "check"] {
      // Standard input is the trace being recorded; the file named `<stdin>` is its free copy.
      let result = try ChildProcess.run(
        URL(fileURLWithPath: "/bin/sh"),
        ["-c", "exec \"$0\" \(command) '<stdin>' < live.foldtrace", executable.path], in: fixture.directory)
      #expect(result.status == 4, "\(command): \(result.stderr)")
      #expect(result.stderr.contains("./<stdin>"), "\(command): \(result.stderr)")
      #expect(!result.stderr.contains("is being recorded"), "\(command): \(result.stderr)")
    }
    // Now a writer holds the file named `<stdin>` too.
    let descriptor = open(named.path, O_RDONLY)
    try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
    defer { close(descriptor) }
    for command in ["cat", "stats", "check"] {
      let result = try fixture.run([command, "<stdin>"])
      #expect(result.status == 5, "\(command): \(result.stderr)")
      #expect(result.stderr.contains("./<stdin>: is being recorded"), "\(command): \(result.stderr)")
    }
  }

  /// Standard input a trace being recorded that tracecat itself may not open (mode 0600, another owner;
  /// the caller opened it): the lock is read from the kernel's table of locks, and it says so (5), as
  /// for the file's owner. Needs root to hand the file to another user.
  @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser")))
  func aTraceBeingRecordedThatOnlyTheCallerMayOpenIsSeenLocked() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let writer = try Self.recording(in: fixture, torn: true)
    defer { try? writer.close() }
    let live = fixture.directory.appendingPathComponent("live.foldtrace").path
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: live)
    let executable = try #require(TracecatRunner.executable, "tracecat not found; build it first")
    for command in ["verify", "stats"] {
      let result = try ChildProcess.run(
        URL(fileURLWithPath: "/bin/sh"),
        ["-c", "exec /usr/sbin/runuser -u nobody -- \"$0\" \(command) - < live.foldtrace", executable.path],
        in: fixture.directory)
      #expect(result.status == 5, "\(command): \(result.stderr)")
      #expect(result.stderr.contains("<stdin>: is being recorded"), "\(command): \(result.stderr)")
    }
  }

  /// A caller that holds a trace's lock and hands it on standard input (`exec 9<t; flock -x 9; tracecat
  /// stats - <&9`, as a recorder might to a child) keeps its lock: tracecat tests for a writer through
  /// a description of its own, never through the caller's, which a lock belongs to. It says the trace
  /// is being recorded (exit 5), and another process still cannot take the lock afterwards.
  @Test func aLockOnStandardInputsDescriptionIsLeftAsItIs() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    _ = try fixture.file("unclosed", Array(fixture.bytes.prefix(600)))
    let executable = try #require(TracecatRunner.executable, "tracecat not found; build it first")
    for command in ["stats", "verify", "cat"] {
      let script =
        "exec 9<unclosed; flock -x 9 || exit 90; \"$0\" \(command) - <&9; status=$?; "
        + "if flock -n -x 8 8<unclosed; then exit 91; fi; exit $status"
      let result = try ChildProcess.run(
        URL(fileURLWithPath: "/bin/sh"), ["-c", script, executable.path], in: fixture.directory)
      #expect(result.status == 5, "\(command): \(result.stderr)")
    }
  }
}
