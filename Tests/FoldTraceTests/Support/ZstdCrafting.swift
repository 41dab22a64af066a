import CZstd

/// Builds zstd frames block by block (RFC 8878 §3.1.1), for frames a compressor never writes: blocks
/// over the frame's block size limit, wrong declared sizes, windows smaller than the content.
enum ZstdCrafting {
  /// One block (RFC 8878 §3.1.1.2).
  enum Block {
    /// A raw block holding `bytes`.
    case raw([UInt8])
    /// An RLE block: `byte` repeated `count` times.
    case rle(UInt8, count: Int)
    /// A compressed block holding `bytes` as raw literals and no sequences.
    case literals([UInt8])

    /// The bytes the block decodes to.
    var content: [UInt8] {
      switch self {
      case .raw(let bytes), .literals(let bytes): bytes
      case .rle(let byte, let count): [UInt8](repeating: byte, count: count)
      }
    }

    /// The block with its 3-byte header.
    func encoded(last: Bool) -> [UInt8] {
      let (type, size, body): (UInt32, Int, [UInt8])
      switch self {
      case .raw(let bytes): (type, size, body) = (0, bytes.count, bytes)
      case .rle(let byte, let count): (type, size, body) = (1, count, [byte])
      case .literals(let bytes):
        // Raw literals section (type 0) with a 1-, 2- or 3-byte header, then zero sequences.
        let n = bytes.count
        let header: [UInt8] =
          n < 32
          ? [UInt8(n << 3)]
          : n < 4096
            ? [UInt8(0b0100 | (n & 0xF) << 4), UInt8(n >> 4)]
            : [UInt8(0b1100 | (n & 0xF) << 4), UInt8((n >> 4) & 0xFF), UInt8(n >> 12)]
        let section = header + bytes + [0]
        (type, size, body) = (2, section.count, section)
      }
      let word = (last ? 1 : 0) | type << 1 | UInt32(size) << 3
      return [UInt8(word & 0xFF), UInt8((word >> 8) & 0xFF), UInt8(word >> 16)] + body
    }
  }

  /// How the frame's checksum is written.
  enum Checksum {
    case none, right, wrong
  }

  /// A frame of `blocks`.
  /// - Parameters:
  ///   - declaredSize: The content size in the header (nil: none); defaults to the blocks' content size.
  ///   - windowLog: The window descriptor's exponent plus 10 (nil: single-segment frame).
  ///   - dictionaryID: A dictionary id to declare (0: none).
  static func frame(
    _ blocks: [Block], declaredSize: UInt64?? = .none, windowLog: Int? = nil, checksum: Checksum = .right,
    dictionaryID: UInt32 = 0
  ) -> [UInt8] {
    let content = blocks.flatMap(\.content)
    let declared: UInt64? = declaredSize ?? UInt64(content.count)
    let single = windowLog == nil && declared != nil
    var sizeField: [UInt8] = []
    var sizeFlag: UInt8 = 0
    if let declared {
      if declared < 256 && single {
        sizeField = [UInt8(declared)]
      } else if declared >= 256 && declared < 65_536 + 256 {
        sizeFlag = 1
        sizeField = le(declared - 256, bytes: 2)
      } else if declared <= UInt64(UInt32.max) {
        sizeFlag = 2
        sizeField = le(declared, bytes: 4)
      } else {
        sizeFlag = 3
        sizeField = le(declared, bytes: 8)
      }
    }
    let dictionaryFlag: UInt8 = dictionaryID == 0 ? 0 : dictionaryID < 256 ? 1 : dictionaryID < 65_536 ? 2 : 3
    let descriptor =
      sizeFlag << 6 | (single ? 0x20 : 0) | (checksum == .none ? 0 : 0x04) | dictionaryFlag
    var bytes: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, descriptor]
    if !single { bytes.append(UInt8(((windowLog ?? 20) - 10) << 3)) }
    if dictionaryFlag != 0 {
      bytes += le(UInt64(dictionaryID), bytes: [0, 1, 2, 4][Int(dictionaryFlag)])
    }
    bytes += sizeField
    for (i, block) in blocks.enumerated() { bytes += block.encoded(last: i == blocks.count - 1) }
    switch checksum {
    case .none: break
    case .right: bytes += checksumBytes(content)
    case .wrong: bytes += checksumBytes(content).map { $0 ^ 0x5A }
    }
    return bytes
  }

  /// The low 32 bits of XXH64 of `content`, as a frame's checksum holds them (taken from libzstd's own
  /// frame of the content).
  static func checksumBytes(_ content: [UInt8]) -> [UInt8] {
    Array(TraceCrafting.zstdFrame(content).suffix(4))
  }

  static func le(_ value: UInt64, bytes: Int) -> [UInt8] {
    (0..<bytes).map { UInt8((value >> (8 * UInt64($0))) & 0xFF) }
  }
}
