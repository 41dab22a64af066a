import FoldTrace
import Testing

/// Hostile sizes: frames that declare or decompress to huge sizes, huge varints and counts,
/// and frames of many tiny records are refused by the reader's caps before they cost memory; and
/// everything a writer writes stays within those caps.
@Suite(.timeLimit(.minutes(10))) struct HostileFrameTests {
  static let header = TraceCrafting.headerFrame()

  /// Frame content: a frame time, a keyframe count, then records.
  static func content(time: UInt64 = 0, keyCount: UInt64 = 0, _ records: [UInt8]...) -> [UInt8] {
    TraceCrafting.varint(time) + TraceCrafting.varint(keyCount) + records.flatMap { $0 }
  }

  /// `count` empty markers: 4 bytes each, a ~120-byte event each once decoded.
  static func markers(_ count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 4 * count)
    bytes.withUnsafeMutableBufferPointer { buffer in
      for i in stride(from: 0, to: buffer.count, by: 4) {
        buffer[i] = 9
        buffer[i + 2] = 1
      }
    }
    return bytes
  }

  /// A regions record for scene 1 listing `count` zero-sized division regions (6 bytes each).
  static func regions(_ count: Int) -> [UInt8] {
    let body =
      [1] + TraceCrafting.varint(UInt64(count))
      + Array([[UInt8]](repeating: [0, 1, 0, 0, 0, 0], count: count).joined())
    return TraceCrafting.record(tag: 5, delta: 0, body: body)
  }

  /// `total` regions in as few records as a writer writes them (at most 128 each): the records plus
  /// the regions are `total + ⌈total / 128⌉` items.
  static func regionRecords(_ total: Int) -> [UInt8] {
    stride(from: 0, to: total, by: 128).flatMap { regions(min(128, total - $0)) }
  }

  /// The error reading the first frame of `content`, or nil when it reads.
  static func firstFrameError(
    _ frame: [UInt8], limits: TraceReaderLimits = .default, header: [UInt8] = header
  ) throws -> TraceError? {
    let reader = try TraceReader(bytes: header + frame, name: "hostile", limits: limits)
    do throws(TraceError) {
      _ = try reader.nextFrame()
      return nil
    } catch {
      #expect(error.offset == header.count, "\(error)")
      #expect(error.description.hasPrefix("hostile: byte \(header.count): "))
      return error
    }
  }

  @Test func declaredContentSizesAreCheckedAgainstTheCapBeforeDecoding() throws {
    let limits = TraceReaderLimits(maxFrameContentBytes: 1_000)
    // Real frames whose declared size is the content's: 1,000 bytes read, 1,002 are refused up front.
    let exact = Self.content(Self.markers(248), TraceCrafting.record(tag: 99, delta: 0, body: [1, 2, 3]))
    #expect(exact.count == 1_000)
    let atCap = TraceCrafting.zstdFrame(exact)
    #expect(try Self.firstFrameError(atCap, limits: limits) == nil)
    let overCap = TraceCrafting.zstdFrame(Self.content(Self.markers(250)))
    let error = try #require(try Self.firstFrameError(overCap, limits: limits))
    #expect(error.code == .limitExceeded)
    #expect(error.reason.contains("declares 1002 bytes of content, over the 1000-byte cap"))
    // Forged frame headers declaring 2^32 + 255, 2^40 and 2^64 − 3 bytes over a 4-byte raw block.
    for declared: UInt64 in [(1 << 32) + 255, 1 << 40, UInt64.max - 2] {
      var frame: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0xE4]  // 8-byte size, single segment, checksum
      frame += (0..<8).map { UInt8(truncatingIfNeeded: declared >> (8 * UInt64($0))) }
      frame += [0x21, 0x00, 0x00, 1, 2, 3, 4]
      let error = try #require(try Self.firstFrameError(frame), "declared \(declared)")
      #expect(error.code == .limitExceeded, "\(error)")
      #expect(error.reason.contains("declares \(declared) bytes"), "\(error)")
    }
  }

  @Test func aFrameDecompressingPastTheCapIsStoppedAtTheCap() throws {
    // 2 MiB of markers in a frame that declares no size: 2 KiB on disk.
    let content = Self.content(Self.markers(512 * 1024))
    let frame = TraceCrafting.zstdFrame(content, windowLog: 20)
    #expect(frame.count < 4_096)
    let error = try #require(
      try Self.firstFrameError(frame, limits: TraceReaderLimits(maxFrameContentBytes: 1 << 20)))
    #expect(error.code == .limitExceeded)
    #expect(error.reason.contains("decompresses to more than the 1048576-byte cap"))
  }

  @Test func aFrameNeedingAWindowOverTheCapIsRefused() throws {
    // Window descriptor exponent 20 → 2^30 bytes (1 GiB), no content size, one empty last raw block.
    let frame: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0xA0, 0x01, 0x00, 0x00, 0, 0, 0, 0]
    let error = try #require(try Self.firstFrameError(frame))
    #expect(error.code == .limitExceeded)
    #expect(error.reason.contains("window over 2^24 bytes"))
  }

  @Test func hugeVarintsAndCountsAreCorruptionNotAllocations() throws {
    let huge = TraceCrafting.varint(UInt64.max)
    let cases: [(String, [UInt8], String)] = [
      (
        "11-byte varint", [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 0],
        "longer than 10 bytes"
      ),
      (
        "varint over 64 bits", [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02, 0],
        "overflows 64 bits"
      ),
      ("keyframe count 2^64 − 1", [0] + huge, "exceeds"),
      ("record length 2^64 − 1", [0, 0, 9, 0] + huge, "exceeds"),
      ("string length 2^64 − 1", Self.content(TraceCrafting.record(tag: 9, delta: 0, body: huge)), "exceeds"),
      (
        "optional string 2^64 − 1", Self.content(TraceCrafting.record(tag: 8, delta: 0, body: [1] + huge)),
        "longer than its record"
      ),
      (
        "region count 2^64 − 1", Self.content(TraceCrafting.record(tag: 5, delta: 0, body: [1] + huge)),
        "exceeds"
      ),
      ("scene id 2^64 − 1", Self.content(TraceCrafting.record(tag: 2, delta: 0, body: huge)), "scene id"),
      (
        "time past 2^64",
        Self.content(time: UInt64.max - 5, TraceCrafting.record(tag: 9, delta: 10, body: [0])), "overflows"
      ),
    ]
    for (name, content, reason) in cases {
      let error = try #require(
        try Self.firstFrameError(TraceCrafting.zstdFrame(content)), "\(name) was accepted")
      #expect(error.code == .corrupt, "\(name): \(error)")
      #expect(error.reason.contains(reason), "\(name): \(error)")
    }
    // The overflowing time names its record and content byte, as every other record failure does.
    let past = Self.content(time: UInt64.max - 5, TraceCrafting.record(tag: 9, delta: 10, body: [0]))
    let overflow = try #require(try Self.firstFrameError(TraceCrafting.zstdFrame(past)))
    #expect(
      overflow.reason.hasSuffix(
        "record 0 at content byte 11: time overflows 64 bits: 18446744073709551610 ns and a delta of 10 ns"),
      "\(overflow.reason)")
    // The largest values that fit are read.
    let edge = Self.content(time: UInt64.max - 5, TraceCrafting.record(tag: 10, delta: 5, body: huge))
    let reader = try TraceReader(bytes: Self.header + TraceCrafting.zstdFrame(edge), name: "edge")
    #expect(try reader.nextFrame()?.events == [TraceEvent(time: .max, .dropped(count: .max))])
  }

  /// The memory bomb this suite was written for: 1.6 KB on disk, 16 MiB of 4-byte records, which decoded
  /// to 4.2 million events (569 MB) before the item cap. Now refused at the cap's record.
  @Test func aFrameOfMillionsOfTinyRecordsStopsAtTheItemCap() throws {
    let content = Self.content(Self.markers(4 * 1024 * 1024 - 1))
    let frame = TraceCrafting.zstdFrame(content)
    #expect(frame.count < 2_048)
    let error = try #require(try Self.firstFrameError(frame))
    #expect(error.code == .limitExceeded)
    #expect(error.reason.contains("record 131072 "))
    #expect(error.reason.contains("more than 131072 records and regions"))
  }

  @Test func theItemCapCountsKeyframeRecordsEventsAndRegions() throws {
    let limits = TraceReaderLimits(maxFrameRecords: 1_000)
    // 1,000 items read; 1,001 are refused, however they are made up.
    let fits: [[UInt8]] = [
      Self.content(Self.markers(1_000)),
      Self.content(keyCount: 600, Self.markers(1_000)),
      Self.content(Self.regionRecords(991), Self.markers(1)),
      Self.content(
        Self.markers(1), TraceCrafting.record(tag: 200, delta: 0, body: [1, 2]), Self.regionRecords(990)),
    ]
    for (i, content) in fits.enumerated() {
      #expect(try Self.firstFrameError(TraceCrafting.zstdFrame(content), limits: limits) == nil, "case \(i)")
    }
    let over: [([UInt8], String)] = [
      (Self.content(Self.markers(1_001)), "more than 1000 records and regions"),
      (Self.content(keyCount: 600, Self.markers(1_001)), "more than 1000 records and regions"),
      (Self.content(Self.regionRecords(992), Self.markers(1)), "more than 1000 records and regions"),
      (
        Self.content(Self.markers(2), Self.regions(998)),
        "record 2 at content byte 10: 998 regions exceed the reader's limit of 1000 records and regions "
          + "per frame (TraceReaderLimits.maxFrameRecords): 997 more fit"
      ),
      (
        Self.content(Self.regions(100_000)),
        "100000 regions exceed the reader's limit of 1000 records and regions per frame "
          + "(TraceReaderLimits.maxFrameRecords): 999 more fit"
      ),
    ]
    for (content, reason) in over {
      let error = try #require(try Self.firstFrameError(TraceCrafting.zstdFrame(content), limits: limits))
      #expect(error.code == .limitExceeded, "\(error)")
      #expect(error.reason.contains(reason), "\(error)")
    }
  }

  /// The app's `layout` and `presented` records count their elements against the same cap, and say so:
  /// the limit's value and what was left of it, not only that "the reader's limit" was exceeded.
  @Test func elementsPastTheItemCapNameTheLimit() throws {
    let header = TraceCrafting.headerFrame(TraceHeader(version: .v1_1, device: "d", app: "a", recorder: "r"))
    let limits = TraceReaderLimits(maxFrameRecords: 1_000)
    // Scene 1, then (layout) no shape, presentation or columns; 8 elements, refused before they are read.
    let layout = TraceCrafting.record(tag: 11, delta: 0, body: [1, 0, 8] + [UInt8](repeating: 0, count: 48))
    let presented = TraceCrafting.record(tag: 12, delta: 0, body: [1, 8] + [UInt8](repeating: 0, count: 16))
    for record in [layout, presented] {
      let frame = TraceCrafting.zstdFrame(Self.content(Self.markers(995), record))
      let error = try #require(try Self.firstFrameError(frame, limits: limits, header: header))
      #expect(error.code == .limitExceeded, "\(error)")
      #expect(
        error.reason
          == "frame 0 exceeds the reader's limits: record 995 at content byte 3982: 8 elements exceed the "
          + "reader's limit of 1000 records and regions per frame (TraceReaderLimits.maxFrameRecords): 4 "
          + "more fit", "\(error)")
    }
  }

  @Test func theWriterEndsFramesWithinTheItemCap() throws {
    // 70,000 tiny events with a policy that would put them all in one frame.
    let writer = try TraceWriter(
      header: TraceSamples.header, policy: FlushPolicy(maxBufferedBytes: 8 << 20, maxSpan: .max))
    for i in 0..<70_000 { try writer.append(TraceEvent(time: UInt64(i), .marker(""))) }
    try writer.close()
    let (frames, error) = TraceSamples.readFrames(try TraceReader(bytes: writer.bytes, name: "many"))
    #expect(error == nil)
    #expect(frames.map(\.events.count) == [65_536, 4_464])
  }

  @Test func theLargestKeyframeAWriterAllowsStillReads() throws {
    let region = ReservedRegion(
      kind: .occlusion, frame: TraceRect(x: 1, y: 2, width: 3, height: 4), isActive: true)
    let writer = try TraceWriter(
      header: TraceSamples.header, policy: FlushPolicy(maxBufferedBytes: 8 << 20, maxSpan: .max))
    try writer.append(TraceEvent(time: 0, .hinge(HingeState(status: .fullyOpen))))
    for id in UInt32(1)...128 {
      let scene = SceneID(id)
      try writer.append(TraceEvent(time: 0, .sceneConnected(scene: scene, display: .window, scale: 2)))
      try writer.append(
        TraceEvent(
          time: 0,
          .geometry(
            scene: scene,
            SceneGeometry(size: TraceSize(width: 10, height: 10), horizontal: .compact, vertical: .compact))))
      try writer.append(TraceEvent(time: 0, .traits(scene: scene, SceneTraits())))
      try writer.append(TraceEvent(time: 0, .regions(scene: scene, Array(repeating: region, count: 128))))
      try writer.append(
        TraceEvent(time: 0, .scroll(scene: scene, offset: TracePoint(x: 0, y: 1), anchor: nil)))
      try writer.append(TraceEvent(time: 0, .selection(scene: scene, item: "a")))
    }
    try writer.flush()
    // The next frame's keyframe holds 17,153 items; fill the frame to the writer's threshold and past it
    // with one more 129-item event.
    for i in 0..<65_535 - 17_153 { try writer.append(TraceEvent(time: 1 + UInt64(i), .marker(""))) }
    try writer.append(
      TraceEvent(time: 1 << 40, .regions(scene: SceneID(1), Array(repeating: region, count: 128))))
    try writer.close()
    let (frames, error) = TraceSamples.readFrames(try TraceReader(bytes: writer.bytes, name: "widest"))
    #expect(error == nil)
    #expect(frames.count == 2)
    let keyframeItems = frames[1].keyframe.count + 128 * 128
    #expect(keyframeItems == 17_153)
    #expect(frames[1].events.count == 65_535 - 17_153 + 1)
    // The largest frame a writer can end: 65,535 items, then one 129-item event; under the reader's cap.
    #expect(keyframeItems + frames[1].events.count + 128 == 65_664)
    for (cap, reads) in [(65_664, true), (65_663, false)] {
      let reader = try TraceReader(
        bytes: writer.bytes, name: "widest", limits: TraceReaderLimits(maxFrameRecords: cap))
      try reader.seek(toFrame: 1)
      #expect(((try? reader.nextFrame()) != nil) == reads, "cap \(cap)")
    }
  }

  @Test func theWriterRefusesWhatCouldOutgrowAFrame() throws {
    let writer = try TraceWriter(header: TraceSamples.header)
    let region = ReservedRegion(
      kind: .division, frame: TraceRect(x: 0, y: 0, width: 1, height: 1), isActive: true)
    do throws(TraceError) {
      try writer.append(
        TraceEvent(time: 0, .regions(scene: SceneID(1), Array(repeating: region, count: 129))))
      Issue.record("129 regions were accepted")
    } catch {
      #expect(error.code == .invalidEvent)
      #expect(error.reason.contains("129 regions, more than 128"))
    }
    for id in UInt32(1)...128 {
      try writer.append(TraceEvent(time: 0, .sceneConnected(scene: SceneID(id), display: .window, scale: 2)))
    }
    // Reconnecting a connected scene is fine; a 129th scene is not, until one disconnects.
    try writer.append(TraceEvent(time: 1, .sceneConnected(scene: SceneID(128), display: .window, scale: 3)))
    do throws(TraceError) {
      try writer.append(TraceEvent(time: 1, .sceneConnected(scene: SceneID(129), display: .window, scale: 2)))
      Issue.record("a 129th scene was accepted")
    } catch {
      #expect(error.code == .invalidEvent)
      #expect(error.reason.contains("128 scenes are already connected"))
    }
    try writer.append(TraceEvent(time: 2, .sceneDisconnected(scene: SceneID(5))))
    try writer.append(TraceEvent(time: 2, .sceneConnected(scene: SceneID(129), display: .window, scale: 2)))
    try writer.append(TraceEvent(time: 3, .regions(scene: SceneID(1), Array(repeating: region, count: 128))))
    try writer.close()
    #expect(try TraceReader.readAll(bytes: writer.bytes, name: "m").events.count == 132)
  }

  /// A data frame without a content checksum (`zstd --no-check`) would let a flipped byte decode into
  /// different events unnoticed: it is refused as corrupt, from memory and from a file alike, before
  /// its content is used.
  @Test func aFrameWithoutAContentChecksumIsCorrupt() throws {
    let content = Self.content(time: 5, Self.markers(3))
    let bytes = Self.header + TraceCrafting.zstdFrame(content, checksum: false)
    let (frames, error) = TraceSamples.readFrames(try TraceReader(bytes: bytes, name: "n"))
    #expect(frames.isEmpty)
    #expect(error?.code == .corrupt)
    #expect(error?.reason.contains("frame 0 has no content checksum") == true, "\(String(describing: error))")
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(bytes, to: path)
      let (fileFrames, fileError) = TraceSamples.readFrames(try TraceReader(path: path))
      #expect(fileFrames.isEmpty)
      #expect(fileError?.reason == error?.reason)
    }
    // The same content with its checksum reads.
    let checked = Self.header + TraceCrafting.zstdFrame(content)
    #expect(TraceSamples.readFrames(try TraceReader(bytes: checked, name: "c")).frames.count == 1)
  }
}
