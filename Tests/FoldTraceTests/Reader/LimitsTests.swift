import CZstd
import FoldTrace
import Testing

/// Hostile frames are refused without allocating what they declare.
@Suite struct LimitsTests {
  @Test func aFrameDeclaringAHugeContentSizeIsRefusedUpFront() throws {
    let header = TraceCrafting.headerFrame()
    // Frame header: magic, descriptor 0xE4 (8-byte content size, single segment, checksum), 2^40 bytes,
    // then a raw block of 4 bytes that claims to be the last.
    var frame: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0xE4]
    frame += (0..<8).map { UInt8(truncatingIfNeeded: (UInt64(1) << 40) >> (8 * UInt64($0))) }
    frame += [0x21, 0x00, 0x00, 1, 2, 3, 4]  // last raw block, 4 bytes
    let reader = try TraceReader(bytes: header + frame, name: "hostile")
    do throws(TraceError) {
      _ = try reader.nextFrame()
      Issue.record("a 1 TiB frame was accepted")
    } catch {
      #expect(error.code == .limitExceeded)
      #expect(error.offset == header.count)
      #expect(error.reason.contains("1099511627776"))
    }
  }

  @Test func aFrameDecompressingPastTheCapIsRefused() throws {
    // 200 000 bytes of content in one frame, without a declared size; the reader allows 64 KiB.
    var content = TraceCrafting.varint(0) + TraceCrafting.varint(0)
    let label = String(repeating: "z", count: 60_000)
    for _ in 0..<4 {
      content += TraceCrafting.record(
        tag: 9, delta: 0, body: TraceCrafting.varint(60_000) + Array(label.utf8))
    }
    let header = TraceCrafting.headerFrame()
    let frame = TraceCrafting.zstdFrame(content, windowLog: 17)
    #expect(frame.count < 2_000)
    let small = TraceReaderLimits(maxFrameContentBytes: 64 * 1024, maxWindowLog: 20)
    let reader = try TraceReader(bytes: header + frame, name: "bomb", limits: small)
    do throws(TraceError) {
      _ = try reader.nextFrame()
      Issue.record("a frame over the cap was accepted")
    } catch {
      #expect(error.code == .limitExceeded)
      #expect(error.offset == header.count)
    }
    // The same frame reads with the default limits, so the refusal came from the cap.
    let events = try TraceReader.readAll(bytes: header + frame, name: "bomb").events
    #expect(events.count == 4)
  }

  @Test func aFrameNeedingAHugeWindowIsRefused() throws {
    var content = TraceCrafting.varint(0) + TraceCrafting.varint(0)
    content += TraceCrafting.record(tag: 9, delta: 0, body: TraceCrafting.varint(5) + Array("hello".utf8))
    let header = TraceCrafting.headerFrame()
    let frame = TraceCrafting.zstdFrame(content, windowLog: 27)
    let reader = try TraceReader(bytes: header + frame, name: "wide")
    do throws(TraceError) {
      _ = try reader.nextFrame()
      Issue.record("a 128 MiB window was accepted")
    } catch {
      #expect(error.code == .limitExceeded)
      #expect(error.reason.contains("window"))
    }
    let wide = TraceReaderLimits(maxWindowLog: 27)
    #expect(try TraceReader(bytes: header + frame, name: "wide", limits: wide).nextFrame()?.events.count == 1)
  }

  /// A whole single-segment frame in memory is decoded in one libzstd call; its window (its content
  /// size) must still be held to the limit, as the chunked decode holds a frame too long for its first
  /// 8 KiB input chunk.
  @Test func aWholeFrameInMemoryIsHeldToTheWindowLimit() throws {
    var generator = SeededGenerator(state: 42)
    var content = TraceCrafting.varint(0) + TraceCrafting.varint(0)
    for _ in 0..<10 {
      let label = (0..<2_000).map { _ in UInt8.random(in: 0x21...0x7E, using: &generator) }
      content += TraceCrafting.record(tag: 9, delta: 0, body: TraceCrafting.varint(2_000) + label)
    }
    let header = TraceCrafting.headerFrame()
    let frame = TraceCrafting.zstdFrame(content)
    #expect(frame.count > 8 * 1024)
    let narrow = TraceReaderLimits(maxWindowLog: 12)
    for reader in [
      try TraceReader(bytes: header + frame, name: "whole", limits: narrow),
      try TraceReader(bytes: header + frame + frame, name: "whole", limits: narrow),
    ] {
      do throws(TraceError) {
        _ = try reader.nextFrame()
        Issue.record("a \(content.count)-byte window was accepted under a 4 KiB limit")
      } catch {
        #expect(error.code == .limitExceeded)
        #expect(error.offset == header.count)
        #expect(error.reason.contains("needs a window over 2^12"))
      }
    }
    let frames = TraceSamples.readFrames(try TraceReader(bytes: header + frame + frame, name: "whole")).frames
    #expect(frames.map(\.events.count) == [10, 10])
  }
}

@Suite struct RecordLimitTests {
  @Test func framesHoldAtMost65536EventsAndReadersCapRecords() throws {
    let events = (0..<70_000).map { TraceEvent(time: UInt64($0), .sceneDisconnected(scene: SceneID(7))) }
    let policy = FlushPolicy(maxBufferedBytes: .max, maxSpan: .max)
    let bytes = try TraceSamples.bytes(events, policy: policy)
    let frames = TraceSamples.readFrames(try TraceReader(bytes: bytes, name: "many")).frames
    #expect(frames.map(\.events.count) == [65_536, 4_464])
    let capped = try TraceReader(
      bytes: bytes, name: "many", limits: TraceReaderLimits(maxFrameRecords: 65_535))
    do throws(TraceError) {
      _ = try capped.nextFrame()
      Issue.record("a frame over the record cap was accepted")
    } catch {
      #expect(error.code == .limitExceeded)
      #expect(error.reason.contains("65535 records"))
    }
  }
}
