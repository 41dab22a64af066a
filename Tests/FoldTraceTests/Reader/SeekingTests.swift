import FoldTrace
import Foundation
import Testing

/// Random access by frame index and by time, with and without a seek table.
@Suite struct SeekingTests {
  static let events = TraceSamples.everyKind.dropLast() + TraceSamples.scrolling(count: 240, from: 10_000_000)
  static let policy = FlushPolicy(maxSpan: 250_000_000)

  @Test(arguments: [true, false])
  func seekByFrameAndTime(closed: Bool) throws {
    let bytes = try TraceSamples.bytes(Array(Self.events), policy: Self.policy, close: closed)
    let all = TraceSamples.readFrames(try TraceReader(bytes: bytes, name: "m")).frames
    #expect(all.count == 8)
    try TraceSamples.withTemporaryPath { path in
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let reader = try TraceReader(path: path)
      #expect(TraceSamples.readFrames(reader).frames == all)
      // Reading everything again, twice: the second pass checks the seek table again, without a false alarm.
      for _ in 0..<2 {
        try reader.seek(toFrame: 0)
        let (again, error) = TraceSamples.readFrames(reader)
        #expect(error == nil)
        #expect(again == all)
      }
      #expect(try reader.frameCount() == all.count)
      for index in [5, 0, 7, 3] {
        try reader.seek(toFrame: index)
        #expect(try reader.nextFrame() == all[index])
      }
      try reader.seek(toFrame: 6)
      #expect(TraceSamples.readFrames(reader).frames == Array(all[6...]))
      for frame in all {
        #expect(try reader.seek(toTime: frame.time) == frame.index)
        #expect(try reader.seek(toTime: frame.events.last!.time) == frame.index)
      }
      #expect(try reader.seek(toTime: 0) == 0)
      #expect(try reader.seek(toTime: .max) == all.count - 1)
      #expect(try reader.nextFrame() == all.last)
      #expect(throws: TraceError.self) { try reader.seek(toFrame: all.count) }
      // Damage frame 3: the seek table still indexes every frame; a scan stops before the damage.
      var damaged = bytes
      damaged[all[3].offset + all[3].size / 2] ^= 0xFF
      let damagedReader = try TraceReader(bytes: damaged, name: "d")
      #expect(try damagedReader.frameCount() == (closed ? all.count : 3))
      if closed {
        try damagedReader.seek(toFrame: 5)
        #expect(try damagedReader.nextFrame() == all[5])
      }
    }
  }

  /// Replaying a frame's keyframe gives the same state as replaying everything before it.
  @Test func aKeyframeIsTheFoldOfEverythingBefore() throws {
    let bytes = try TraceSamples.bytes(Array(Self.events), policy: Self.policy)
    let frames = TraceSamples.readFrames(try TraceReader(bytes: bytes, name: "m")).frames
    var lastScroll: TraceEvent.Payload?
    var seen = 0
    for frame in frames.dropFirst() {
      for event in frames[frame.index - 1].events {
        if case .scroll(SceneID(2), _, _, _) = event.payload { lastScroll = event.payload }
      }
      seen += frames[frame.index - 1].events.count
      #expect(frame.keyframe.last?.payload == lastScroll)
      #expect(frame.keyframe.contains { $0.payload == Self.events[0].payload })
    }
    #expect(seen + frames.last!.events.count == Self.events.count)
  }
}
