import CZstd

/// Plain libzstd, used as the yardstick: one-shot compression of a whole stream and one-shot
/// decompression of a trace's frames (RFC 8878), with no FoldTrace code in the way.
enum ZstdBaseline {
  /// A compression setting: `level` alone is `zstd -LEVEL`; `long` adds `--long` (long-distance
  /// matching with a 2²⁷-byte window), as `zstd --ultra -22 --long` does.
  struct Setting: Sendable {
    var level: Int32
    var long: Bool

    /// `zstd -3`, the level FoldTrace's writer uses.
    static let level3 = Setting(level: 3, long: false)
    /// `zstd --ultra -22 --long`.
    static let ultraLong = Setting(level: 22, long: true)
  }

  /// Compresses `bytes` into one zstd frame.
  /// - Returns: The compressed size, in bytes.
  static func compressedSize(_ bytes: [UInt8], _ setting: Setting) -> Int {
    guard let context = ZSTD_createCCtx() else { fatalError("ZSTD_createCCtx failed") }
    defer { ZSTD_freeCCtx(context) }
    ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, setting.level)
    if setting.long {
      ZSTD_CCtx_setParameter(context, ZSTD_c_enableLongDistanceMatching, 1)
      ZSTD_CCtx_setParameter(context, ZSTD_c_windowLog, 27)
    }
    let bound = ZSTD_compressBound(bytes.count)
    var output = [UInt8](repeating: 0, count: bound)
    let written = bytes.withUnsafeBytes { source in
      output.withUnsafeMutableBytes { destination in
        ZSTD_compress2(context, destination.baseAddress, bound, source.baseAddress, source.count)
      }
    }
    precondition(ZSTD_isError(written) == 0, "ZSTD_compress2 failed")
    return written
  }

  /// The data frames of a trace file: every zstd frame, skipping skippable frames (header, seek table).
  /// - Returns: Each frame's byte range in `trace`.
  static func dataFrames(of trace: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var offset = 0
    trace.withUnsafeBytes { raw in
      while offset + 8 <= raw.count {
        let magic = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        if magic & 0xFFFF_FFF0 == 0x184D_2A50 {
          offset += 8 + Int(raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
          continue
        }
        let size = ZSTD_findFrameCompressedSize(raw.baseAddress! + offset, raw.count - offset)
        precondition(ZSTD_isError(size) == 0, "not a zstd frame at byte \(offset)")
        ranges.append(offset..<offset + size)
        offset += size
      }
    }
    return ranges
  }

  /// The concatenated decompressed content of `frames`: the trace's own uncompressed record stream,
  /// what `zstdcat` prints.
  static func content(of trace: [UInt8], frames: [Range<Int>]) -> [UInt8] {
    var content: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: maxContentSize(trace, frames))
    let context = ZSTD_createDCtx()
    defer { ZSTD_freeDCtx(context) }
    for range in frames {
      let n = decompress(context, trace, range, into: &buffer)
      content.append(contentsOf: buffer[..<n])
    }
    return content
  }

  /// The largest declared content size among `frames`, in bytes.
  static func maxContentSize(_ trace: [UInt8], _ frames: [Range<Int>]) -> Int {
    trace.withUnsafeBytes { raw in
      frames.map { Int(ZSTD_getFrameContentSize(raw.baseAddress! + $0.lowerBound, $0.count)) }.max() ?? 0
    }
  }

  /// Decompresses every frame with `ZSTD_decompressDCtx` into one reused buffer.
  /// - Returns: The total decompressed size, in bytes.
  static func decompressAll(
    _ trace: [UInt8], frames: [Range<Int>], context: OpaquePointer, buffer: inout [UInt8]
  ) -> Int {
    var total = 0
    for range in frames { total += decompress(context, trace, range, into: &buffer) }
    return total
  }

  @inline(__always)
  private static func decompress(
    _ context: OpaquePointer?, _ trace: [UInt8], _ range: Range<Int>, into buffer: inout [UInt8]
  ) -> Int {
    let n = trace.withUnsafeBytes { source in
      buffer.withUnsafeMutableBytes { destination in
        ZSTD_decompressDCtx(
          context, destination.baseAddress, destination.count, source.baseAddress! + range.lowerBound,
          range.count)
      }
    }
    precondition(ZSTD_isError(n) == 0, "ZSTD_decompressDCtx failed")
    return n
  }
}
