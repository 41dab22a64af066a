import FoldTrace
import Foundation
import TestSupport
import Testing

/// `tracecat` on a full standard output (`/dev/full`): the data is lost, so the run must say so and fail
/// with the I/O status, however the output happens to fall into the console's 64 KiB buffer.
@Suite struct TracecatFullDiskTests {
  /// Runs `tracecat` with standard output on `/dev/full`; returns its status and standard error.
  func runIntoFullDisk(_ arguments: [String], in directory: URL) throws -> (status: Int32, stderr: String) {
    let executable = try #require(TracecatRunner.executable, "tracecat not found; build it first")
    let result = try ChildProcess.run(executable, arguments, in: directory, stdout: .path("/dev/full"))
    return (result.status, result.stderr)
  }

  /// A trace whose last event is a marker whose printed line alone fills the 64 KiB buffer, so the write
  /// that fails happens inside `print`, not in the final flush.
  func traceEndingInALongMarker(_ fixture: TracecatFixture) throws -> String {
    let writer = try TraceWriter(header: TracecatFixture.header)
    try writer.append(TraceEvent(time: 1, .marker(String(repeating: "\u{1}", count: 11_000))))
    try writer.close()
    return try fixture.file("long-marker.foldtrace", writer.bytes)
  }

  @Test(arguments: [["--json"], [], ["cat"]])
  func fullStandardOutputIsAnIOError(_ options: [String]) throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let trace = try traceEndingInALongMarker(fixture)
    let result = try runIntoFullDisk(options + [trace], in: fixture.directory)
    #expect(result.status == 3)
    #expect(result.stderr == "tracecat: error: <stdout>: No space left on device\n")
  }

  @Test func fullStandardOutputAfterSeveralFilesIsOneIOError() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let trace = try traceEndingInALongMarker(fixture)
    let result = try runIntoFullDisk(
      ["--json", trace, trace, fixture.trace.lastPathComponent], in: fixture.directory)
    #expect(result.status == 3)
    #expect(result.stderr == "tracecat: error: <stdout>: No space left on device\n")
  }
}
