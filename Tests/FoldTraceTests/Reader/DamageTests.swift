import FoldTrace
import Testing

/// Torn and damaged traces: every complete frame before the damage, then an error with its offset.
@Suite struct DamageTests {
  /// A small trace of 4 data frames and a seek table.
  static func smallTrace() throws -> (bytes: [UInt8], frames: [TraceFrame]) {
    let events = TraceSamples.everyKind + TraceSamples.scrolling(count: 30, from: 10_000_000)
    let bytes = try TraceSamples.bytes(events, policy: FlushPolicy(maxBufferedBytes: 200))
    let (frames, error) = TraceSamples.readFrames(try TraceReader(bytes: bytes, name: "small"))
    #expect(error == nil)
    #expect(frames.count >= 4)
    return (bytes, frames)
  }

  @Test func truncationAtEveryOffsetReturnsExactlyTheCompleteFrames() throws {
    let (bytes, frames) = try Self.smallTrace()
    let headerEnd = frames[0].offset
    let boundaries = Set([headerEnd] + frames.map { $0.offset + $0.size } + [bytes.count])
    for cut in 0..<bytes.count {
      let prefix = Array(bytes[..<cut])
      let reader: TraceReader
      do {
        reader = try TraceReader(bytes: prefix, name: "cut")
      } catch {
        #expect(cut < headerEnd, "cut at \(cut): \(error)")
        #expect(error.code == (cut == 0 ? .notATrace : .truncated) || cut < 4, "cut at \(cut): \(error)")
        continue
      }
      #expect(cut >= headerEnd)
      let (read, error) = TraceSamples.readFrames(reader)
      let complete = frames.filter { $0.offset + $0.size <= cut }
      #expect(read == complete, "cut at \(cut)")
      if boundaries.contains(cut) {
        #expect(error == nil, "cut at \(cut)")
      } else {
        let error = try #require(error, "cut at \(cut) was not reported")
        #expect(error.code == .truncated, "cut at \(cut): \(error)")
        let expectedOffset = complete.last.map { $0.offset + $0.size } ?? headerEnd
        #expect(error.offset == expectedOffset, "cut at \(cut): \(error)")
        #expect(error.description.contains("cut: byte \(expectedOffset):"))
        // The error is sticky.
        #expect(throws: error) { try reader.nextFrame() }
      }
    }
  }

  @Test func aFlippedByteIsReportedWithItsFrameOffset() throws {
    let (bytes, frames) = try Self.smallTrace()
    var harmless: [Int] = []
    for position in 0..<bytes.count {
      var damaged = bytes
      damaged[position] ^= 0x10
      let reader: TraceReader
      do {
        reader = try TraceReader(bytes: damaged, name: "flip")
      } catch {
        #expect(position < frames[0].offset, "flip at \(position): \(error)")
        #expect(error.offset == 0 || error.offset == 8, "flip at \(position): \(error)")
        continue
      }
      let (read, error) = TraceSamples.readFrames(reader)
      // Whatever was returned is a prefix of the real frames' events.
      let events = read.flatMap(\.events)
      #expect(Array(frames.flatMap(\.events).prefix(events.count)) == events, "flip at \(position)")
      guard let error else {
        // Undetected only when the flip changes nothing that is read back.
        #expect(read == frames, "flip at \(position) changed the content undetected")
        harmless.append(position)
        continue
      }
      #expect(error.offset! <= position, "flip at \(position): \(error)")
      if let hit = frames.first(where: { $0.offset + 8 < position && position < $0.offset + $0.size - 8 }) {
        // Inside a frame's blocks: that frame is reported, everything before it returned.
        #expect(error.offset == hit.offset, "flip at \(position): \(error)")
        #expect(read == Array(frames.prefix(hit.index)), "flip at \(position)")
      }
    }
    // zstd may decode a flipped bit in an entropy table to the same content (the checksum then holds):
    // such flips are harmless, and rare.
    #expect(harmless.count * 100 <= bytes.count, "undetected flips at \(harmless)")
  }

  @Test func garbageAndEmptyInputAreNotTraces() {
    #expect(throws: TraceError.self) { try TraceReader(bytes: [], name: "empty") }
    let zstdOnly = TraceCrafting.zstdFrame(Array("hello".utf8))
    do {
      _ = try TraceReader(bytes: zstdOnly, name: "plain.zst")
      Issue.record("a plain zstd file was read as a trace")
    } catch {
      #expect(error.code == .notATrace)
      #expect(
        error.description
          == "plain.zst: byte 0: not a FoldTrace trace: it does not start with a header frame (skippable magic 0x184D2A50)"
      )
    }
    // A skippable frame with the right magic but not our magic inside is not a trace either.
    let foreign: [UInt8] = [0x50, 0x2A, 0x4D, 0x18, 12, 0, 0, 0] + Array("NOTATRACE123".utf8)
    #expect(throws: TraceError.self) { try TraceReader(bytes: foreign, name: "foreign") }
  }
}

@Suite struct ResumeTests {
  @Test(arguments: [true, false])
  func readingResumesAfterADamagedFrame(closed: Bool) throws {
    let events = TraceSamples.everyKind.dropLast() + TraceSamples.scrolling(count: 60, from: 10_000_000)
    let bytes = try TraceSamples.bytes(
      Array(events), policy: FlushPolicy(maxBufferedBytes: 200), close: closed)
    let frames = TraceSamples.readFrames(try TraceReader(bytes: bytes, name: "m")).frames
    #expect(frames.count >= 5)
    var damaged = bytes
    damaged[frames[1].offset + frames[1].size / 2] ^= 0x5A
    let reader = try TraceReader(bytes: damaged, name: "d")
    var read: [TraceFrame] = []
    var errors: [TraceError] = []
    while true {
      do throws(TraceError) {
        guard let frame = try reader.nextFrame() else { break }
        read.append(frame)
      } catch {
        errors.append(error)
        guard try reader.skipDamagedFrame() else { break }
      }
    }
    #expect(errors.map(\.offset) == [frames[1].offset])
    var expected = frames
    expected.remove(at: 1)
    #expect(read == expected)
    // The frame after the damage replays on its own: its keyframe holds the state.
    #expect(read[1].keyframe.contains { $0.kind == .sceneConnected })
    #expect(try reader.skipDamagedFrame() == false)
  }

  @Test func aTornTailCannotBeSkipped() throws {
    let bytes = try TraceSamples.bytes(TraceSamples.everyKind, close: false)
    let reader = try TraceReader(bytes: Array(bytes.dropLast(2)), name: "torn")
    #expect(throws: TraceError.self) { try reader.nextFrame() }
    #expect(try reader.skipDamagedFrame() == false)
  }
}
