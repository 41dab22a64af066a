import Foundation
import TestSupport
import Testing

/// tracecat in a mount namespace without `/proc`, as in some containers and sandboxes: the Swift runtime
/// on Linux reads the arguments from `/proc/self/cmdline`, and libdispatch's global queues watch their
/// threads through `/proc`. Runs only as root where `unshare -m` may mount a tmpfs over `/proc`.
@Suite struct NoProcTests {
  static let unshare = URL(fileURLWithPath: "/usr/bin/unshare")

  /// Runs tracecat with `arguments` in `directory` under an empty `/proc`; nil when that is not permitted.
  static func runWithoutProc(_ arguments: [String], in directory: URL) throws -> ChildProcess.Result? {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: unshare.path),
      let tracecat = TracecatRunner.executable
    else { return nil }
    let script = #"mount -t tmpfs none /proc && test ! -e /proc/self && exec "$0" "$@""#
    let probe = try ChildProcess.run(unshare, ["-m", "sh", "-c", script, "/bin/true"])
    guard probe.status == 0 else { return nil }
    return try ChildProcess.run(
      unshare, ["-m", "sh", "-c", script, tracecat.path] + arguments, in: directory)
  }

  @Test func argumentsAreReadWithoutProc() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    guard let result = try Self.runWithoutProc(["stats", "duo.foldtrace"], in: fixture.directory) else {
      return
    }
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.text.hasPrefix("file:             duo.foldtrace\n"))
  }

  /// `pack` compresses on a second thread (its own, not a libdispatch global queue): the same bytes.
  @Test func packWithoutProcWritesTheSameBytes() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeScrollTrace("long.foldtrace", count: 20_000, anchors: true)
    let json = try fixture.run(["--json", "long.foldtrace"])
    _ = try fixture.file("long.jsonl", json.stdout)
    #expect(try fixture.run(["pack", "-o", "with.foldtrace", "long.jsonl"]).status == 0)
    guard
      let result = try Self.runWithoutProc(
        ["pack", "-o", "without.foldtrace", "long.jsonl"], in: fixture.directory)
    else { return }
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try fixture.bytes(of: "without.foldtrace") == fixture.bytes(of: "with.foldtrace"))
  }
}
