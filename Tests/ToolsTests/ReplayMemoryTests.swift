import FoldTrace
import Foundation
import Testing

/// `replay --json` prints each record as the replay makes it: the output never accumulates in memory.
/// With `--frames` at 8 kHz the Duo fixture prints tens of MB of frame lines (kept as strings, about
/// 2.3 bytes of memory per byte of output), yet it replays within a 32 MB data segment — alone, and
/// as two traces replayed in parallel that wait their turn to print (each spools to a temporary file).
@Suite struct ReplayMemoryTests {
  static let arguments = ["replay", "--json", "--frames", "--tick-rate", "8000"]

  @Test func aLongJSONOutputStreamsInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let result = try fixture.run(Self.arguments + ["duo.foldtrace"], dataLimitKiB: 32_768)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.count > 20_000_000, "\(result.stdout.count) bytes")
    let last = result.stdout.lastIndex(of: UInt8(ascii: "\n"), before: result.stdout.count - 1)
    let summary = String(decoding: result.stdout[(last.map { $0 + 1 } ?? 0)...], as: UTF8.self)
    #expect(
      summary
        == #"{"kind":"summary","trace":"duo.foldtrace","events":\#(fixture.events.count),"#
        + #""verdict":"pass","failures":[]}"# + "\n")
  }

  @Test func parallelTracesPrintInOrderInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    _ = try fixture.file("second.foldtrace", fixture.bytes)
    let both = try fixture.run(Self.arguments + ["second.foldtrace", "duo.foldtrace"], dataLimitKiB: 32_768)
    #expect(both.status == 0, "\(both.stderr)")
    // The same bytes as each trace alone, in the sorted order.
    let first = try fixture.run(Self.arguments + ["duo.foldtrace"])
    let second = try fixture.run(Self.arguments + ["second.foldtrace"])
    #expect(both.stdout.count == first.stdout.count + second.stdout.count)
    #expect(both.stdout == first.stdout + second.stdout)
  }
}

extension Array where Element == UInt8 {
  /// The index of the last `byte` before `end`, or nil.
  fileprivate func lastIndex(of byte: UInt8, before end: Int) -> Int? {
    self[..<end].lastIndex(of: byte)
  }
}
