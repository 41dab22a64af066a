import CZstd

/// zstd frames made by libzstd, for tests that craft trace bytes no writer produces.
public enum ZstdFrames {
  /// A zstd frame of `content` with content size and (unless `checksum` is false) the content checksum
  /// FoldTrace's reader requires (RFC 8878 §3.1.1.1.1), compressed with `windowLog` when given
  /// (streaming, so the window is not shrunk to the content; the content size is then not declared).
  /// - Complexity: O(n) in the content's size.
  public static func frame(_ content: [UInt8], windowLog: Int32? = nil, checksum: Bool = true) -> [UInt8] {
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
