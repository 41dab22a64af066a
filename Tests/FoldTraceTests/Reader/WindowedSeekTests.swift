import FoldTrace
import Foundation
import Testing

/// `seek(toTime:)` finds the frame to start a window from without failing on damage it does not need:
/// a damaged frame says nothing about its time, so the search steps over it, and damage is reported only
/// when reading reaches it — with the frame's real index and byte offset, as a sequential read reports it.
@Suite struct WindowedSeekTests {
  /// 20 frames of 100 ms (2,400 scroll samples at 120 Hz), and the index of the frame the binary search
  /// probes first (the middle one), which the tests damage.
  static func trace(close: Bool = true) throws -> (bytes: [UInt8], frames: [TraceFrame], probed: Int) {
    let events = TraceSamples.scrolling(count: 2_400)
    let bytes = try TraceSamples.bytes(events, policy: FlushPolicy(maxSpan: 100_000_000), close: close)
    let frames = TraceSamples.readFrames(try TraceReader(bytes: bytes, name: "t")).frames
    #expect(frames.count >= 16)
    return (bytes, frames, frames.count / 2)
  }

  /// The bytes with one byte in the middle of frame `index` flipped.
  static func damaging(_ bytes: [UInt8], _ frame: TraceFrame) -> [UInt8] {
    var damaged = bytes
    damaged[frame.offset + frame.size / 2] ^= 0xFF
    return damaged
  }

  /// Damage before the window is never read: the window reads as in the undamaged trace.
  @Test func damageBeforeTheWindowIsNotRead() throws {
    let (bytes, frames, probed) = try Self.trace()
    let damaged = Self.damaging(bytes, frames[probed])
    for target in [frames.count - 2, probed + 1] {
      let reader = try TraceReader(bytes: damaged, name: "d")
      #expect(try reader.seek(toTime: frames[target].time) == target)
      let (read, error) = TraceSamples.readFrames(reader)
      #expect(error == nil, "\(String(describing: error))")
      #expect(read == Array(frames[target...]))
    }
  }

  /// Damage inside the window is reported when reading reaches it, exactly as a sequential read reports
  /// it: the frame's own index (not one counted from the probe) and byte offset.
  @Test func damageInsideTheWindowNamesTheRealFrame() throws {
    let (bytes, frames, probed) = try Self.trace()
    let damaged = Self.damaging(bytes, frames[probed])
    let sequential = TraceSamples.readFrames(try TraceReader(bytes: damaged, name: "d")).error
    let expected = try #require(sequential)
    #expect(expected.offset == frames[probed].offset)
    #expect(expected.reason.hasPrefix("frame \(probed) is damaged: "), "\(expected.reason)")
    let reader = try TraceReader(bytes: damaged, name: "d")
    // A time inside the damaged frame: the window starts at the frame before it, which ends before the
    // window, and the damaged frame must be read.
    let start = try reader.seek(toTime: frames[probed].time + 1)
    #expect(start == probed - 1)
    let (read, error) = TraceSamples.readFrames(reader)
    #expect(read == [frames[probed - 1]])
    #expect(error == expected)
    #expect(error?.offset == frames[probed].offset)
  }

  /// Without a seek table the index comes from a forward scan, which stops at the damage: a window
  /// after it starts at the last frame before it and reports the damage where it is met.
  @Test func withoutASeekTableDamageIsMetOnTheWayForward() throws {
    let (bytes, frames, probed) = try Self.trace(close: false)
    let damaged = Self.damaging(bytes, frames[probed])
    let reader = try TraceReader(bytes: damaged, name: "d")
    #expect(try reader.seek(toTime: frames.last!.time) == probed - 1)
    let (read, error) = TraceSamples.readFrames(reader)
    #expect(read == [frames[probed - 1]])
    #expect(error?.offset == frames[probed].offset)
    #expect(error?.reason.hasPrefix("frame \(probed) is damaged: ") == true, "\(String(describing: error))")
  }

  /// A seek table kept after its last frame was cut out no longer matches the file. A window that
  /// starts after the header reads none of the frames the table is checked against, so it checks that
  /// the table's sizes sum to where the table starts, and reports the mismatch as a sequential read does.
  @Test func aWindowReportsASeekTableThatNoLongerMatches() throws {
    let (bytes, frames, _) = try Self.trace()
    let last = frames[frames.count - 1]
    let cut = Array(bytes[..<last.offset] + bytes[(last.offset + last.size)...])
    let sequential = TraceSamples.readFrames(try TraceReader(bytes: cut, name: "c")).error
    let expected = try #require(sequential)
    #expect(expected.offset == last.offset)
    #expect(
      expected.reason == "the seek table does not match the \(frames.count - 1) frames before it; run recover"
    )
    let reader = try TraceReader(bytes: cut, name: "c")
    let start = try #require(try reader.seek(toTime: frames[frames.count - 3].time))
    let (read, error) = TraceSamples.readFrames(reader)
    #expect(read == Array(frames[start..<(frames.count - 1)]))
    #expect(error == expected)
  }
}
