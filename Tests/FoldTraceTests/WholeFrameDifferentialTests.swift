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
