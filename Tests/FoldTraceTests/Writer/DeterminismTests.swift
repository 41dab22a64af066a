import FoldTrace
import Foundation
import Testing

@Suite struct DeterminismTests {
  @Test func sameEventsGiveSameBytes() throws {
    let events = TraceSamples.everyKind + TraceSamples.scrolling(count: 500, from: 10_000_000)
    let policy = FlushPolicy(maxBufferedBytes: 2048, maxSpan: 500_000_000)
    let first = try TraceSamples.bytes(events, policy: policy)
    let second = try TraceSamples.bytes(events, policy: policy)
    #expect(first == second)
    // A different policy gives different frames, so the comparison has power.
    #expect(try TraceSamples.bytes(events) != first)
    // A file writer writes exactly the in-memory bytes.
    try TraceSamples.withTemporaryPath { path in
      let writer = try TraceWriter(path: path, header: TraceSamples.header, policy: policy)
      for event in events { try writer.append(event) }
      try writer.close()
      #expect(writer.bytes.isEmpty)
      #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == first)
    }
  }

  @Test func policyEndsFramesBySpanAndSize() throws {
    // 120 Hz for 1 s (events every 8 333 333 ns): a 100 ms span fits 13 events per frame.
    let events = TraceSamples.scrolling(count: 120)
    let reader = try TraceReader(
      bytes: try TraceSamples.bytes(events, policy: FlushPolicy(maxSpan: 100_000_000)), name: "m")
    let frames = TraceSamples.readFrames(reader).frames
    #expect(frames.map(\.events.count) == Array(repeating: 13, count: 9) + [4])
    for (frame, next) in zip(frames, frames.dropFirst()) {
      #expect(frame.events.last!.time - frame.time < 100_000_000)
      #expect(next.time - frame.time >= 100_000_000)
    }
    #expect(frames.flatMap(\.events) == events)
    // Size: a 100-byte threshold ends a frame right after the record that crosses it.
    let small = try TraceReader(
      bytes: try TraceSamples.bytes(events, policy: FlushPolicy(maxBufferedBytes: 100)), name: "m")
    let smallFrames = TraceSamples.readFrames(small).frames
    #expect(smallFrames.count > 15)
    #expect(smallFrames.flatMap(\.events) == events)
  }

  @Test func explicitFlushEndsAFrameAndEmptyFlushWritesNothing() throws {
    let writer = try TraceWriter(header: TraceSamples.header)
    try writer.flush()
    let headerOnly = writer.bytes
    try writer.append(TraceSamples.everyKind[0])
    try writer.flush()
    try writer.flush()
    #expect(writer.frameCount == 1)
    try writer.append(TraceSamples.everyKind[1])
    try writer.close()
    #expect(writer.frameCount == 2)
    #expect(headerOnly.count < writer.bytes.count)
    #expect(throws: TraceError.self) { try writer.append(TraceSamples.everyKind[2]) }
  }
}
