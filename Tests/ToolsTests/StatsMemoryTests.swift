import FoldTrace
import Foundation
import Testing

/// `stats` keeps the values in effect, not their history: 600 k scroll samples that each change the
/// scroll anchor (about 24 MB of spans when every one was kept) are counted within a 32 MB data segment.
@Suite struct StatsMemoryTests {
  @Test func aTraceOfConstantChangeIsCountedInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.writeScrollTrace("long.foldtrace", count: 600_000, anchors: true)
    let result = try fixture.run(["stats", "long.foldtrace"], dataLimitKiB: 32_768)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.text.contains(" scroll: "), "\(result.text)")
    #expect(result.text.contains(" 600000\n"), "\(result.text)")
  }
}
