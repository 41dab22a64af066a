import FoldTrace
import Foundation
import Testing

@Suite struct DiskFullTests {
  static var hasDevFull: Bool { FileManager.default.fileExists(atPath: "/dev/full") }

  @Test(.enabled(if: hasDevFull, "/dev/full is missing on this system"))
  func aFullDiskReachesTheCaller() throws {
    do throws(TraceError) {
      _ = try TraceWriter(path: "/dev/full", header: TraceSamples.header)
      Issue.record("wrote a header to /dev/full")
    } catch {
      #expect(error.code == .io)
      #expect(error.description.hasPrefix("/dev/full: write failed: "))
      #expect(error.reason.contains("No space left on device"))
    }
  }
}

@Suite struct ThroughputTests {
  /// 50 000 events (7 min at 120 Hz) encode and read back; a quadratic buffer copy would make this
  /// test take minutes rather than a fraction of a second.
  @Test func manyEventsRoundTrip() throws {
    let events = TraceSamples.scrolling(count: 50_000)
    let bytes = try TraceSamples.bytes(events, policy: FlushPolicy(maxBufferedBytes: 8 << 20, maxSpan: .max))
    let read = try TraceReader.readAll(bytes: bytes, name: "many").events
    #expect(read == events)
    #expect(bytes.count < events.count * 2)
  }
}
