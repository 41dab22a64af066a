import FoldTrace
import Foundation
import Testing

@testable import tracecat

/// The progress line states only what is known: a percentage of a known size, or the bytes read so far
/// from an input whose size is not known ahead (standard input read as it arrives).
@Suite struct ProgressLineTests {
  @Test func aKnownSizeShowsAPercentageOfIt() {
    #expect(
      Progress.line("stats big.foldtrace", done: 3_150_000, total: 7_400_000)
        == "tracecat: stats big.foldtrace: 42% (3.1 of 7.4 MB)")
  }

  @Test func anUnknownSizeShowsOnlyTheBytesRead() {
    #expect(
      Progress.line("stats <stdin>", done: 3_150_000, total: nil) == "tracecat: stats <stdin>: 3.1 MB read")
  }

  /// A reader of standard input read forward only has no total: its size so far is only what arrived,
  /// and a percentage of it would always read 100%. A file (or a spooled copy) has one.
  @Test func aForwardOnlyReaderGivesNoTotal() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let file = try TraceReader(path: fixture.trace.path)
    #expect(Progress.total(reading: file) == fixture.bytes.count)
    var pipe: [Int32] = [0, 0]
    try #require(Glibc.pipe(&pipe) == 0)
    let saved = dup(0)
    defer {
      dup2(saved, 0)
      close(saved)
    }
    let (readEnd, writeEnd, bytes) = (pipe[0], pipe[1], fixture.bytes)
    let writer = Thread {
      bytes.withUnsafeBytes { _ = Glibc.write(writeEnd, $0.baseAddress, $0.count) }
      close(writeEnd)
    }
    writer.start()
    dup2(readEnd, 0)
    close(readEnd)
    let forward = try TraceReader.forwardStandardInput(name: "<stdin>")
    #expect(forward.isForwardOnly)
    #expect(Progress.total(reading: forward) == nil)
    while try forward.nextFrame() != nil {}
  }
}
