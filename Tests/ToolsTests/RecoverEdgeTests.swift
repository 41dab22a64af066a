import FoldTrace
import Foundation
import TestSupport
import Testing

/// `recover` and `verify` at their edges: a zero-filled tail (said as found), a read-only file (checked,
/// never changed), a trace a writer holds (being recorded, exit 5), and a standard output that fails
/// (said once; a repair still exits 4).
@Suite struct RecoverEdgeTests {
  /// The closed handover trace, its frames, and where its seek table starts.
  static func closedTrace(_ fixture: TracecatFixture) throws -> (bytes: [UInt8], table: Int, frames: Int) {
    let bytes = try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    let frames = try FollowSkippableFrameTests.frames(bytes)
    let last = frames[frames.count - 1]
    return (bytes, last.offset + last.size, frames.count)
  }

  /// A damaged seek table advises as other damage does: "run recover" when it ends the file (a torn
  /// tail, which recover drops), "recover cannot repair this" when a complete frame follows it.
  @Test func aDamagedSeekTableAdvisesAsOtherDamageDoes() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, table, frames) = try Self.closedTrace(fixture)
    let last = try FollowSkippableFrameTests.frames(bytes)[frames - 1]
    let damaged =
      Array(bytes[..<table]) + [0x5E, 0x2A, 0x4D, 0x18, 16, 0, 0, 0] + [UInt8](repeating: 1, count: 16)
    _ = try fixture.file("torn.foldtrace", damaged)
    _ = try fixture.file(
      "framed.foldtrace", damaged + [UInt8](repeating: 0x11, count: 100) + Array(bytes[last.offset..<table]))
    let torn = try fixture.run(["verify", "torn.foldtrace"])
    #expect(torn.status == 4)
    #expect(
      torn.stderr
        == "tracecat: error: torn.foldtrace: byte \(table): seek table footer magic is wrong; run recover\n")
    let framed = try fixture.run(["verify", "framed.foldtrace"])
    #expect(framed.status == 1)
    #expect(
      framed.stderr
        == "tracecat: error: framed.foldtrace: byte \(table): seek table footer magic is wrong; recover cannot "
        + "repair this (it is not a torn tail)\n")
    let recovered = try fixture.run(["recover", "torn.foldtrace"])
    #expect(recovered.status == 4)
    #expect(
      recovered.text
        == "torn.foldtrace: kept \(frames) frames, dropped 24 bytes (seek table footer magic is wrong), wrote "
        + "a seek table, marked the cut\n")
  }

  /// Zero bytes to the end of the file are dropped and said to be zero to the end; zero bytes followed
  /// by other bytes are refused, saying where the first non-zero byte is — never "a torn tail" and
  /// "not a torn tail" in one line.
  @Test func aZeroFilledTailIsDescribedAsFound() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, table, frames) = try Self.closedTrace(fixture)
    let head = Array(bytes[..<table])
    _ = try fixture.file("zero.foldtrace", head + [UInt8](repeating: 0, count: 4096))
    _ = try fixture.file("zero-then-text.foldtrace", head + [UInt8](repeating: 0, count: 5000) + [0x41])
    let zero = try fixture.run(["recover", "zero.foldtrace"])
    #expect(zero.status == 4)
    #expect(
      zero.text
        == "zero.foldtrace: kept \(frames) frames, dropped 4096 bytes (zero bytes from where frame \(frames) "
        + "should start to the end of the file), wrote a seek table, marked the cut\n")
    let before = try fixture.bytes(of: "zero-then-text.foldtrace")
    let refused = try fixture.run(["recover", "zero-then-text.foldtrace"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "tracecat: error: zero-then-text.foldtrace: byte \(table): zero bytes where frame \(frames) should "
        + "start; a non-zero byte at byte \(table + 5000) follows them: this is not a torn tail, so recover "
        + "leaves the file unchanged\n")
    #expect(try fixture.bytes(of: "zero-then-text.foldtrace") == before)
    let verify = try fixture.run(["verify", "zero-then-text.foldtrace"])
    #expect(verify.status == 1)
    #expect(
      verify.stderr
        == "tracecat: error: zero-then-text.foldtrace: byte \(table): zero bytes where frame \(frames) should "
        + "start; recover cannot repair this (it is not a torn tail)\n")
  }

  /// A last data frame cut short and zero bytes to the end of the file (a power cut after the file's
  /// size was written, before its last blocks were) is a torn tail: verify exits 4 and recover drops the
  /// frame and the zero bytes, keeping every complete frame. A non-zero byte after the zero bytes is no
  /// torn tail: refused, the file unchanged.
  @Test func aFrameCutShortByZeroBytesIsATornTail() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, table, frames) = try Self.closedTrace(fixture)
    let last = try FollowSkippableFrameTests.frames(bytes)[frames - 1]
    try #require(last.size > 32)
    let tear = last.offset + last.size / 2
    let cut = try #require(bytes[..<tear].lastIndex { $0 != 0 }) + 1
    let zeroed = Array(bytes[..<tear]) + [UInt8](repeating: 0, count: bytes.count - tear)
    _ = try fixture.file("zeroed.foldtrace", zeroed)
    _ = try fixture.file("zeroed-then-text.foldtrace", zeroed + [0x41])
    #expect(try fixture.run(["verify", "zeroed.foldtrace"]).status == 4)
    let repaired = try fixture.run(["recover", "zeroed.foldtrace"])
    #expect(repaired.status == 4)
    #expect(
      repaired.text
        == "zeroed.foldtrace: kept \(frames - 1) frames, dropped \(bytes.count - last.offset) bytes (frame "
        + "\(frames - 1) cut short at byte \(cut), zero bytes from there to the end of the file), wrote a seek "
        + "table, marked the cut\n")
    let after = try fixture.bytes(of: "zeroed.foldtrace")
    #expect(Array(after.prefix(last.offset)) == Array(bytes[..<last.offset]))
    // The frames kept, then the cut's frame.
    #expect(try FollowSkippableFrameTests.frames(after).count == frames)
    #expect(try fixture.run(["verify", "zeroed.foldtrace"]).status == 0)
    #expect(table > last.offset)
    let refused = try fixture.run(["recover", "zeroed-then-text.foldtrace"])
    #expect(refused.status == 1)
    #expect(try fixture.bytes(of: "zeroed-then-text.foldtrace") == zeroed + [0x41])
  }

  /// Runs `tracecat` as a user without write permission on the fixture's read-only files: as itself
  /// when it is not root, else as `nobody` through `setpriv` (root ignores mode bits). Nil when neither
  /// is possible.
  static func runWithoutWritePermission(_ arguments: [String], in fixture: TracecatFixture) throws
    -> TracecatRunner.Result?
  {
    let executable = try #require(TracecatRunner.executable, "tracecat not found; build it first")
    guard geteuid() == 0 else { return try ChildProcess.run(executable, arguments, in: fixture.directory) }
    let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
    guard FileManager.default.isExecutableFile(atPath: setpriv.path) else { return nil }
    // `nobody` must reach the files: the fixture directory is searchable by all.
    #expect(chmod(fixture.directory.path, 0o755) == 0)
    return try ChildProcess.run(
      setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments,
      in: fixture.directory)
  }

  /// A read-only file: a valid, closed trace needs nothing (exit 0, its usual line); one that needs
  /// repair — a torn tail, or only a missing seek table — is refused with an I/O error (exit 3) that
  /// says it cannot be written, what it needs, and that nothing was changed; the file is untouched.
  @Test func aReadOnlyFileIsCheckedButNeverChanged() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, table, frames) = try Self.closedTrace(fixture)
    _ = try fixture.file("valid.foldtrace", bytes)
    _ = try fixture.file("torn.foldtrace", Array(bytes[..<(table - 20)]))
    _ = try fixture.file("unclosed.foldtrace", Array(bytes[..<table]))
    for name in ["valid", "torn", "unclosed"] {
      #expect(chmod(fixture.directory.appendingPathComponent("\(name).foldtrace").path, 0o444) == 0)
    }
    let before = try ["torn", "unclosed"].map { try fixture.bytes(of: "\($0).foldtrace") }
    let lastOffset = try FollowSkippableFrameTests.frames(bytes).last!.offset
    guard let valid = try Self.runWithoutWritePermission(["recover", "valid.foldtrace"], in: fixture) else {
      return
    }
    #expect(valid.status == 0, "\(valid.stderr)")
    #expect(valid.text == "valid.foldtrace: kept \(frames) frames, dropped 0 bytes\n")
    let torn = try #require(try Self.runWithoutWritePermission(["recover", "torn.foldtrace"], in: fixture))
    #expect(torn.status == 3)
    #expect(torn.text == "")
    #expect(
      torn.stderr
        == "tracecat: error: torn.foldtrace: cannot be written (open failed: Permission denied), and it "
        + "needs repair (frame \(frames - 1) is truncated: the file ends \(table - 20 - lastOffset) bytes "
        + "into it); nothing was changed\n")
    let unclosed = try #require(
      try Self.runWithoutWritePermission(["recover", "unclosed.foldtrace"], in: fixture))
    #expect(unclosed.status == 3)
    #expect(
      unclosed.stderr
        == "tracecat: error: unclosed.foldtrace: cannot be written (open failed: Permission denied), and it "
        + "needs repair (no seek table); nothing was changed\n")
    #expect(try ["torn", "unclosed"].map { try fixture.bytes(of: "\($0).foldtrace") } == before)
  }

  /// `verify` on a trace whose exclusive lock a writer holds (a recording in progress) says it is being
  /// recorded, exit 5 — not corrupt, not torn — and counts it apart in the total.
  @Test func verifySaysATraceAWriterHoldsIsBeingRecorded() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let path = fixture.directory.appendingPathComponent("live.foldtrace").path
    let writer = try TraceWriter(path: path, header: TracecatFixture.header)
    for event in fixture.events.prefix(100) { try writer.append(event) }
    try writer.flush()
    let live = try fixture.run(["verify", "live.foldtrace"])
    #expect(live.status == 5)
    #expect(live.text == "")
    #expect(
      live.stderr
        == "tracecat: error: live.foldtrace: is being recorded (a writer holds its lock), so it is not "
        + "finished: verify it once the recording has closed the trace\n")
    let several = try fixture.run(["verify", "duo.foldtrace", "live.foldtrace"])
    #expect(several.status == 5)
    #expect(several.lines.last == "total: 2 traces, 1 valid, 0 recoverable, 1 being recorded, 0 failed")
    try writer.close()
    #expect(try fixture.run(["verify", "live.foldtrace"]).status == 0)
  }

  /// Standard output on `/dev/full`: `stats --json` (written as it is made) reports the failure once,
  /// exit 3, over one file or several; `recover` that repaired a file exits 4 with the failure on
  /// standard error, and one with nothing to repair exits 3.
  @Test func aFullStandardOutputIsReportedOnce() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, table, _) = try Self.closedTrace(fixture)
    _ = try fixture.file("unclosed.foldtrace", Array(bytes[..<table]))
    let executable = try #require(TracecatRunner.executable, "tracecat not found; build it first")
    func run(_ arguments: [String]) throws -> TracecatRunner.Result {
      try ChildProcess.run(executable, arguments, in: fixture.directory, stdout: .path("/dev/full"))
    }
    let full = "tracecat: error: <stdout>: No space left on device\n"
    for arguments in [
      ["stats", "--json", "duo.foldtrace"], ["stats", "--json", "duo.foldtrace", "handover.foldtrace"],
      ["stats", "duo.foldtrace", "handover.foldtrace"], ["export", "--chrome", "duo.foldtrace"],
    ] {
      let result = try run(arguments)
      #expect(result.status == 3, "\(arguments)")
      #expect(result.stderr == full, "\(arguments)")
    }
    let repaired = try run(["recover", "unclosed.foldtrace"])
    #expect(repaired.status == 4)
    #expect(repaired.stderr == full)
    #expect(try fixture.run(["verify", "unclosed.foldtrace"]).status == 0, "the repair was made")
    let whole = try run(["recover", "unclosed.foldtrace"])
    #expect(whole.status == 3)
    #expect(whole.stderr == full)
  }
}
