import FoldTrace
import Foundation
import TestSupport
import Testing

/// `zstd -t` passes and `zstdcat` prints the raw records: the trace is plain RFC 8878 (<doc:TraceFormat>).
@Suite struct InteropTests {
  static let zstd = "/usr/bin/zstd"
  static var hasZstd: Bool { FileManager.default.isExecutableFile(atPath: zstd) }

  /// Runs `zstd` with `arguments`; returns its exit status and standard output.
  static func run(_ arguments: [String]) throws -> (status: Int32, output: Data) {
    let result = try ChildProcess.run(URL(fileURLWithPath: zstd), arguments)
    return (result.status, Data(result.stdout))
  }

  @Test(
    .enabled(if: hasZstd, "/usr/bin/zstd is not installed; install the zstd package to run interop tests"))
  func zstdTestsAndDecodesATrace() throws {
    let events = TraceSamples.everyKind + TraceSamples.scrolling(count: 300, from: 10_000_000)
    let bytes = try TraceSamples.bytes(events, policy: FlushPolicy(maxBufferedBytes: 1024))
    let reader = try TraceReader(bytes: bytes, name: "m")
    let (frames, error) = TraceSamples.readFrames(reader)
    #expect(error == nil)
    #expect(frames.count > 3)
    try TraceSamples.withTemporaryPath { path in
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      #expect(try Self.run(["-q", "-t", path]).status == 0)
      let decoded = try Self.run(["-q", "-d", "-c", path])
      #expect(decoded.status == 0)
      #expect(decoded.output.count == frames.reduce(0) { $0 + $1.contentSize })
      // Damage is caught by zstd too: the frames' checksums are on.
      var damaged = bytes
      damaged[frames[1].offset + frames[1].size / 2] ^= 0x40
      try Data(damaged).write(to: URL(fileURLWithPath: path))
      #expect(try Self.run(["-q", "-t", path]).status != 0)
    }
  }
}
