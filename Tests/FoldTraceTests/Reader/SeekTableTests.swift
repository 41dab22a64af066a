import FoldTrace
import Testing

/// The seek table follows the zstd seekable format (contrib/seekable_format, version 0.1).
@Suite struct SeekTableTests {
  static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) }
  }

  @Test func theSeekTableIndexesEveryFrameIncludingTheHeader() throws {
    let events = TraceSamples.everyKind + TraceSamples.scrolling(count: 100, from: 10_000_000)
    let bytes = try TraceSamples.bytes(events, policy: FlushPolicy(maxBufferedBytes: 400))
    let frames = TraceSamples.readFrames(try TraceReader(bytes: bytes, name: "m")).frames
    // Footer: number of frames, descriptor (checksums present), magic.
    let footer = bytes.count - 9
    let count = Int(Self.u32(bytes, footer))
    #expect(count == frames.count + 1)
    #expect(bytes[footer + 4] == 0x80)
    #expect(Self.u32(bytes, footer + 5) == 0x8F92_EAB1)
    // Skippable frame 0x184D2A5E holding count 12-byte entries and the footer.
    let start = bytes.count - (8 + 12 * count + 9)
    #expect(Self.u32(bytes, start) == 0x184D_2A5E)
    #expect(Int(Self.u32(bytes, start + 4)) == 12 * count + 9)
    var offset = 0
    for i in 0..<count {
      let entry = start + 8 + 12 * i
      let compressed = Int(Self.u32(bytes, entry))
      let decompressed = Int(Self.u32(bytes, entry + 4))
      let checksum = Self.u32(bytes, entry + 8)
      if i == 0 {
        #expect(compressed == frames[0].offset)
        #expect(decompressed == 0)
        // Low 32 bits of XXH64 of no bytes: what zstd itself stores for empty content.
        let empty = TraceCrafting.zstdFrame([])
        #expect(checksum == Self.u32(empty, empty.count - 4))
        #expect(checksum == 0x51D8_E999)
      } else {
        let frame = frames[i - 1]
        #expect(offset == frame.offset)
        #expect(compressed == frame.size)
        #expect(decompressed == frame.contentSize)
        // The frame's own zstd content checksum (its last 4 bytes), which `zstd -t` verifies.
        #expect(checksum == Self.u32(bytes, frame.offset + frame.size - 4))
      }
      offset += compressed
    }
    #expect(offset == start)
  }

  @Test func aSeekTableThatDisagreesWithTheFramesIsCorruption() throws {
    var bytes = try TraceSamples.bytes(TraceSamples.everyKind)
    let entry = bytes.count - 9 - 12  // the last frame's entry
    bytes[entry + 4] ^= 0x01  // its decompressed size
    let reader = try TraceReader(bytes: bytes, name: "m")
    #expect(try reader.nextFrame() != nil)
    do throws(TraceError) {
      _ = try reader.nextFrame()
      Issue.record("a wrong seek table was accepted")
    } catch {
      #expect(error.code == .corrupt)
      #expect(error.offset == bytes.count - (8 + 24 + 9))
      #expect(error.reason.contains("seek table"))
    }
  }
}
