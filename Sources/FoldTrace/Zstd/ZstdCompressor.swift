import CZstd

/// Compresses whole buffers into single, complete zstd frames with the content checksum on.
///
/// One instance owns one `ZSTD_CCtx`. Frames are independent (no dictionary, no history across calls),
/// so a reader can start at any of them (RFC 8878 §3.1.1).
final class ZstdCompressor {
  private let context: OpaquePointer

  /// Creates a compressor at the given level with content size and checksum recorded in every frame.
  /// - Throws: ``ZstdError`` when libzstd refuses a parameter or cannot allocate its context.
  init(level: Int32 = 3) throws(ZstdError) {
    guard let context = ZSTD_createCCtx() else { throw .memoryAllocation }
    self.context = context
    try setParameter(ZSTD_c_compressionLevel, level)
    try setParameter(ZSTD_c_checksumFlag, 1)
    try setParameter(ZSTD_c_contentSizeFlag, 1)
  }

  deinit { ZSTD_freeCCtx(context) }

  private func setParameter(_ parameter: ZSTD_cParameter, _ value: Int32) throws(ZstdError) {
    _ = try zstdCheck(ZSTD_CCtx_setParameter(context, parameter, value))
  }

  /// Compresses `content` into one complete zstd frame.
  /// - Parameter content: The bytes to compress.
  /// - Returns: The frame's bytes.
  /// - Throws: ``ZstdError`` from `ZSTD_compress2`.
  /// - Complexity: O(n) in the content's size.
  func compressFrame(_ content: [UInt8]) throws(ZstdError) -> [UInt8] {
    let bound = ZSTD_compressBound(content.count)
    var output = [UInt8](repeating: 0, count: bound)
    let written: Int = content.withUnsafeBytes { source in
      output.withUnsafeMutableBytes { destination in
        ZSTD_compress2(context, destination.baseAddress, bound, source.baseAddress, source.count)
      }
    }
    output.removeSubrange(try zstdCheck(written)...)
    return output
  }
}
