import CZstd

/// Streams one zstd frame at a time out of a byte source, with bounded memory.
///
/// One instance owns one `ZSTD_DStream`. The declared content size is read only to refuse a frame
/// that claims more than the cap; it never sizes an allocation. The output grows as libzstd produces it
/// and is checked against the cap after every step; the window is capped with `ZSTD_d_windowLogMax`
/// (RFC 8878 §3.1.1.1.2).
final class ZstdFrameDecoder {
  /// How a frame decode ended.
  enum Outcome {
    /// The frame decoded completely: its content and its size in the source, in bytes.
    case complete(content: [UInt8], compressedSize: Int)
    /// The source ended inside the frame after `available` bytes.
    case truncated(available: Int)
  }

  /// Why a frame could not be decoded.
  enum Failure: Error {
    /// libzstd reported an error (corruption, checksum, window too large…).
    case zstd(ZstdError)
    /// The frame declares a content size above the cap.
    case declaredTooLarge(declared: UInt64, cap: Int)
    /// The frame's content grew beyond the cap while decoding.
    case contentTooLarge(cap: Int)
  }

  private let stream: OpaquePointer
  private let maxContentBytes: Int
  private static let chunkBytes = 64 * 1024

  /// Creates a decoder.
  /// - Parameters:
  ///   - maxContentBytes: The largest frame content accepted, in bytes.
  ///   - maxWindowLog: The largest window accepted, as a power of two (`ZSTD_d_windowLogMax`).
  /// - Throws: ``ZstdError`` when libzstd refuses a parameter or cannot allocate the stream.
  init(maxContentBytes: Int, maxWindowLog: Int32) throws(ZstdError) {
    guard let stream = ZSTD_createDStream() else { throw .memoryAllocation }
    self.stream = stream
    self.maxContentBytes = maxContentBytes
    _ = try zstdCheck(ZSTD_DCtx_setParameter(stream, ZSTD_d_windowLogMax, maxWindowLog))
  }

  deinit { ZSTD_freeDStream(stream) }

  /// Reads the content size a frame header declares, if the header is complete in `prefix` and declares
  /// one.
  static func declaredContentSize(_ prefix: [UInt8]) -> UInt64? {
    let size = prefix.withUnsafeBytes { ZSTD_getFrameContentSize($0.baseAddress, $0.count) }
    return size >= UInt64.max - 1 ? nil : size
  }

  /// Decodes the zstd frame that starts at `start`.
  ///
  /// - Parameters:
  ///   - start: The frame's byte offset in the source.
  ///   - read: Returns up to `count` bytes at `offset`, fewer only at the end of the source.
  /// - Returns: The frame's content and size, or how much of it the source held.
  /// - Throws: ``Failure`` for damaged or oversized frames; whatever `read` throws.
  /// - Complexity: O(compressed + decompressed size); memory O(cap + window).
  func decodeFrame(at start: Int, read: (_ offset: Int, _ count: Int) throws -> [UInt8]) throws -> Outcome {
    _ = ZSTD_DCtx_reset(stream, ZSTD_reset_session_only)
    var chunk = try read(start, Self.chunkBytes)
    if let declared = Self.declaredContentSize(chunk), declared > UInt64(maxContentBytes) {
      throw Failure.declaredTooLarge(declared: declared, cap: maxContentBytes)
    }
    var chunkStart = start
    var inputPosition = 0
    var content: [UInt8] = []
    var scratch = [UInt8](repeating: 0, count: Self.chunkBytes)
    var outputWasFull = false
    while true {
      if inputPosition == chunk.count && !outputWasFull {
        chunkStart += chunk.count
        chunk = try read(chunkStart, Self.chunkBytes)
        inputPosition = 0
        if chunk.isEmpty { return .truncated(available: chunkStart - start) }
      }
      var produced = 0
      let result: Int = chunk.withUnsafeBytes { source in
        scratch.withUnsafeMutableBytes { destination in
          var input = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: inputPosition)
          var output = ZSTD_outBuffer(dst: destination.baseAddress, size: destination.count, pos: 0)
          let result = ZSTD_decompressStream(stream, &output, &input)
          inputPosition = input.pos
          produced = output.pos
          return result
        }
      }
      do {
        _ = try zstdCheck(result)
      } catch {
        throw Failure.zstd(error)
      }
      outputWasFull = produced == scratch.count
      if content.count + produced > maxContentBytes { throw Failure.contentTooLarge(cap: maxContentBytes) }
      content.append(contentsOf: scratch[..<produced])
      if result == 0 {
        return .complete(content: content, compressedSize: chunkStart + inputPosition - start)
      }
    }
  }
}
