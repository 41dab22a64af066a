import FoldTrace
import Foundation
import TestSupport
import Testing

/// `tracecat --follow` against a trace that this test process writes while `tracecat` runs as a second
/// process: it prints frames as they land and exits 0 at the clean close.
@Suite struct FollowTests {
  /// The test writes with `TraceWriter` and `flush()`, one frame per step, and waits for `tracecat` to
  /// print each frame's last event before writing the next.
  @Test func followsFramesFromTraceWriterUntilTheCleanClose() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let path = fixture.directory.appendingPathComponent("live.foldtrace").path
    let writer = try TraceWriter(path: path, header: TracecatFixture.header)
    let follower = try FollowerProcess(["--follow", "live.foldtrace"], in: fixture)
    defer { follower.stop() }
    let events = TracecatFixture.handoverEvents()
    let batches = stride(from: 0, to: events.count, by: 20).map {
      Array(events[$0..<min($0 + 20, events.count)])
    }
    var expectedLines = 1
    for batch in batches {
      for event in batch { try writer.append(event) }
      try writer.flush()
      expectedLines += batch.count
      try follower.waitForLines(expectedLines)
    }
    try writer.close()
    let status = try follower.waitForExit()
    #expect(status == 0)
    let whole = try fixture.run(["live.foldtrace"])
    #expect(follower.output == whole.text)
    Golden.assert(follower.output, named: "follow-writer.txt")
  }

  /// A closed trace already on disk is read a chunk at a time (512 KiB): many chunks of small frames,
  /// and one frame longer than a chunk, print exactly what `tracecat` prints without --follow.
  @Test func readsWhatIsAlreadyWrittenInChunksAndFramesLongerThanOne() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    var state: UInt64 = 7
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
    func label() -> String {
      let bytes = (0..<60_000).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return letters[Int(state >> 33) % letters.count]
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    // About 1.2 MB of incompressible markers in one frame (over two chunks), then a thousand small frames.
    var events = TracecatFixture.handoverEvents()
    let end = events.last!.time
    events += (1...20).map { TraceEvent(time: end + UInt64($0), .marker(label())) }
    let writer = try TraceWriter(
      header: TracecatFixture.header, policy: FlushPolicy(maxBufferedBytes: 8 << 20))
    for event in events { try writer.append(event) }
    try writer.flush()
    for index in 0..<1_000 {
      try writer.append(TraceEvent(time: end + 100 + UInt64(index), .marker(label().prefix(600) + "")))
      try writer.flush()
    }
    try writer.close()
    _ = try fixture.file("big.foldtrace", writer.bytes)
    #expect(writer.bytes.count > 2 * 512 * 1024)
    let followed = try fixture.run(["--follow", "big.foldtrace"])
    let whole = try fixture.run(["big.foldtrace"])
    #expect(followed.status == 0)
    #expect(followed.stdout == whole.stdout)
    #expect(followed.lines.count == 1 + events.count + 1_000)
  }

  /// What is already written when following starts is decoded a chunk at a time, not all at once: 600 k
  /// scroll events (about 75 MB decoded at once) follow within a 64 MB data segment.
  @Test func aLongTraceAlreadyWrittenFollowsInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeScrollTrace("long.foldtrace", count: 600_000)
    let followed = try fixture.run(
      ["--follow", "--kind", "sceneConnected", "long.foldtrace"], dataLimitKiB: 65_536)
    #expect(followed.status == 0, "\(followed.stderr)")
    #expect(followed.lines.count == 2)
  }

  /// The test copies a finished trace into place in pieces that cut frames in half, the seek table
  /// included; `tracecat` waits at each cut and prints every event exactly once.
  @Test func waitsAtTornFramesAndPrintsEachEventOnce() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let reader = try TraceReader(bytes: fixture.bytes, name: "duo")
    var cuts = [4, 20, 70]
    while let frame = try reader.nextFrame() {
      cuts += [frame.offset + frame.size / 2, frame.offset + frame.size]
    }
    cuts.append(fixture.bytes.count - 10)
    cuts.append(fixture.bytes.count)
    let live = fixture.directory.appendingPathComponent("live.foldtrace")
    try Data().write(to: live)
    let follower = try FollowerProcess(["--follow", "--json", "live.foldtrace"], in: fixture)
    defer { follower.stop() }
    let handle = try FileHandle(forWritingTo: live)
    var written = 0
    for cut in cuts.sorted() where cut > written {
      try handle.write(contentsOf: fixture.bytes[written..<cut])
      written = cut
      usleep(30_000)
    }
    try handle.close()
    #expect(try follower.waitForExit() == 0)
    let decoded = try TraceJSONLines.decode(document: follower.output)
    #expect(decoded.events == fixture.events)
  }

  /// A followed file truncated below what was read, replaced by another file or removed stops the
  /// follow with a file error (exit 3) naming what happened, instead of polling forever (or, removed,
  /// saying the open failed).
  @Test(arguments: ["truncate", "replace", "remove"])
  func aTruncatedOrReplacedFileStopsTheFollow(_ change: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let live = fixture.directory.appendingPathComponent("live.foldtrace")
    let unclosed = fixture.bytes.count - 200
    try Data(fixture.bytes.prefix(unclosed)).write(to: live)
    let follower = try FollowerProcess(["--follow", "live.foldtrace"], in: fixture)
    defer { follower.stop() }
    try follower.waitForLines(2)
    if change == "truncate" {
      let handle = try FileHandle(forWritingTo: live)
      try handle.truncate(atOffset: 10)
      try handle.close()
    } else if change == "replace" {
      let other = fixture.directory.appendingPathComponent("other.foldtrace")
      try Data(fixture.bytes).write(to: other)
      #expect(rename(other.path, live.path) == 0)
    } else {
      #expect(unlink(live.path) == 0)
    }
    #expect(try follower.waitForExit() == 3)
    let expected = [
      "truncate": "was truncated to 10 bytes while being followed",
      "replace": "was replaced by another file",
      "remove": "live.foldtrace: was removed or renamed while being followed; stopped after byte",
    ]
    #expect(follower.errors.contains(try #require(expected[change])), "\(follower.errors)")
  }
}

/// `tracecat` running in the background with its standard output going to a file the test polls.
final class FollowerProcess {
  private let process: Process
  private let outputURL: URL
  private let errorURL: URL
  /// How long any wait may take before the test fails, in seconds.
  static let deadline = 20.0

  /// Starts `tracecat` with `arguments` in the fixture's directory; `dataLimitKiB` caps its data segment.
  init(_ arguments: [String], in fixture: TracecatFixture, dataLimitKiB: Int? = nil) throws {
    let executable = try #require(TracecatRunner.executable, "tracecat not found; run swift build first")
    outputURL = fixture.directory.appendingPathComponent("follow-\(UUID().uuidString).out")
    errorURL = fixture.directory.appendingPathComponent("follow-\(UUID().uuidString).err")
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)
    process = try ChildProcess.start(
      executable, arguments, in: fixture.directory, stdout: outputURL.path, stderr: errorURL.path,
      dataLimitKiB: dataLimitKiB)
  }

  /// What `tracecat` printed so far.
  var output: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }
  /// Whether `tracecat` still runs.
  var isRunning: Bool { process.isRunning }
  /// The process id, to send signals to.
  var processIdentifier: Int32 { process.processIdentifier }
  /// Whether `tracecat` ended by a signal (its status is then the signal's number).
  var endedBySignal: Bool { !process.isRunning && process.terminationReason == .uncaughtSignal }
  /// What `tracecat` printed on standard error so far.
  var errors: String { (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "" }

  /// Waits until `tracecat` printed `count` lines.
  func waitForLines(_ count: Int) throws {
    try wait("\(count) lines") { self.output.split(separator: "\n").count >= count }
  }

  /// Waits for `tracecat` to exit and returns its status.
  func waitForExit() throws -> Int32 {
    try wait("tracecat to exit") { !self.process.isRunning }
    return process.terminationStatus
  }

  /// Ends `tracecat` if it still runs (after a failed wait, or a test that leaves it following).
  ///
  /// SIGKILL, not `terminate()`'s SIGTERM: a child started through `/bin/sh` (with `dataLimitKiB`)
  /// inherits the test thread's signal mask, which blocks SIGTERM, and would never exit.
  func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  private func wait(_ what: String, until done: () -> Bool) throws {
    let start = Date()
    while !done() {
      if Date().timeIntervalSince(start) > Self.deadline {
        Issue.record("gave up waiting for \(what); output:\n\(output)\nerrors:\n\(errors)")
        throw CancellationError()
      }
      usleep(10_000)
    }
  }
}
