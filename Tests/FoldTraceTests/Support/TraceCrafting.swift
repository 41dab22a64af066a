import CZstd

@testable import FoldTrace

/// Builds trace bytes by hand, for formats a writer never produces: unknown kinds, hostile frames.
enum TraceCrafting {
  /// The header frame of `header`, as a writer emits it — for any header, including those a writer
  /// refuses (a newer major version).
  static func headerFrame(_ header: TraceHeader = TraceSamples.header) -> [UInt8] {
    header.encodedFrame()
  }

  /// Unsigned LEB128.
  static func varint(_ value: UInt64) -> [UInt8] {
    var value = value
    var out: [UInt8] = []
    while value >= 0x80 {
      out.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    out.append(UInt8(value))
    return out
  }

  /// One record: tag, delta, length, body.
  static func record(tag: UInt8, delta: UInt64, body: [UInt8]) -> [UInt8] {
    [tag] + varint(delta) + varint(UInt64(body.count)) + body
  }

  /// A zstd frame of `content` with content size and (unless `checksum` is false) checksum, compressed
  /// with `windowLog` when given (streaming, so the window is not shrunk to the content).
  static func zstdFrame(_ content: [UInt8], windowLog: Int32? = nil, checksum: Bool = true) -> [UInt8] {
    let context = ZSTD_createCCtx()!
    defer { ZSTD_freeCCtx(context) }
    ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, checksum ? 1 : 0)
    if let windowLog {
      ZSTD_CCtx_setParameter(context, ZSTD_c_windowLog, windowLog)
      ZSTD_CCtx_setParameter(context, ZSTD_c_contentSizeFlag, 0)
    }
    var output = [UInt8](repeating: 0, count: ZSTD_compressBound(content.count) + 64)
    let written = content.withUnsafeBytes { source in
      output.withUnsafeMutableBytes { destination in
        var input = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: 0)
        var out = ZSTD_outBuffer(dst: destination.baseAddress, size: destination.count, pos: 0)
        if windowLog != nil { _ = ZSTD_compressStream2(context, &out, &input, ZSTD_e_continue) }
        while ZSTD_compressStream2(context, &out, &input, ZSTD_e_end) != 0 {}
        return out.pos
      }
    }
    return Array(output[..<written])
  }
}
