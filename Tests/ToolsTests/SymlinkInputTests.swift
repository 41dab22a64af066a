import Foundation
import Testing

/// Inputs behind symbolic links: a loop or an unsearchable entry is reported by name and never passes
/// for success; a link back into a searched directory is not followed twice.
@Suite struct SymlinkInputTests {
  func link(_ name: String, to target: String, in fixture: TracecatFixture) throws {
    try FileManager.default.createSymbolicLink(
      atPath: fixture.directory.appendingPathComponent(name).path, withDestinationPath: target)
  }

  @Test func aSymlinkLoopNamedLikeASubcommandIsReportedAsTheFile() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try link("a", to: "a", in: fixture)
    let result = try fixture.run(["a"])
    #expect(result.status == 3)
    #expect(result.stderr == "tracecat: error: a: open failed: Too many levels of symbolic links\n")
  }

  @Test func replayDoesNotPassWhenAnEntryCannotBeSearched() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let traces = fixture.directory.appendingPathComponent("traces")
    try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: false)
    try FileManager.default.copyItem(at: fixture.trace, to: traces.appendingPathComponent("duo.foldtrace"))
    try link("traces/loop", to: "loop", in: fixture)
    try FileManager.default.createDirectory(
      at: traces.appendingPathComponent("sub"), withIntermediateDirectories: false)
    try link("traces/sub/up", to: "..", in: fixture)
    for command in ["replay", "check"] {
      let result = try fixture.run([command, "traces"])
      #expect(result.status == 3, "\(command): \(result.stderr)")
      #expect(
        result.stderr.hasPrefix("tracecat: error: traces/loop: Too many levels of symbolic links\n"),
        "\(command): \(result.stderr)")
      // The trace is found once: `sub/up` leads back into `traces`, which is being searched.
      #expect(result.lines.filter { $0.hasPrefix("duo.foldtrace ") }.count == 1, "\(command): \(result.text)")
    }
  }

  @Test func replayOfATraceItCannotReadIsAnIOError() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let traces = fixture.directory.appendingPathComponent("traces")
    try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: false)
    try link("traces/gone.foldtrace", to: "nowhere.foldtrace", in: fixture)
    for command in ["replay", "check"] {
      let result = try fixture.run([command, "traces", "duo.foldtrace"])
      #expect(result.status == 3, "\(command): \(result.stderr)")
      #expect(
        result.stderr.contains("traces/gone.foldtrace: open failed: No such file or directory"),
        "\(result.stderr)")
    }
  }
}

/// A FIFO named as a trace, or found under a directory, is refused at once by name: opening it must not
/// wait for a writer that never comes.
@Suite(.timeLimit(.minutes(10))) struct FIFOInputTests {
  @Test func aFIFOWithNoWriterIsRefusedNotWaitedOn() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let traces = fixture.directory.appendingPathComponent("traces")
    try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: false)
    try FileManager.default.copyItem(at: fixture.trace, to: traces.appendingPathComponent("duo.foldtrace"))
    #expect(mkfifo(traces.appendingPathComponent("pipe.foldtrace").path, 0o644) == 0)
    for command in [["verify"], ["stats"], ["recover"], ["--follow"], ["replay"]] {
      let result = try fixture.run(command + ["traces/pipe.foldtrace"])
      #expect(result.status == 3, "\(command): \(result.stderr)")
      #expect(result.stderr.contains("traces/pipe.foldtrace: "), "\(command): \(result.stderr)")
    }
    let replay = try fixture.run(["replay", "traces"])
    #expect(replay.status == 3, "\(replay.stderr)")
    #expect(replay.lines.contains { $0.hasPrefix("duo.foldtrace ") }, "\(replay.text)")
  }
}
