/// Where reading a trace that a recorder is still writing stands between two looks at the file
/// (`tracecat --follow`): the next unread byte, the next frame's index, and how far the frame there was
/// walked while it was still being written.
package struct FollowCursor: Sendable, Equatable {
  /// The byte offset of the next unread frame (data or skippable).
  package fileprivate(set) var offset: Int
  /// The index the next data frame gets, from 0.
  package fileprivate(set) var index = 0
  /// The last event time of the frame before, in ns, so the next frame can be checked not to start
  /// earlier; nil before the first frame.
  var previousFrameEnd: UInt64?
  /// The offset of the next block header of the zstd frame at ``offset`` not walked yet, once its frame
  /// header was read (RFC 8878 §3.1.1.2): the walk goes on from there when more of the frame lands.
  var nextBlock: Int?
  /// The seek-table entries of every frame before ``offset``, header first, so that each seek table
  /// met is checked against them as a sequential read checks it; nil while a reader holds them.
  var entries: [SeekTable.Entry]?

  /// A cursor at `offset`, the end of the header frame.
  package init(offset: Int) {
    self.offset = offset
    entries = [
      SeekTable.Entry(
        compressedSize: UInt32(truncatingIfNeeded: offset), decompressedSize: 0,
        checksum: TraceFormat.emptyChecksum)
    ]
  }
}

/// What the next look at a trace being written found.
package enum FollowedStep {
  /// A data frame, complete, decoded and checked.
  case frame(TraceFrame)
  /// The file ends before the next frame is whole (or holds no next frame yet): look again later.
  case waiting
  /// A valid seek table ends the file: the recorder closed the trace.
  case closed
}

extension TraceReader {
  /// Opens the trace at `path` as it is now, to read on at `cursor` behind a header read before.
  ///
  /// - Parameters:
  ///   - header: The header, as decoded when following started.
  ///   - headerSize: The header frame's size, in bytes.
  ///   - limits: Memory limits (default 16 MiB per frame).
  /// - Throws: ``TraceError`` `.io` when the file cannot be opened or examined.
  package convenience init(
    following path: String, header: TraceHeader, headerSize: Int, at cursor: FollowCursor,
    limits: TraceReaderLimits = .default
  ) throws(TraceError) {
    let file = try TraceFile.open(path, .read)
    try self.init(
      source: .file(file, size: try file.size()), name: path, limits: limits, header: header,
      headerSize: headerSize, position: cursor.offset, index: cursor.index,
      previousFrameEnd: cursor.previousFrameEnd)
  }

  /// Reads the next data frame once it is whole, stepping over skippable frames, and moves `cursor`
  /// past what it read.
  ///
  /// A zstd frame is decoded only when the file holds all of it: its block headers are walked first
  /// (3 bytes each, read in 4 KiB windows, never its content), from where the last call stopped, so a
  /// frame being written is never decoded twice nor its bytes read again. A skippable frame — a
  /// foreign one, or a seek table with frames after it (a trace appended to after a close) — is stepped
  /// over by its declared size once the file holds it, without reading it. Every seek table is checked
  /// as ``nextFrame()`` checks it when reading from the first frame (its size, its encoding, its entries
  /// against the frames before it), whether frames follow it or it ends the file and so the trace
  /// (``FollowedStep/closed``); one larger than the frames before it need is refused before it is whole.
  ///
  /// - Returns: The next frame (its offset and index as in the file), or whether to wait or stop.
  /// - Throws: ``TraceError`` with the frame's byte offset, as ``nextFrame()`` throws, for a damaged or
  ///   too-large frame (`.corrupt`, `.limitExceeded`; a zstd frame whose blocks run past what a frame of
  ///   ``TraceReaderLimits/maxFrameContentBytes`` can take is decoded as it stands, and `.truncated` when
  ///   it runs on past the end of the file, as for a sequential read), a damaged seek
  ///   table (`.corrupt`), bytes that start no frame (`.corrupt`, or `.truncated` for fewer than 4), a
  ///   second trace's header, or `.io`.
  /// - Complexity: O(the frame's size); memory O(``TraceReaderLimits/maxFrameContentBytes``) and 12
  ///   bytes per frame read (the entries a seek table is checked against).
  package func nextFollowedFrame(_ cursor: inout FollowCursor) throws(TraceError) -> FollowedStep {
    precondition(position == cursor.offset, "the reader was opened at another cursor")
    // The entries move into the reader for the step and back out, so no step copies them.
    readEntries = cursor.entries.take()
    defer { cursor.entries = readEntries.take() }
    while true {
      if try source.isEnd(at: position) { return .waiting }
      let preamble = try source.read(at: position, count: 8)
      guard preamble.count >= 4 else {
        // A frame being written starts with a frame magic; anything else never becomes one.
        guard Self.startsFrameMagic(preamble) else { throw fail(.truncated, tornReason(preamble.count)) }
        return .waiting
      }
      let magic = TraceFormat.u32(preamble, at: 0)
      if magic == TraceFormat.zstdFrameMagic {
        guard try zstdFrameIsWhole(&cursor) else { return .waiting }
        // Whole (or longer than any frame within the limits), so the decode returns the frame or the
        // damage, and waits for no byte.
        guard let frame = try nextFrame() else { return .waiting }
        cursor.offset = position
        cursor.index = nextIndex
        cursor.previousFrameEnd = previousFrameEnd
        cursor.nextBlock = nil
        return .frame(frame)
      }
      // Anything else but a whole skippable frame: the reader says what is wrong, as it does for a file.
      guard TraceFormat.isSkippable(magic) else {
        _ = try nextFrame()
        return .waiting
      }
      guard preamble.count == 8 else { return .waiting }
      let length = Int(TraceFormat.u32(preamble, at: 4))
      if magic == TraceFormat.seekTableFrameMagic { try checkSeekTableSize(length: length) }
      let end = position + 8 + length
      guard end <= source.size else { return .waiting }
      if magic == TraceFormat.seekTableFrameMagic && end == source.size {
        // The close: the reader checks the table.
        _ = try nextFrame()
        return isClosedCleanly ? .closed : .waiting
      }
      if magic == TraceFormat.headerFrameMagic, try isTraceHeader(length: length) {
        _ = try nextFrame()  // throws: two traces were concatenated
        return .waiting
      }
      // A seek table with frames after it (a trace appended to after a close) must match the frames
      // before it, as it must for a sequential read.
      if magic == TraceFormat.seekTableFrameMagic { try checkSeekTable(length: length) }
      passSkippableFrame(length: length, isSeekTable: magic == TraceFormat.seekTableFrameMagic)
      cursor.offset = end
      cursor.nextBlock = nil
    }
  }

  /// Whether `bytes` (fewer than 4) begin a zstd frame's magic or a skippable frame's (0x184D2A5?).
  private static func startsFrameMagic(_ bytes: [UInt8]) -> Bool {
    let zstd: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]
    let skippable: [UInt8] = [0x50, 0x2A, 0x4D, 0x18]
    return bytes.elementsEqual(zstd.prefix(bytes.count))
      || bytes.indices.allSatisfy { $0 == 0 ? bytes[0] & 0xF0 == 0x50 : bytes[$0] == skippable[$0] }
  }

  /// The most bytes a zstd frame of content within the limit takes: its content stored raw, with a
  /// 3-byte header per 128 KiB block, and its frame header and checksum (as zstd's
  /// `ZSTD_compressBound` allows), with room to spare.
  private var maxFollowedFrameBytes: Int {
    limits.maxFrameContentBytes + limits.maxFrameContentBytes / 128 + (1 << 16)
  }

  /// Whether the zstd frame at `position` lies whole in the file, found by walking its frame header and
  /// block headers (RFC 8878 §3.1.1) from `cursor.nextBlock`, which is left at the first block not
  /// known to be whole. True too for a frame header or block header no decoder accepts, and for blocks
  /// that run past ``maxFollowedFrameBytes``, so that ``nextFrame()`` reports the damage as it does for
  /// a file.
  /// - Throws: ``TraceError`` `.io`.
  private func zstdFrameIsWhole(_ cursor: inout FollowCursor) throws(TraceError) -> Bool {
    if cursor.nextBlock == nil {
      // Magic, descriptor, window descriptor, dictionary ID (up to 4) and content size (up to 8).
      let head = try source.read(at: position, count: 18)
      guard head.count >= 5 else { return false }
      let descriptor = Int(head[4])
      // Reserved bits, or no content checksum: the decode refuses the frame.
      guard descriptor & 0x18 == 0, descriptor & 0x04 != 0 else { return true }
      let singleSegment = descriptor & 0x20 != 0
      let dictionaryBytes = [0, 1, 2, 4][descriptor & 3]
      let contentSizeBytes = [singleSegment ? 1 : 0, 2, 4, 8][descriptor >> 6]
      let headerBytes = 5 + (singleSegment ? 0 : 1) + dictionaryBytes + contentSizeBytes
      guard head.count >= headerBytes else { return false }
      cursor.nextBlock = position + headerBytes
    }
    var window: [UInt8] = []
    var windowStart = 0
    while let block = cursor.nextBlock {
      // Longer than any frame a writer makes within the limits: no wait would end it. The frame is
      // decoded as it stands, which decides it as for a file (torn, over a limit, or whole).
      guard block - position <= maxFollowedFrameBytes else { return true }
      if block < windowStart || block + 3 > windowStart + window.count {
        window = try source.read(at: block, count: 4096)
        windowStart = block
        guard window.count >= 3 else { return false }
      }
      let at = block - windowStart
      let header = Int(window[at]) | Int(window[at + 1]) << 8 | Int(window[at + 2]) << 16
      let type = header >> 1 & 3
      let size = header >> 3
      // A reserved block type, or a block over the 128 KiB maximum: the decode refuses the frame.
      guard type != 3, size <= 128 * 1024 else { return true }
      // Raw and compressed blocks hold `size` bytes; an RLE block one byte repeated `size` times.
      let end = block + 3 + (type == 1 ? 1 : size)
      if header & 1 != 0 { return end + 4 <= source.size }
      cursor.nextBlock = end
    }
    return false
  }
}
