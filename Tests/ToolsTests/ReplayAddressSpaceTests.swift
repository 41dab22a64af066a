import Foundation
import TestSupport
import Testing

/// `replay DIR` replays traces on worker threads; under an address-space limit (`ulimit -v`, as CI boxes
/// and containers set) it prints what it prints without one. Each thread that allocated used to get a
/// glibc heap arena of its own, 64 MiB of address space, and a stack of `ulimit -s` (8 MiB), so two
/// workers reserved about 200 MiB where the replay used 26 MiB, and the process crashed in the allocator.
@Suite struct ReplayAddressSpaceTests {
  /// The cap, KiB: 100 MiB, the limit CI boxes are given. Replaying a directory on two workers peaks
  /// near 81 MiB of address space in the debug binary (79 MiB in release), most of it the Swift and
  /// Foundation libraries (ICU alone 40 MiB); the margin covers more workers (1 MiB of stack each, at
  /// most 8) and allocator slack. One 64 MiB arena per worker on top of the libraries exceeds it.
  static let addressSpaceLimitKiB = 102_400

  @Test func replayingADirectoryRunsUnderAnAddressSpaceLimit() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let traces = fixture.directory.appendingPathComponent("traces")
    try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
    for index in 1...8 {
      try Data(fixture.bytes).write(to: traces.appendingPathComponent("duo-\(index).foldtrace"))
    }
    let executable = try #require(TracecatRunner.executable)
    let limited = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "ulimit -v \(Self.addressSpaceLimitKiB) && exec \"$0\" \"$@\"", executable.path, "replay",
        "traces",
      ],
      in: fixture.directory)
    #expect(limited.status == 0, "\(limited.stderr)")
    #expect(limited.stderr == "")
    let unlimited = try fixture.run(["replay", "traces"])
    #expect(unlimited.status == 0)
    #expect(limited.stdout == unlimited.stdout)
    #expect(limited.text.contains("8 traces"), "\(limited.text)")
  }
}
