import FoldTrace
import Testing

/// Times never go backwards along a trace: a frame that starts before the previous frame's last event
/// is damage or forgery, refused at its byte offset like any other corrupt frame.
@Suite struct FrameTimeOrderTests {
  /// A data frame starting at `time` ns holding one empty marker `delta` ns after its start.
  static func frame(time: UInt64, delta: UInt8 = 0) -> [UInt8] {
    TraceCrafting.zstdFrame(TraceCrafting.varint(time) + TraceCrafting.varint(0) + [9, delta, 1, 0])
  }

  @Test func aFrameStartingBeforeThePreviousFramesLastEventIsCorrupt() throws {
    let header = TraceCrafting.headerFrame()
    let first = Self.frame(time: 5_000_000_000, delta: 100)
    let bytes = header + first + Self.frame(time: 5_000_000_099)
    let reader = try TraceReader(bytes: bytes, name: "backwards")
    #expect(try reader.nextFrame()?.events.map(\.time) == [5_000_000_100])
    let expected = TraceError(
      .corrupt, file: "backwards", offset: header.count + first.count,
      reason: "frame 1 starts at 5000000099 ns, before the previous frame's last event at 5000000100 ns: "
        + "time goes backwards, which no writer writes")
    #expect(throws: expected) { try reader.nextFrame() }
    #expect(throws: expected) { try reader.nextFrame() }
  }

  @Test func aFrameStartingAtThePreviousFramesLastEventReads() throws {
    let bytes =
      TraceCrafting.headerFrame() + Self.frame(time: 7, delta: 3) + Self.frame(time: 10)
      + Self.frame(time: 11)
    let reader = try TraceReader(bytes: bytes, name: "equal")
    var times: [UInt64] = []
    while let frame = try reader.nextFrame() { times += frame.events.map(\.time) }
    #expect(times == [10, 10, 11])
  }
}
