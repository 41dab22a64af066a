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
    /// The frame's header does not set the content checksum flag (RFC 8878 §3.1.1.1.1): without the
    /// checksum a flipped byte would decode silently into different content.
    case noContentChecksum
  }

  private let stream: OpaquePointer
  private let maxContentBytes: Int
  /// The largest window accepted, as a power of two (`ZSTD_d_windowLogMax`).
  private let maxWindowLog: Int32
  private static let chunkBytes = 64 * 1024
  /// The first read of a frame: most frames are a few KiB, so reading 64 KiB up front mostly copied
  /// bytes of the frames after it.
  private static let firstChunkBytes = 8 * 1024
  /// Decompression output, reused by every frame: libzstd writes each step's output (at most
  /// `chunkBytes`) after the content of the steps before it, so a frame's content is never copied. It
  /// grows to the largest content read (at most the cap plus a chunk) and is kept between frames.
  private var output = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkBytes, alignment: 16)

  /// Creates a decoder.
  /// - Parameters:
  ///   - maxContentBytes: The largest frame content accepted, in bytes.
  ///   - maxWindowLog: The largest window accepted, as a power of two (`ZSTD_d_windowLogMax`).
  /// - Throws: ``ZstdError`` when libzstd refuses a parameter or cannot allocate the stream.
  init(maxContentBytes: Int, maxWindowLog: Int32) throws(ZstdError) {
    guard let stream = ZSTD_createDStream() else { throw .memoryAllocation }
    self.stream = stream
    self.maxContentBytes = maxContentBytes
    self.maxWindowLog = maxWindowLog
    _ = try zstdCheck(ZSTD_DCtx_setParameter(stream, ZSTD_d_windowLogMax, maxWindowLog))
  }

  deinit {
    ZSTD_freeDStream(stream)
    output.deallocate()
  }

  /// Reads the content size a frame header declares, if the header is complete in `prefix` and declares
  /// one.
  /// Whether a zstd frame header at the start of `prefix` sets the content checksum flag; nil when the
  /// prefix does not hold a whole, valid frame header (libzstd then reports what is wrong).
  static func hasContentChecksum(_ prefix: UnsafeRawBufferPointer) -> Bool? {
    var header = ZSTD_frameHeader()
    guard ZSTD_getFrameHeader(&header, prefix.baseAddress, prefix.count) == 0, header.frameType == ZSTD_frame
    else { return nil }
    return header.checksumFlag != 0
  }

  static func declaredContentSize(_ prefix: UnsafeRawBufferPointer) -> UInt64? {
    let size = ZSTD_getFrameContentSize(prefix.baseAddress, prefix.count)
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
    let outcome = try decodeFrame(at: start, in: nil, read: read) { content, _ in Array(content) }
    switch outcome {
    case .complete(let content, let size): return .complete(content: content, compressedSize: size)
    case .truncated(let available): return .truncated(available: available)
    }
  }

  /// Decodes a frame that lies whole in `memory` in one call (`ZSTD_decompressDCtx`, as a reader of a
  /// file in memory would), when that cannot end otherwise than the chunked decode would.
  ///
  /// The chunked decode below copies each block through libzstd's window buffer; one call writes the
  /// content straight into `output`. It is taken only for a frame whose header is complete and declares
  /// its content size, no larger than the cap and than `output` already is (so no allocation follows a
  /// declared size), whose window holds all of its content and is within `ZSTD_d_windowLogMax`
  /// (RFC 8878 §3.1.1.1.2; single-segment frames, which `TraceWriter` writes), whose content is within
  /// the block size limit (the smaller of the window and 128 KiB, RFC 8878 §3.1.1.2.4: so no block can
  /// exceed it), and whose blocks all lie in `memory`. libzstd then checks the blocks, the content size and
  /// the checksum as the streaming decode does. Anything else — or any error — returns nil, and the chunked
  /// decode decodes the frame from its start, so a damaged frame fails exactly as before.
  /// - Returns: The content (valid until the next decode) and the frame's size, in bytes, or nil.
  /// - Complexity: O(compressed + decompressed size).
  private func wholeFrame(at start: Int, in memory: UnsafeRawBufferPointer)
    -> (content: UnsafeRawBufferPointer, compressedSize: Int)?
  {
    guard start < memory.count, let source = memory.baseAddress.map({ $0 + start }) else { return nil }
    let available = memory.count - start
    var header = ZSTD_frameHeader()
    guard ZSTD_getFrameHeader(&header, source, available) == 0, header.frameType == ZSTD_frame,
      header.checksumFlag != 0, header.frameContentSize < ZSTD_CONTENTSIZE_ERROR,
      header.frameContentSize <= UInt64(maxContentBytes),
      header.frameContentSize <= UInt64(output.count), header.windowSize >= header.frameContentSize,
      header.windowSize <= UInt64(1) << UInt64(maxWindowLog),
      // No block can then decode to more than the block size limit, which the streaming decode checks
      // for every block and the one call does not for raw and RLE blocks (libzstd 1.5.4).
      header.frameContentSize <= UInt64(header.blockSizeMax)
    else { return nil }
    let size = ZSTD_findFrameCompressedSize(source, available)
    guard ZSTD_isError(size) == 0, size <= available else { return nil }
    let produced = ZSTD_decompressDCtx(stream, output.baseAddress, Int(header.frameContentSize), source, size)
    guard ZSTD_isError(produced) == 0, UInt64(produced) == header.frameContentSize else { return nil }
    return (UnsafeRawBufferPointer(start: output.baseAddress, count: produced), size)
  }

  /// How a frame decode ended, with what the caller made of the content.
  enum Decoded<Value> {
    /// The frame decoded completely: what `body` returned, and the frame's size in the source, in bytes.
    case complete(Value, compressedSize: Int)
    /// The source ended inside the frame after `available` bytes.
    case truncated(available: Int)
  }

  /// Decodes the zstd frame that starts at `start` and hands its content to `body`, without copying it
  /// when the frame decompresses in one step (the common case: a frame of up to 64 KiB whose compressed
  /// bytes fit the first input chunk).
  ///
  /// The input is fed to libzstd in the same chunks whether it comes from `memory` or from `read`
  /// (8 KiB, then 64 KiB each), so a frame decodes — or fails — the same way from a file and from memory.
  /// A complete frame in `memory` is first tried in one call (``wholeFrame(at:in:)``), which succeeds
  /// only where the chunked decode would succeed with the same content and size.
  ///
  /// - Parameters:
  ///   - start: The frame's byte offset in the source.
  ///   - memory: The whole source, when it is in memory; `read` is then not called.
  ///   - read: Returns up to `count` bytes at `offset`, fewer only at the end of the source.
  ///   - body: Called once with the frame's content (valid only during the call) and its compressed size.
  /// - Returns: What `body` returned and the frame's size, or how much of the frame the source held.
  /// - Throws: ``Failure`` for damaged or oversized frames; whatever `read` or `body` throws.
  /// - Complexity: O(compressed + decompressed size); memory O(cap + window).
  func decodeFrame<Value>(
    at start: Int, in memory: UnsafeRawBufferPointer?,
    read: (_ offset: Int, _ count: Int) throws -> [UInt8],
    body: (_ content: UnsafeRawBufferPointer, _ compressedSize: Int) throws -> Value
  ) throws -> Decoded<Value> {
    if let memory, let whole = wholeFrame(at: start, in: memory) {
      return .complete(try body(whole.content, whole.compressedSize), compressedSize: whole.compressedSize)
    }
    _ = ZSTD_DCtx_reset(stream, ZSTD_reset_session_only)
    // The current input chunk: a window of `memory` (valid for the whole call), or bytes from `read`.
    var window = UnsafeRawBufferPointer(start: nil, count: 0)
    var owned: [UInt8] = []
    func load(_ offset: Int, _ count: Int) throws -> Int {
      guard let memory else {
        owned = try read(offset, count)
        return owned.count
      }
      let end = min(memory.count, offset + count)
      window =
        offset < end
        ? UnsafeRawBufferPointer(rebasing: memory[offset..<end])
        : UnsafeRawBufferPointer(start: nil, count: 0)
      return window.count
    }
    func withChunk<T>(_ use: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
      memory == nil ? try owned.withUnsafeBytes(use) : try use(window)
    }
    var chunkCount = try load(start, Self.firstChunkBytes)
    if withChunk(Self.hasContentChecksum) == false { throw Failure.noContentChecksum }
    if let declared = withChunk(Self.declaredContentSize), declared > UInt64(maxContentBytes) {
      throw Failure.declaredTooLarge(declared: declared, cap: maxContentBytes)
    }
    var chunkStart = start
    var inputPosition = 0
    // The content produced so far, at the start of `output`.
    var filled = 0
    var outputWasFull = false
    while true {
      if inputPosition == chunkCount && !outputWasFull {
        chunkStart += chunkCount
        chunkCount = try load(chunkStart, Self.chunkBytes)
        inputPosition = 0
        if chunkCount == 0 { return .truncated(available: chunkStart - start) }
      }
      if output.count - filled < Self.chunkBytes {
        // Twice the size (which holds `filled` plus a chunk), up to the cap plus a chunk.
        let capacity = min(output.count * 2, maxContentBytes + Self.chunkBytes)
        let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: output[..<filled]))
        output.deallocate()
        output = larger
      }
      // The same output space at every step (one chunk), so a frame decodes the same way however much
      // content came before.
      var step = ZSTD_outBuffer(dst: output.baseAddress! + filled, size: Self.chunkBytes, pos: 0)
      let result: Int = withChunk { source in
        var input = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: inputPosition)
        let result = ZSTD_decompressStream(stream, &step, &input)
        inputPosition = input.pos
        return result
      }
      let produced = step.pos
      do {
        _ = try zstdCheck(result)
      } catch {
        throw Failure.zstd(error)
      }
      outputWasFull = produced == Self.chunkBytes
      if filled + produced > maxContentBytes { throw Failure.contentTooLarge(cap: maxContentBytes) }
      filled += produced
      let size = chunkStart + inputPosition - start
      if result == 0 {
        return .complete(
          try body(UnsafeRawBufferPointer(rebasing: output[..<filled]), size), compressedSize: size)
      }
    }
  }
}
