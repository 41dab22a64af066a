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

  /// `-o /dev/stdin` on a command that reads a named file: standard input's file is never written
  /// into (exit 3, its bytes kept), and the message says it is standard input's, not the command's
  /// input.
  @Test(arguments: [
    "\"$0\" plot -o /dev/stdin duo.foldtrace 0<> other.txt",
    "\"$0\" export --chrome --force -o /proc/self/fd/0 duo.foldtrace 0<> other.txt",
  ])
  func standardInputsFileIsNotCalledTheCommandsInput(_ command: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    _ = try fixture.file("other.txt", Array("other\n".utf8))
    let result = try shell(fixture, command)
    #expect(result.status == 3, "\(command): \(result.stderr)")
    #expect(
      result.stderr.contains("is the file on standard input, which no output is written into"),
      "\(command): \(result.stderr)")
    #expect(try fixture.bytes(of: "other.txt") == Array("other\n".utf8))
  }

  /// A standard descriptor closed when the command started is held on /dev/null so that no file takes
  /// its number; an output named through it is refused as not open (exit 3), not written into
  /// /dev/null with a summary as if published.
  @Test(arguments: [
    "\"$0\" plot -o /dev/stdin duo.foldtrace <&-",
    "\"$0\" slice -o /proc/self/fd/0 duo.foldtrace <&-",
    "\"$0\" export --chrome -o /dev/fd/1 duo.foldtrace >&-",
    "\"$0\" slice -o /dev/fd/../fd/0 duo.foldtrace <&-",
    "\"$0\" plot -o /proc/self/root/dev/stdin duo.foldtrace <&-",
    "exec \"$0\" plot -o /proc/self/task/$$/fd/1 duo.foldtrace >&-",
  ])
  func anOutputThroughADescriptorClosedAtStartIsRefused(_ command: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let result = try shell(fixture, command)
    #expect(result.status == 3, "\(command): \(result.stderr)")
    let descriptor = command.contains(">&-") ? 1 : 0
    #expect(
      result.stderr.contains("names descriptor \(descriptor), which is not open"),
      "\(command): \(result.stderr)")
  }

  /// An input named through standard input closed at start (`pack /dev/stdin <&-`) is not the empty
  /// `/dev/null` that holds its number: it cannot be read (exit 3), as `-` cannot.
  @Test(arguments: ["/dev/stdin", "/proc/self/fd/0", "/dev/fd/../fd/0", "-"])
  func anInputThroughStandardInputClosedAtStartCannotBeRead(_ name: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let result = try shell(fixture, "\"$0\" pack -o out.foldtrace \(name) <&-")
    #expect(result.status == 3, "\(name): \(result.stderr)")
    #expect(result.stderr.contains("Bad file descriptor"), "\(name): \(result.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent("out.foldtrace").path))
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

  /// A repair whose report goes into a pipe nobody reads exits 4 (repaired), not of SIGPIPE.
  @Test func recoverIntoAPipeWithNoReaderExitsFour() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, table, _) = try RecoverEdgeTests.closedTrace(fixture)
    let torn = try fixture.file("torn.foldtrace", Array(bytes[..<(table - 20)]))
    let executable = try #require(TracecatRunner.executable, "build tracecat first")
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    let process = Process()
    process.executableURL = executable
    process.arguments = ["recover", torn]
    process.currentDirectoryURL = fixture.directory
    process.standardOutput = pipe.fileHandleForWriting
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    try pipe.fileHandleForWriting.close()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "\(stderr)")
    #expect(process.terminationStatus == 4, "\(stderr)")
    #expect(stderr.contains("<stdout>"), "\(stderr)")
    #expect(try fixture.run(["verify", "torn.foldtrace"]).status == 0)
  }

  /// Past `ulimit -f`, a repair that cannot be written is an I/O error naming the file (exit 3), not
  /// death by SIGXFSZ, that says what the file now is: frames to its last complete one, without a seek
  /// table (the torn tail dropped, when there was one), which a rerun of recover repairs. (The limit is
  /// set for tracecat alone, whose output goes through a pipe, which the limit does not cover.)
  @Test func recoverPastTheFileSizeLimitSaysWhatItDid() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, table, frames) = try RecoverEdgeTests.closedTrace(fixture)
    _ = try fixture.file("torn.foldtrace", Array(bytes[..<(table - 20)]))
    _ = try fixture.file("unclosed.foldtrace", Array(bytes[..<table]))
    let lastOffset = try FollowSkippableFrameTests.frames(bytes).last!.offset
    let recover = "(ulimit -f 0; \"$0\" recover NAME.foldtrace 2>&1; echo \"status $?\") | cat"
    let unclosed = try shell(fixture, recover.replacingOccurrences(of: "NAME", with: "unclosed"))
    #expect(
      unclosed.text
        == "tracecat: error: unclosed.foldtrace: write failed: File too large; the trace was left at its "
        + "last complete frame (byte \(table)), without a seek table; rerun recover to repair it\nstatus 3\n")
    #expect(try fixture.bytes(of: "unclosed.foldtrace") == Array(bytes[..<table]))
    let torn = try shell(fixture, recover.replacingOccurrences(of: "NAME", with: "torn"))
    #expect(
      torn.text
        == "tracecat: error: torn.foldtrace: write failed: File too large; \(table - 20 - lastOffset) bytes "
        + "of a torn tail were dropped (frame \(frames - 1) is truncated: the file ends "
        + "\(table - 20 - lastOffset) bytes into it) and the trace was left at its last complete frame (byte "
        + "\(lastOffset)), without a seek table; rerun recover to repair it\nstatus 3\n")
    #expect(try fixture.bytes(of: "torn.foldtrace") == Array(bytes[..<lastOffset]))
    #expect(try fixture.run(["verify", "torn.foldtrace"]).status == 4)
  }

  /// On a full disk where the cut's frame fits and the seek table after it does not (`ulimit -f`
  /// falling at the table's start, or inside it), recover removes what it appended, says so (exit 3)
  /// and claims no seek table; the file is as it was, unclosed, and a rerun with room repairs it, with
  /// one cut.
  @Test(arguments: [0, 20])
  func recoverOnAFullDiskClaimsNoSeekTable(intoTable: Int) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, table, frames) = try RecoverEdgeTests.closedTrace(fixture)
    // The unclosed trace, then a skippable frame of `padding` bytes that puts the limit, a multiple of
    // dash's 512-byte `ulimit -f` unit, `intoTable` bytes past the end of the cut's frame.
    func unclosed(padding: Int) -> [UInt8] {
      Array(bytes[..<table]) + [0x50, 0x2A, 0x4D, 0x18]
        + withUnsafeBytes(of: UInt32(padding).littleEndian, Array.init)
        + [UInt8](repeating: 1, count: padding)
    }
    _ = try fixture.file("dry.foldtrace", unclosed(padding: 0))
    #expect(try fixture.run(["recover", "dry.foldtrace"]).status == 4)
    let dry = try fixture.bytes(of: "dry.foldtrace")
    let cut = try FollowSkippableFrameTests.frames(dry).last!
    let tableSize = dry.count - (cut.offset + cut.size)
    try #require(cut.events.map(\.kind) == [.cut] && tableSize > intoTable)
    let limit = (cut.offset + cut.size + intoTable + 511) / 512 * 512
    let padding = limit - intoTable - (cut.offset + cut.size)
    let before = unclosed(padding: padding)
    _ = try fixture.file("full.foldtrace", before)
    let result = try shell(
      fixture, "(ulimit -f \(limit / 512); \"$0\" recover full.foldtrace 2>&1; echo \"status $?\") | cat")
    #expect(
      result.text
        == "tracecat: error: full.foldtrace: write failed: File too large; the trace was left at its "
        + "last complete frame (byte \(before.count)), without a seek table; rerun recover to repair it\n"
        + "status 3\n")
    #expect(try fixture.bytes(of: "full.foldtrace") == before)
    let verify = try fixture.run(["verify", "full.foldtrace"])
    #expect(verify.status == 4 && verify.text.contains("not closed"), "\(verify.text)\(verify.stderr)")
    let rerun = try fixture.run(["recover", "full.foldtrace"])
    #expect(rerun.status == 4)
    #expect(
      rerun.text
        == "full.foldtrace: kept \(frames) frames, dropped 0 bytes, wrote a seek table, marked the cut\n")
    #expect(try fixture.run(["verify", "full.foldtrace"]).status == 0)
    let repaired = try FollowSkippableFrameTests.frames(try fixture.bytes(of: "full.foldtrace"))
    let kinds = repaired.flatMap(\.events).map(\.kind)
    #expect(kinds.filter { $0 == .cut } == [.cut] && kinds.last == .cut)
  }
}
