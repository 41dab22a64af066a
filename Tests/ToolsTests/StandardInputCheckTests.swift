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
  /// `tail` is a shell command whose output follows `prefix` instead.
  func run(
    _ arguments: [String], prefix: String, tail: String = "head -c 67108864 /dev/zero",
    in fixture: TracecatFixture
  ) throws -> TracecatRunner.Result {
    let executable = try #require(TracecatRunner.executable, "tracecat not found; build it first")
    let script =
      "input=$1; shift; { cat \"$input\"; \(tail); } "
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

  /// The commands checked on each input: read forward (`verify`, `stats`, `cat`) and from the copy.
  static let commands: [[String]] = [
    ["verify", "-"], ["stats", "-"], ["cat", "-"], ["check", "-"], ["cat", "--from", "1", "-"],
  ]

  /// Runs each command on `name` piped in then `tail`, and on the file `name` + `file` (the same bytes,
  /// shortened): the same status and message, but for the name.
  func expectSameAsFile(
    _ name: String, tail: String, file: [UInt8], status: Int32, in fixture: TracecatFixture
  ) throws {
    let head = try fixture.bytes(of: name)
    _ = try fixture.file("whole-\(name)", head + file)
    for arguments in Self.commands {
      let piped = try run(arguments, prefix: name, tail: tail, in: fixture)
      let direct = try fixture.run(arguments.dropLast() + ["whole-\(name)"])
      #expect(piped.status == status, "\(arguments): \(piped.stderr)")
      #expect(direct.status == status, "\(arguments): \(direct.stderr)")
      #expect(
        piped.stderr == direct.stderr.replacingOccurrences(of: "whole-\(name)", with: "<stdin>"),
        "\(arguments)")
    }
  }

  /// After whole frames, bytes that start no frame end the copy there (64 MiB of text could not be
  /// copied under the 1 MiB file size limit): the damage is reported as for the file.
  @Test func bytesThatStartNoFrameAfterWholeFramesEndTheCopy() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    _ = try fixture.file("good", fixture.bytes)
    let text = Array(String(repeating: "text\n", count: 1000).utf8)
    try expectSameAsFile(
      "good", tail: "yes text | head -c 67108864", file: text, status: 1, in: fixture)
    let result = try run(["verify", "-"], prefix: "good", tail: "yes text | head -c 67108864", in: fixture)
    #expect(result.stderr.hasPrefix("tracecat: error: <stdin>: byte \(fixture.bytes.count): "))
  }

  /// Zero bytes after whole frames, 4 MiB of them, are counted, not copied: to the end of the input
  /// they are a torn tail (exit 4), followed by a non-zero byte they are damage (exit 1), as in a file.
  @Test func zeroBytesAfterWholeFramesAreCountedNotCopied() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    _ = try fixture.file("good", fixture.bytes)
    let zeros = [UInt8](repeating: 0, count: 1 << 17)
    try expectSameAsFile("good", tail: "head -c 4194304 /dev/zero", file: zeros, status: 4, in: fixture)
    try expectSameAsFile(
      "good", tail: "head -c 4194304 /dev/zero; printf A", file: zeros + [0x41], status: 1, in: fixture)
  }

  /// A last data frame cut short, then 4 MiB of zero bytes to the end of the input, piped: a torn tail
  /// (exit 4) as in the file, the zero bytes counted, not copied; a non-zero byte after them is damage.
  @Test func aFrameCutShortByZeroBytesPipedInIsATornTail() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, _, frames) = try RecoverEdgeTests.closedTrace(fixture)
    let last = try FollowSkippableFrameTests.frames(bytes)[frames - 1]
    try #require(last.size > 32)
    _ = try fixture.file("torn", Array(bytes[..<(last.offset + last.size / 2)]))
    let zeros = [UInt8](repeating: 0, count: 1 << 17)
    try expectSameAsFile("torn", tail: "head -c 4194304 /dev/zero", file: zeros, status: 4, in: fixture)
    try expectSameAsFile(
      "torn", tail: "head -c 4194304 /dev/zero; printf A", file: zeros + [0x41], status: 1, in: fixture)
  }

  /// A block header no zstd decoder accepts (a reserved block type) ends the copy at the next non-zero
  /// byte: text after it is damage (exit 1); zero bytes to the end make the frame one cut short by them
  /// (exit 4), as in a file.
  @Test func anInvalidBlockHeaderEndsTheCopyAtTheNextNonZeroByte() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    _ = try fixture.file("bad-block", fixture.bytes + [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00, 0x06, 0x00, 0x00])
    let text = Array(String(repeating: "text\n", count: 1000).utf8)
    try expectSameAsFile(
      "bad-block", tail: "yes text | head -c 67108864", file: text, status: 1, in: fixture)
    try expectSameAsFile(
      "bad-block", tail: "head -c 4194304 /dev/zero", file: [UInt8](repeating: 0, count: 1 << 17), status: 4,
      in: fixture)
  }

  /// A closed trace's bytes, where its seek table starts, its last data frame, and 100 bytes that start
  /// no frame.
  static func closedTraceAndJunk(_ fixture: TracecatFixture) throws -> (
    bytes: [UInt8], table: Int, last: (offset: Int, size: Int), junk: [UInt8]
  ) {
    let (bytes, table, frames) = try RecoverEdgeTests.closedTrace(fixture)
    let last = try FollowSkippableFrameTests.frames(bytes)[frames - 1]
    return (bytes, table, (last.offset, last.size), [UInt8](repeating: 0x11, count: 100))
  }

  /// A damaged seek table (a wrong footer, or one frame early so that it does not match the frames
  /// before it), then bytes that start no frame, where the copy stops, then a complete data frame: not
  /// a torn tail (exit 1), as in the file; without that frame after them, a torn tail (exit 4).
  @Test func aDamagedSeekTableThenBytesThatStartNoFrameIsJudgedAsInTheFile() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, table, last, junk) = try Self.closedTraceAndJunk(fixture)
    let frame = Array(bytes[last.offset..<table])
    let wrongFooter: [UInt8] = [0x5E, 0x2A, 0x4D, 0x18, 16, 0, 0, 0] + [UInt8](repeating: 1, count: 16)
    _ = try fixture.file("footer", Array(bytes[..<table]) + wrongFooter)
    _ = try fixture.file("early", Array(bytes[..<last.offset]) + Array(bytes[table...]))
    _ = try fixture.file("junk-frame", junk + frame)
    _ = try fixture.file("junk", junk)
    for name in ["footer", "early"] {
      try expectSameAsFile(name, tail: "cat junk-frame", file: junk + frame, status: 1, in: fixture)
      try expectSameAsFile(name, tail: "cat junk", file: junk, status: 4, in: fixture)
    }
    let piped = try run(["check", "-"], prefix: "footer", tail: "cat junk-frame", in: fixture)
    #expect(
      piped.stderr
        == "tracecat: error: <stdin>: byte \(table): seek table footer magic is wrong; recover cannot "
        + "repair this (it is not a torn tail)\n")
  }

  /// The same damaged seek table, then 2 MiB of bytes that start no frame, with a temporary directory
  /// that cannot hold them (`ulimit -f`, SIGXFSZ ignored so the write fails): the verdict needs the rest
  /// of the input copied, and when that copy fails the command says so (exit 3, as when the first copy
  /// fails), not that the damage is no torn tail.
  @Test func aVerdictWhoseCopyFailsIsAnIOError() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, table, _) = try RecoverEdgeTests.closedTrace(fixture)
    let wrongFooter: [UInt8] = [0x5E, 0x2A, 0x4D, 0x18, 16, 0, 0, 0] + [UInt8](repeating: 1, count: 16)
    _ = try fixture.file("footer", Array(bytes[..<table]) + wrongFooter)
    let executable = try #require(TracecatRunner.executable, "tracecat not found; build it first")
    let script =
      "input=$1; shift; { cat \"$input\"; head -c 2097152 /dev/zero | tr '\\000' '\\021'; } "
      + "| { trap '' XFSZ; ulimit -f 1024; TMPDIR=. exec \"$0\" \"$@\"; }"
    for command in [["check", "-"], ["replay", "-"]] {
      let result = try ChildProcess.run(
        URL(fileURLWithPath: "/bin/sh"), ["-c", script, executable.path, "footer"] + command,
        in: fixture.directory)
      #expect(result.status == 3, "\(command): \(result.stderr)")
      #expect(result.stderr.contains("<stdin>: cannot copy standard input"), "\(result.stderr)")
    }
  }

  /// A data frame cut short, then bytes that start no frame, then a complete data frame: damage, not a
  /// torn tail (exit 1), as in the file; so too without that frame.
  @Test func aTornFrameThenBytesThatStartNoFrameIsJudgedAsInTheFile() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, table, last, junk) = try Self.closedTraceAndJunk(fixture)
    let frame = Array(bytes[last.offset..<table])
    _ = try fixture.file("torn", Array(bytes[..<(last.offset + last.size / 2)]))
    _ = try fixture.file("junk-frame", junk + frame)
    _ = try fixture.file("junk", junk)
    try expectSameAsFile("torn", tail: "cat junk-frame", file: junk + frame, status: 1, in: fixture)
    try expectSameAsFile("torn", tail: "cat junk", file: junk, status: 1, in: fixture)
  }

  /// A skippable frame declaring 4 GiB after the last data frame of a trace left unclosed, then 5 MiB
  /// of bytes that start no frame, piped into the commands that read forward: its bytes past 4 MiB are
  /// dropped as they are counted, and it is a torn tail (exit 4) as in the file, with the same message.
  @Test func aLongSkippableFramePipedInIsATornTailAsInTheFile() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let frames = try FollowSkippableFrameTests.frames(fixture.bytes)
    let unclosed = Array(fixture.bytes[..<frames[frames.count - 1].offset])
    _ = try fixture.file("skip", unclosed + [0x50, 0x2A, 0x4D, 0x18, 0xFF, 0xFF, 0xFF, 0xFF])
    _ = try fixture.file("whole-skip", try fixture.bytes(of: "skip") + [UInt8](repeating: 1, count: 5 << 20))
    for arguments in [["verify", "-"], ["stats", "-"], ["cat", "-"]] {
      let piped = try run(
        arguments, prefix: "skip", tail: "head -c 5242880 /dev/zero | tr '\\000' '\\001'", in: fixture)
      let direct = try fixture.run(arguments.dropLast() + ["whole-skip"])
      #expect(direct.status == 4, "\(arguments): \(direct.stderr)")
      #expect(piped.status == 4, "\(arguments): \(piped.stderr)")
      #expect(piped.stderr == direct.stderr.replacingOccurrences(of: "whole-skip", with: "<stdin>"))
    }
  }

  /// The last data frame with the descriptor's unused bit (0x10) set, cut short by zero bytes to the
  /// end: the copy walks on past that frame header (only the reserved bit, 0x08, makes no frame), and it
  /// is a torn tail (exit 4) as in the file — the copy ended at the frame's first non-zero byte, and
  /// its verdict said 1.
  @Test func aFrameWithTheUnusedBitCutShortByZeroBytesPipedInIsATornTail() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, _, frames) = try RecoverEdgeTests.closedTrace(fixture)
    let last = try FollowSkippableFrameTests.frames(bytes)[frames - 1]
    try #require(last.size > 32)
    var frame = Array(bytes[last.offset..<(last.offset + last.size)])
    frame[4] |= 0x10
    _ = try fixture.file("unused", Array(bytes[..<last.offset]) + frame.dropLast(20))
    let zeros = [UInt8](repeating: 0, count: 1 << 17)
    try expectSameAsFile("unused", tail: "head -c 4194304 /dev/zero", file: zeros, status: 4, in: fixture)
  }

  /// A frame cut short followed by 96 MiB of zero bytes (empty raw blocks, to a decoder: the frame runs
  /// on to the end), piped into `verify -` with a 64 MiB data segment: the frame's bytes are held only up
  /// to a frame of the reader's limits, the older ones searched and dropped as it goes, and it is a torn
  /// tail (exit 4), as in the file. Every byte of the frame was held before.
  @Test func aTornFrameRunningIntoZeroBytesIsReadForwardInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, _, frames) = try RecoverEdgeTests.closedTrace(fixture)
    let last = try FollowSkippableFrameTests.frames(bytes)[frames - 1]
    // A frame whose first block, raw and 1 000 bytes long (not the last), is cut after 500: the zero
    // bytes finish it, then read as empty raw blocks.
    let cutShort: [UInt8] =
      [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x58, 0x40, 0x1F, 0x00] + [UInt8](repeating: 0x11, count: 500)
    _ = try fixture.file("torn", Array(bytes[..<last.offset]) + cutShort)
    let executable = try #require(TracecatRunner.executable, "tracecat not found; build it first")
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "{ cat torn; head -c 100663296 /dev/zero; } | { ulimit -d 65536; exec \"$0\" verify -; }",
        executable.path,
      ], in: fixture.directory)
    #expect(result.status == 4, "\(result.stderr)")
    #expect(result.stderr.contains("is truncated"), "\(result.stderr)")
  }
}
