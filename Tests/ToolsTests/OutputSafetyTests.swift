import FoldTrace
import Foundation
import TestSupport
import Testing

/// Every output goes through one rule (FoldTrace's `OutputFile`): never over a file that holds data
/// (`--force` only for derived outputs, never onto the input), published whole, special files written
/// through; and recover never deletes a readable frame.
@Suite struct OutputSafetyTests {
  @Test(arguments: [["plot"], ["export", "--chrome"]])
  func derivedOutputsNeverOverwriteAndForceNeverReplacesTheInput(_ command: [String]) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let name = fixture.trace.lastPathComponent
    _ = try fixture.file("kept.txt", Array("keep me".utf8))
    let refused = try fixture.run(command + ["-o", "kept.txt", name])
    #expect(refused.status == 3)
    #expect(
      refused.stderr.contains("kept.txt: already exists and holds data; tracecat never overwrites a file"))
    #expect(try fixture.bytes(of: "kept.txt") == Array("keep me".utf8))
    let ontoInput = try fixture.run(command + ["--force", "-o", name, name])
    #expect(ontoInput.status == 3)
    #expect(ontoInput.stderr.contains("is this command's input"))
    #expect(try fixture.bytes(of: name) == fixture.bytes)
    let forced = try fixture.run(command + ["--force", "-o", "kept.txt", name])
    #expect(forced.status == 0)
    #expect(try fixture.bytes(of: "kept.txt") == fixture.run(command + [name]).stdout)
    let hidden = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).filter {
      $0.hasPrefix(".")
    }
    #expect(hidden.isEmpty, "a temporary file was left behind")
  }

  /// A new output is linked into place; its temporary name must then go, so the directory holds the
  /// output once (one link) and nothing hidden.
  @Test(arguments: [["slice", "--to", "1"], ["plot"], ["export", "--chrome"], ["show", "--at", "0.5"]])
  func aNewOutputLeavesNoTemporaryName(_ command: [String]) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let result = try fixture.run(command + ["-o", "out.new", fixture.trace.lastPathComponent])
    #expect(result.status == 0, "\(result.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
    #expect(names.filter { $0.hasPrefix(".") }.isEmpty, "a temporary name was left behind: \(names.sorted())")
    let attributes = try FileManager.default.attributesOfItem(
      atPath: fixture.directory.appendingPathComponent("out.new").path)
    #expect((attributes[.referenceCount] as? NSNumber)?.intValue == 1)
  }

  /// A scene 10¹⁸ × 10³⁰⁰ pt, which every reader accepts, draws (saturated) instead of trapping in an
  /// integer conversion.
  @Test(arguments: [["plot"], ["show", "--at", "0"], ["export", "--chrome"], ["stats"]])
  func hugeGeometryDrawsWithoutTrapping(_ command: [String]) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let scene = SceneID(1)
    try fixture.trace(
      "huge.foldtrace",
      [
        TraceEvent(time: 0, .sceneConnected(scene: scene, display: .external, scale: 3)),
        TraceEvent(
          time: 0,
          .geometry(
            scene: scene,
            SceneGeometry(
              size: TraceSize(width: 1e18, height: 1e300),
              safeArea: TraceInsets(top: 0, leading: 0, bottom: 0, trailing: 0),
              horizontal: .regular, vertical: .regular))),
      ])
    let result = try fixture.run(command + ["huge.foldtrace"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.isEmpty)
  }

  /// A pipe, a character device or a directory given as a trace is named for what it is, a file error
  /// (exit 3), instead of reading as "the file is empty".
  @Test func irregularInputsAreNamedNotCalledEmpty() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let fifo = fixture.directory.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // The reader's open(2) waits for a writer; this one opens, lets it through, and closes.
    let writer = Thread {
      let descriptor = open(fifo, O_WRONLY)
      if descriptor >= 0 { close(descriptor) }
    }
    writer.start()
    let piped = try fixture.run(["stats", "pipe"])
    #expect(piped.status == 3)
    #expect(piped.stderr.contains("pipe: is a pipe (FIFO), not a regular file"))
    let device = try fixture.run(["verify", "/dev/zero"])
    #expect(device.status == 3)
    #expect(device.stderr.contains("/dev/zero: is a character device, not a regular file"))
    let directory = try fixture.run(["cat", fixture.directory.path])
    #expect(directory.status == 3)
    #expect(directory.stderr.contains("is a directory, not a regular file"))
  }

  @Test(arguments: [["slice", "--to", "1"], ["plot"], ["export", "--chrome"]])
  func devNullIsWrittenThrough(_ command: [String]) throws {
    guard FileManager.default.fileExists(atPath: "/dev/null") else { return }
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let result = try fixture.run(command + ["-o", "/dev/null", fixture.trace.lastPathComponent])
    #expect(result.status == 0)
    #expect(!result.stderr.contains("error"))
  }

  @Test func concatenatedTracesAreCorruptAndRecoverLeavesThemUntouched() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let both = fixture.bytes + fixture.bytes
    _ = try fixture.file("both.foldtrace", both)
    let verify = try fixture.run(["verify", "both.foldtrace"])
    #expect(verify.status == 1)
    #expect(verify.stderr.contains("byte \(fixture.bytes.count): a second trace's header starts here"))
    #expect(!verify.stderr.contains("run recover"))
    let recover = try fixture.run(["recover", "both.foldtrace"])
    #expect(recover.status == 1)
    #expect(try fixture.bytes(of: "both.foldtrace") == both)
  }

  @Test func framesAppendedAfterACloseSurviveRecover() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    // The appended frames continue the session's times, as a writer appending after a close writes them.
    let end = fixture.events.last!.time
    let later = try fixture.trace(
      "later.foldtrace", fixture.events.map { TraceEvent(time: end + $0.time, $0.payload) })
    let reader = try TraceReader(bytes: later, name: "t")
    var frames: [TraceFrame] = []
    while let frame = try reader.nextFrame() { frames.append(frame) }
    let frameBytes = Array(later[frames[0].offset..<(frames.last!.offset + frames.last!.size)])
    _ = try fixture.file("appended.foldtrace", fixture.bytes + frameBytes)
    #expect(try fixture.run(["verify", "appended.foldtrace"]).status == 4)
    let recover = try fixture.run(["recover", "appended.foldtrace"])
    #expect(recover.status == 4)
    #expect(
      recover.text.contains(
        "kept \(2 * frames.count) frames, dropped 0 bytes, wrote a seek table, marked the cut"))
    let verify = try fixture.run(["verify", "appended.foldtrace"])
    #expect(verify.status == 0)
    // And the cut record recover appended.
    #expect(verify.text.contains("\(2 * fixture.events.count + 1) events"))
  }

  /// A damaged tail is classified in chunks: a 192 MiB zero tail (a sparse file) under a 128 MiB data
  /// limit; reading the tail whole, as before, ran out of memory.
  @Test func aHugeZeroTailIsClassifiedInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let path = fixture.directory.appendingPathComponent("zeros.foldtrace").path
    let reader = try TraceReader(bytes: fixture.bytes, name: "t")
    while try reader.nextFrame() != nil {}
    let unclosed = fixture.bytes.count - (8 + (try reader.frameCount() + 1) * 12 + 9)
    try Data(fixture.bytes.prefix(unclosed)).write(to: URL(fileURLWithPath: path))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: UInt64(unclosed + 192 << 20))
    try handle.close()
    for command in [["verify"], ["stats"], ["slice", "-o", "/dev/null"]] {
      let result = try fixture.run(command + ["zeros.foldtrace"], dataLimitKiB: 131_072)
      #expect(result.status == 4, "\(command): \(result.stderr)")
      #expect(result.stderr.contains("zero bytes where frame"), "\(command)")
    }
  }
}

/// An interrupted `pack` leaves nothing behind and dies of the signal, on every signal whose default
/// action ends the process (SIGXFSZ is what `ulimit -f` sends; SIGQUIT is Ctrl-\\, which the Swift
/// runtime's backtracer took as a crash and let the process run on), as every other output's is: its
/// unfinished output has no name, or, where the file system cannot make a file without one, a hidden
/// temporary name the handler removes.
@Suite struct InterruptedOutputTests {
  @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ, SIGXCPU, SIGALRM, SIGUSR1])
  func anInterruptedPackRemovesItsTemporaryFile(_ signal: Int32) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let executable = try #require(TracecatRunner.executable, "tracecat not found; run swift build first")
    let process = Process()
    process.executableURL = executable
    process.arguments = ["pack", "-o", "out.foldtrace", "-"]
    process.currentDirectoryURL = fixture.directory
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { try? input.fileHandleForWriting.close() }
    let before = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).sorted()
    // pack opens its output before it reads standard input, which stays open.
    let open = ChildProcess.waitForOpenFile(of: process.processIdentifier, in: fixture.directory)
    #expect(open.count == 1, "\(open)")
    kill(process.processIdentifier, signal)
    let sent = Date()
    while process.isRunning && Date().timeIntervalSince(sent) < 20 { usleep(10_000) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      Issue.record("tracecat pack did not end on signal \(signal)")
    }
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == signal)
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).sorted() == before)
  }
}

/// A command killed by SIGKILL (or a machine that loses power), which no handler can see, leaves no
/// file behind either: the output is written into a file with no name (`O_TMPFILE`) that only
/// publishing names. With a hidden temporary name, every kill left a `.OUT.XXXXXX` forever.
@Suite struct KilledOutputTests {
  /// Starts `tracecat` with `arguments` in a fixture's directory, feeds it `input` (of the fixture) on a
  /// pipe it keeps open, kills it once it holds its output open, and returns what the directory held
  /// before and after.
  func killWhileWriting(_ arguments: [String], input: (TracecatFixture) -> [UInt8]) throws -> (
    before: [String], after: [String]
  ) {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let executable = try #require(TracecatRunner.executable, "tracecat not found; run swift build first")
    let before = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).sorted()
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = fixture.directory
    let pipe = Pipe()
    process.standardInput = pipe
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { try? pipe.fileHandleForWriting.close() }
    // Less than a pipe's buffer: written without waiting for the reader.
    let bytes = input(fixture)
    #expect(bytes.count < 32_768)
    try pipe.fileHandleForWriting.write(contentsOf: Data(bytes))
    let open = ChildProcess.waitForOpenFile(of: process.processIdentifier, in: fixture.directory)
    #expect(open.count == 1, "\(open)")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGKILL)
    let after = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).sorted()
    return (before, after)
  }

  /// `pack` opens OUT, then waits for its input's first line.
  @Test func aKilledPackLeavesNothing() throws {
    let (before, after) = try killWhileWriting(["pack", "-o", "out.foldtrace", "-"]) { _ in [] }
    #expect(after == before)
  }

  /// `slice` opens OUT once it has read the header, then waits for the rest of the frame cut short.
  @Test func aKilledSliceLeavesNothing() throws {
    let (before, after) = try killWhileWriting(["slice", "-o", "out.foldtrace", "-"]) {
      Array($0.bytes.dropLast(200))
    }
    #expect(after == before)
  }
}

/// Every command ends on SIGQUIT (Ctrl-\\) as on SIGINT, not only those with an output open: the
/// handlers are installed before any work. Left to the Swift runtime's backtracer, a quit printed a
/// "crash" and the command ran on (`show -o` then published its picture).
@Suite struct QuitSignalTests {
  @Test func aQuitEndsACommandWithNoOutputOpen() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    // An unclosed trace: --follow waits for more until it is stopped.
    try Data(fixture.bytes.prefix(fixture.bytes.count - 200)).write(
      to: fixture.directory.appendingPathComponent("live.foldtrace"))
    let follower = try FollowerProcess(["--follow", "live.foldtrace"], in: fixture)
    defer { follower.stop() }
    try follower.waitForLines(2)
    #expect(follower.isRunning)
    kill(follower.processIdentifier, SIGQUIT)
    #expect(try follower.waitForExit() == SIGQUIT)
    #expect(follower.endedBySignal)
    #expect(!follower.errors.contains("crashed"), "\(follower.errors)")
  }
}
