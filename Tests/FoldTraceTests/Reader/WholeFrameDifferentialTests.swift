import Testing

@testable import FoldTrace

/// A trace in memory (whole frames decoded in one libzstd call) reads exactly as the same bytes from a
/// file (the chunked streaming decode): same frames, events, errors (code, byte offset, reason), skips.
@Suite struct WholeFrameDifferentialTests {
  typealias Block = ZstdCrafting.Block

  /// The reader's outcome from memory and from a file.
  static func outcomes(_ bytes: [UInt8], limits: TraceReaderLimits = .default) throws -> (String, String) {
    var kinds: [String: Int] = [:]
    let memory = try ReaderOutcomes.outcome(bytes, limits: limits, kinds: &kinds)
    let file = try ReaderOutcomes.outcome(bytes, limits: limits, viaFile: true, kinds: &kinds)
    return (memory, file)
  }

  /// Frame content: start time, no keyframe, one record of an unknown kind whose body is `bodyBytes`
  /// long, split into the blocks `split` makes of it.
  static func unknownRecordPrefix(bodyBytes: Int) -> [UInt8] {
    TraceCrafting.varint(0) + TraceCrafting.varint(0) + [200] + TraceCrafting.varint(0)
      + TraceCrafting.varint(UInt64(bodyBytes))
  }

  /// A block of decoded size over the frame's block size limit (128 KiB: RFC 8878 §3.1.1.2.4) is
  /// corruption for the streaming decode; it must be for a whole frame in memory too, after an earlier
  /// large frame grew the decoder's output.
  @Test func aBlockOverTheBlockSizeLimitFailsFromMemoryAsFromAFile() throws {
    let body = 200_000
    let prefix = Self.unknownRecordPrefix(bodyBytes: body)
    let valid = ZstdCrafting.frame(
      [.raw(prefix), .rle(0, count: 100_000), .rle(0, count: body - 100_000)])
    let oversizedRLE = ZstdCrafting.frame([.raw(prefix), .rle(0, count: body)])
    let oversizedRaw = ZstdCrafting.frame([.raw(prefix), .raw([UInt8](repeating: 7, count: body))])
    let header = TraceCrafting.headerFrame()
    for bad in [oversizedRLE, oversizedRaw] {
      let (memory, file) = try Self.outcomes(header + valid + bad + valid)
      #expect(memory == file)
      #expect(file.contains("errors=[corrupt@"), "\(file)")
    }
  }

  /// A compressed block larger than its single-segment frame's content (its window, so its block size
  /// limit) is corruption for the streaming decode, from memory too.
  @Test func aCompressedBlockOverASmallWindowFailsFromMemoryAsFromAFile() throws {
    var generator = SeededGenerator(state: 7)
    let body = (0..<20_000).map { _ in UInt8(generator.below(256)) }
    let content = Self.unknownRecordPrefix(bodyBytes: body.count) + body
    // Raw literals add a 3-byte section header and a sequences byte: the block is 4 bytes longer than
    // the frame's content, hence than its window.
    let frame = ZstdCrafting.frame([.literals(content)])
    let (memory, file) = try Self.outcomes(TraceCrafting.headerFrame() + frame)
    #expect(memory == file)
    #expect(file.contains("errors=[corrupt@"), "\(file)")
  }
}

/// Seeded frames of every shape the one-call decode may meet, compared from memory and from a file.
@Suite struct WholeFrameRandomDifferentialTests {
  /// Contents of real frames: every kind of event, and 120 Hz scrolling.
  static let realContents: [[UInt8]] = {
    let events = TraceSamples.everyKind + TraceSamples.scrolling(count: 400, from: 10_000_000)
    let policy = FlushPolicy(maxBufferedBytes: 4 * 1024, maxSpan: .max)
    guard let trace = try? TraceSamples.bytes(events, policy: policy) else { return [] }
    return ReaderOutcomes.dataFrames(of: trace).map { ReaderOutcomes.content(trace, $0) }
  }()

  static let limits: [TraceReaderLimits] = [
    .default, TraceReaderLimits(maxWindowLog: 17), TraceReaderLimits(maxFrameContentBytes: 100_000),
    TraceReaderLimits(maxFrameContentBytes: 300_000, maxWindowLog: 16),
  ]

  /// A frame content: a real one, or one unknown record whose body is zeros or random bytes.
  static func content(_ random: inout SeededGenerator) -> [UInt8] {
    if random.below(3) == 0 { return realContents[random.below(realContents.count)] }
    let sizes = [0, 9, 5_000, 9_000, 30_000, 65_536, 70_000, 131_000, 131_072, 140_000, 300_000]
    let size = sizes[random.below(sizes.count)]
    let prefix = WholeFrameDifferentialTests.unknownRecordPrefix(bodyBytes: size)
    if random.below(2) == 0 { return prefix + [UInt8](repeating: 0, count: size) }
    let start = random.below(noise.count - size + 1)
    return prefix + noise[start..<start + size]
  }

  /// A valid frame of 300 000 bytes of content, in blocks of 100 000.
  static let primer: [UInt8] = {
    let prefix = WholeFrameDifferentialTests.unknownRecordPrefix(bodyBytes: 300_000)
    return ZstdCrafting.frame([.raw(prefix)] + (0..<3).map { _ in .rle(0, count: 100_000) })
  }()

  /// Seeded random bytes, made once.
  static let noise: [UInt8] = {
    var random = SeededGenerator(state: 3)
    return (0..<400_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
  }()

  /// `content` cut into raw, RLE and raw-literal blocks of random sizes (up to 200 000 bytes).
  static func blocks(_ content: [UInt8], _ random: inout SeededGenerator) -> [ZstdCrafting.Block] {
    var blocks: [ZstdCrafting.Block] = []
    var start = 0
    repeat {
      let limits = [16, 5_000, 70_000, 131_072, 200_000]
      let count = min(content.count - start, 1 + random.below(limits[random.below(limits.count)]))
      let piece = Array(content[start..<start + count])
      start += count
      if count > 0 && random.below(2) == 0 && piece.allSatisfy({ $0 == piece[0] }) {
        blocks.append(.rle(piece[0], count: count))
      } else if random.below(3) == 0 {
        blocks.append(.literals(piece))
      } else {
        blocks.append(.raw(piece))
      }
    } while start < content.count
    return blocks
  }

  /// A crafted frame: its declared size right or wrong or absent, single-segment or with a window of
  /// 2^10…2^27 bytes, its checksum absent, right or wrong, sometimes a dictionary id.
  static func frame(_ random: inout SeededGenerator) -> [UInt8] {
    let content = content(&random)
    let declared: UInt64??
    switch random.below(16) {
    case 0: declared = .some(nil)
    case 1: declared = UInt64(content.count + 1)
    case 2: declared = UInt64(max(content.count, 1) - 1)
    case 3: declared = 1 << 33
    default: declared = .none
    }
    let windowLog = random.below(3) == 0 ? 10 + random.below(18) : nil
    let checksums: [ZstdCrafting.Checksum] = [.none, .wrong, .right, .right, .right]
    return ZstdCrafting.frame(
      blocks(content, &random), declaredSize: declared, windowLog: windowLog,
      checksum: checksums[random.below(checksums.count)],
      dictionaryID: random.below(12) == 0 ? UInt32(1 + random.below(70_000)) : 0)
  }

  /// The frames a reader returns, then its error (code, offset, reason) or its end, as text.
  static func frames(_ open: () throws(TraceError) -> TraceReader) -> [String] {
    var lines: [String] = []
    do throws(TraceError) {
      let reader = try open()
      while let frame = try reader.nextFrame() { lines.append("\(frame)") }
      lines.append("end closed=\(reader.isClosedCleanly) unknown=\(reader.unknownEventCount)")
    } catch {
      lines.append("\(error.code) at \(error.offset.map(String.init) ?? "-"): \(error.reason)")
    }
    return lines
  }

  /// Traces of one to four crafted frames, with skippable frames between, and a tail cut inside the
  /// last frame, random bytes, zero bytes or nothing: memory and file read them identically.
  @Test func craftedFramesReadTheSameFromMemoryAndFromAFile() throws {
    var random = SeededGenerator(state: 0xF0_1D)
    var differences: [String] = []
    for i in 0..<1_000 {
      var bytes = TraceCrafting.headerFrame()
      // A valid frame of 300 000 bytes first, in half the traces: the decoder's output grows to hold
      // it, so later frames of any size may be decoded in one call.
      if random.below(2) == 0 { bytes += Self.primer }
      var lastStart = bytes.count
      for _ in 0...random.below(4) {
        if random.below(6) == 0 { bytes += [0x51, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 1, 2, 3] }
        lastStart = bytes.count
        bytes += Self.frame(&random)
      }
      switch random.below(5) {
      case 0: bytes = Array(bytes.prefix(lastStart + random.below(bytes.count - lastStart)))
      case 1: bytes += (0..<1 + random.below(20)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      case 2: bytes += [UInt8](repeating: 0, count: 1 + random.below(12))
      default: break
      }
      let limits = Self.limits[random.below(Self.limits.count)]
      let memory = Self.frames { () throws(TraceError) in
        try TraceReader(bytes: bytes, name: "case", limits: limits)
      }
      let file = try TraceSamples.withTemporaryPath { path in
        try Reliability.write(bytes, to: path)
        return Self.frames { () throws(TraceError) in try TraceReader(path: path, limits: limits) }
      }
      if memory != file { differences.append("case \(i): memory \(memory), file \(file)") }
    }
    #expect(differences.isEmpty, "\(differences.count) differ: \(differences.prefix(3))")
  }
}
