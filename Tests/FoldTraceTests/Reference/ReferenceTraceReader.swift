// A test-only copy of the reader as it was before the decode speed-up of issue 8 (commit 8208fb7):
// TraceReader (frames, errors, skipping damaged frames). The comparison tests (ReaderComparisonTests) require today's reader to give, for every
// input, exactly what this copy gives. Do not optimize this file; it is the yardstick.

@testable import FoldTrace

/// Reads a trace one frame at a time, with bounded memory, and reports damage with its byte offset.
///
/// ```swift
/// let reader = try ReferenceTraceReader(path: "session.foldtrace")
/// while let frame = try reader.nextFrame() {
///   for event in frame.events { … }
/// }
/// ```
///
/// ``nextFrame()`` returns every complete frame before a torn or damaged one, then throws a ``TraceError``
/// naming the file, the frame's byte offset and the reason; later calls throw the same error. Records of
/// unknown kinds are skipped and counted (``unknownEventCount``). Memory is bounded by
/// ``TraceReaderLimits``: a frame's content is never allocated from its declared size
/// (<doc:TraceFormat>, "Reading limits").
final class ReferenceTraceReader {
  /// The file name used in errors.
  let name: String
  /// The session header.
  let header: TraceHeader
  /// The limits this reader enforces.
  let limits: TraceReaderLimits
  /// Records of unknown kinds skipped so far, in keyframes and events.
  private(set) var unknownEventCount = 0
  /// The trace's size, in bytes.
  var fileSize: Int { source.size }

  let source: TraceSource
  /// Also used by seeking to read a probed frame's start time.
  let decoder: ReferenceZstdFrameDecoder
  /// The header frame's size, in bytes: where the first data frame starts.
  let headerSize: Int
  /// The offset of the next frame to read.
  var position: Int
  var nextIndex = 0
  var failure: TraceError?
  var finished = false
  /// Seek-table entries of the frames read so far, header first; nil once reading did not start at the
  /// first frame.
  var readEntries: [SeekTable.Entry]?
  /// Where the seek table starts, once sequential reading reached one.
  private(set) var seekTableOffset: Int?
  /// True once sequential reading reached a valid seek table at the end of the file: the writer closed
  /// the trace cleanly (<doc:TraceFormat>, "Seek table"). False before the reader reaches the end, and for a
  /// trace without one (a crash between frames, or a recording still in progress); a torn or damaged
  /// tail makes ``nextFrame()`` throw instead.
  var isClosedCleanly: Bool { seekTableOffset != nil }

  /// Opens the trace at `path` and reads its header.
  /// - Parameters:
  ///   - path: The trace file's path.
  ///   - limits: Memory limits (default 16 MiB per frame).
  /// - Throws: ``TraceError``: `.io` when the file cannot be opened, `.notATrace`, `.unsupportedVersion`,
  ///   `.truncated` or `.corrupt` when its header is wrong.
  convenience init(path: String, limits: TraceReaderLimits = .default) throws(TraceError) {
    let file = try TraceFile.open(path, .read)
    try self.init(source: .file(file, size: try file.size()), name: path, limits: limits)
  }

  /// Reads a trace held in memory.
  /// - Parameters:
  ///   - bytes: The trace's bytes.
  ///   - name: The name used in errors, such as `"-"` for standard input.
  ///   - limits: Memory limits (default 16 MiB per frame).
  /// - Throws: ``TraceError`` when the header is missing or wrong.
  convenience init(bytes: [UInt8], name: String, limits: TraceReaderLimits = .default)
    throws(TraceError)
  {
    try self.init(source: .bytes(bytes), name: name, limits: limits)
  }

  init(source: TraceSource, name: String, limits: TraceReaderLimits) throws(TraceError) {
    self.source = source
    self.name = name
    self.limits = limits
    do {
      decoder = try ReferenceZstdFrameDecoder(
        maxContentBytes: limits.maxFrameContentBytes, maxWindowLog: Int32(limits.maxWindowLog))
    } catch {
      throw TraceError(.io, file: name, reason: "cannot create a zstd decoder: \(error)")
    }
    let preamble = try source.read(at: 0, count: 8)
    let prefix = TraceFormat.headerPreamblePrefix
    guard !preamble.isEmpty else {
      throw TraceError(.notATrace, file: name, offset: 0, reason: "not a FoldTrace trace: the file is empty")
    }
    guard Array(preamble.prefix(4)) == Array(prefix.prefix(preamble.count)) else {
      throw TraceError(
        .notATrace, file: name, offset: 0,
        reason: "not a FoldTrace trace: it does not start with a header frame (skippable magic 0x184D2A50)")
    }
    guard preamble.count == 8 else {
      throw TraceError(
        .truncated, file: name, offset: 0, reason: "the file ends inside the header (\(preamble.count) bytes)"
      )
    }
    let length = Int(TraceFormat.u32(preamble, at: 4))
    guard length <= TraceFormat.maxHeaderBytes else {
      throw TraceError(
        .corrupt, file: name, offset: 0, reason: "header declares \(length) bytes, over 64 KiB")
    }
    let content = try source.read(at: 8, count: length)
    guard content.count == length else {
      throw TraceError(
        .truncated, file: name, offset: 0,
        reason: "the file ends inside the header (\(8 + content.count) of \(8 + length) bytes)")
    }
    header = try TraceHeader.decode(content: content, file: name)
    headerSize = 8 + length
    position = headerSize
    readEntries = [headerEntry]
  }

  /// The header frame's seek-table entry.
  var headerEntry: SeekTable.Entry {
    SeekTable.Entry(
      compressedSize: UInt32(headerSize), decompressedSize: 0, checksum: TraceFormat.emptyChecksum)
  }

  /// Reads the next frame.
  ///
  /// - Returns: The next complete frame, or nil at the end of the trace (or at its seek table).
  /// - Throws: ``TraceError`` with the frame's byte offset when the frame is torn (`.truncated`), damaged
  ///   (`.corrupt`) or too large (`.limitExceeded`), after every complete frame before it was returned.
  /// - Complexity: O(frame size); memory O(``TraceReaderLimits/maxFrameContentBytes``).
  func nextFrame() throws(TraceError) -> TraceFrame? {
    if let failure { throw failure }
    if finished { return nil }
    do {
      return try readFrame()
    } catch {
      failure = error
      throw error
    }
  }

  private func fail(_ code: TraceError.Code, _ reason: String) -> TraceError {
    TraceError(code, file: name, offset: position, reason: reason)
  }

  private func readFrame() throws(TraceError) -> TraceFrame? {
    while true {
      let remaining = source.size - position
      if remaining == 0 {
        finished = true
        return nil
      }
      let preamble = try source.read(at: position, count: 8)
      guard preamble.count >= 4 else {
        throw fail(.truncated, "the file ends \(remaining) bytes into frame \(nextIndex); run recover")
      }
      let magic = TraceFormat.u32(preamble, at: 0)
      if magic == TraceFormat.zstdFrameMagic {
        if preamble.count > 4 && preamble[4] & 0x18 != 0 {
          throw fail(.corrupt, "frame \(nextIndex) has reserved bits set in its frame header descriptor")
        }
        return try readDataFrame()
      }
      guard TraceFormat.isSkippable(magic) else {
        if preamble.allSatisfy({ $0 == 0 }) {
          throw fail(.corrupt, "zero bytes where frame \(nextIndex) should start (a torn tail); run recover")
        }
        throw fail(.corrupt, "not a zstd frame: magic 0x\(String(magic, radix: 16, uppercase: true))")
      }
      guard preamble.count == 8 else {
        throw fail(.truncated, "the file ends inside a skippable frame's preamble; run recover")
      }
      let length = Int(TraceFormat.u32(preamble, at: 4))
      guard length <= remaining - 8 else {
        let what = magic == TraceFormat.seekTableFrameMagic ? "the seek table" : "a skippable frame"
        throw fail(
          .truncated, "the file ends inside \(what) (\(remaining) of \(length + 8) bytes); run recover")
      }
      if magic == TraceFormat.seekTableFrameMagic {
        try checkSeekTable(length: length)
        seekTableOffset = position
        finished = true
        return nil
      }
      position += 8 + length
      readEntries = nil
    }
  }

  /// Whether the reader stopped at a seek-table frame (read or rejected).
  var isAtSeekTable: Bool {
    guard position + 4 <= source.size, let magic = try? source.read(at: position, count: 4) else {
      return false
    }
    return TraceFormat.u32(magic, at: 0) == TraceFormat.seekTableFrameMagic
  }

  private func checkSeekTable(length: Int) throws(TraceError) {
    guard position + 8 + length == source.size else {
      throw fail(.corrupt, "bytes follow the seek table, which must end the file")
    }
    guard length <= (nextIndex + 2) * SeekTable.entryBytes + SeekTable.footerBytes else {
      throw fail(.corrupt, "seek table of \(length) bytes is larger than \(nextIndex) frames need")
    }
    let content = try source.read(at: position + 8, count: length)
    switch SeekTable.decode(content: content) {
    case .failure(let failure): throw fail(.corrupt, failure.reason)
    case .success(let table):
      if let readEntries, table.entries != readEntries {
        throw fail(.corrupt, "the seek table does not match the \(nextIndex) frames before it")
      }
    }
  }

  private func readDataFrame() throws(TraceError) -> TraceFrame {
    let outcome: ReferenceZstdFrameDecoder.Decoded<TraceFrame>
    do {
      switch source {
      case .bytes(let bytes):
        outcome = try bytes.withUnsafeBytes { memory in
          try decoder.decodeFrame(at: position, in: memory, read: { _, _ in [] }) { content, size in
            // A complete frame lies in `memory` and is longer than its 4-byte magic: its last four
            // bytes (the checksum) are in range.
            let trailer = memory.loadUnaligned(fromByteOffset: position + size - 4, as: UInt32.self)
            return try parse(content: content, size: size, checksum: UInt32(littleEndian: trailer))
          }
        }
      case .file:
        outcome = try decoder.decodeFrame(
          at: position, in: nil, read: { offset, count in try self.source.read(at: offset, count: count) }
        ) { content, size in
          let trailer = try source.read(at: position + size - 4, count: 4)
          return try parse(
            content: content, size: size, checksum: trailer.count == 4 ? TraceFormat.u32(trailer, at: 0) : 0)
        }
      }
    } catch let failure as ReferenceZstdFrameDecoder.Failure {
      switch failure {
      case .zstd(let error) where error == .windowTooLarge:
        throw fail(
          .limitExceeded, "frame \(nextIndex) needs a window over 2^\(limits.maxWindowLog) bytes: \(error)")
      case .zstd(let error):
        throw fail(.corrupt, "frame \(nextIndex) is damaged: \(error)")
      case .declaredTooLarge(let declared, let cap):
        throw fail(
          .limitExceeded, "frame \(nextIndex) declares \(declared) bytes of content, over the \(cap)-byte cap"
        )
      case .contentTooLarge(let cap):
        throw fail(.limitExceeded, "frame \(nextIndex) decompresses to more than the \(cap)-byte cap")
      }
    } catch let error as TraceError {
      throw error
    } catch {
      throw fail(.io, "\(error)")
    }
    switch outcome {
    case .truncated(let available):
      throw fail(
        .truncated, "frame \(nextIndex) is truncated: the file ends \(available) bytes into it; run recover")
    case .complete(let frame, let size):
      readEntries?.append(
        SeekTable.Entry(
          compressedSize: UInt32(truncatingIfNeeded: size),
          decompressedSize: UInt32(truncatingIfNeeded: frame.contentSize),
          checksum: frame.checksum))
      unknownEventCount += frame.unknownEventCount
      position += size
      nextIndex += 1
      return frame
    }
  }

  /// Parses a frame's content.
  /// - Parameters:
  ///   - content: The decompressed content.
  ///   - size: The frame's compressed size, in bytes.
  ///   - checksum: The frame's zstd checksum (its last four bytes).
  private func parse(content: UnsafeRawBufferPointer, size: Int, checksum: UInt32) throws(TraceError)
    -> TraceFrame
  {
    var frame = TraceFrame(
      index: nextIndex, offset: position, size: size, contentSize: content.count, time: 0, keyframe: [],
      events: [], unknownEventCount: 0, checksum: checksum)
    do throws(ByteReader.Failure) {
      try Self.parseRecords(content, into: &frame, maxRecords: limits.maxFrameRecords)
    } catch  where error.exceedsLimit {
      throw fail(.limitExceeded, "frame \(nextIndex) exceeds the reader's limits: \(error.reason)")
    } catch {
      throw fail(.corrupt, "frame \(nextIndex) has a malformed record: \(error.reason)")
    }
    return frame
  }

  /// Parses a frame's content: its start time, keyframe count, then records until the end
  /// (<doc:TraceFormat>, "Data frames").
  /// - Complexity: O(content size).
  private static func parseRecords(
    _ content: UnsafeRawBufferPointer, into frame: inout TraceFrame, maxRecords: Int
  ) throws(ByteReader.Failure) {
    var r = ReferenceByteReader(content)
    var codec = ReferenceRecordCodec()
    // Records are rarely under 16 bytes: reserving for that many saves the array regrowing (and copying
    // its events) about eight times a frame; capped so a hostile frame reserves little.
    var events: [TraceEvent] = []
    events.reserveCapacity(min(content.count / 16, 4096))
    var keyframe: [TraceEvent] = []
    let start = try r.varint()
    let keyCount = try r.count(limit: r.remaining / 3)
    // A keyframe holds a few records per connected scene; the cap keeps a hostile count from reserving.
    keyframe.reserveCapacity(min(keyCount, 64))
    var time = start
    // Records plus the regions they list: what the frame's arrays will hold.
    var items = 0
    var i = 0
    while i < keyCount || !r.isAtEnd {
      let isEvent = i >= keyCount
      let record = try Self.parseRecord(
        i, from: &r, codec: &codec, maxRecords: maxRecords, items: &items)
      if isEvent {
        let (sum, overflow) = time.addingReportingOverflow(record.delta)
        guard !overflow else { throw ByteReader.Failure(reason: "time overflows 64 bits") }
        time = sum
      }
      if let payload = record.payload {
        if isEvent {
          events.append(TraceEvent(time: time, payload))
        } else {
          keyframe.append(TraceEvent(time: start, payload))
        }
      } else {
        frame.unknownEventCount += 1
      }
      i += 1
    }
    frame.time = start
    frame.keyframe = keyframe
    frame.events = events
  }

  /// Reads record `i`: its time delta and its payload (nil for an unknown kind).
  /// - Throws: ``ByteReader/Failure`` naming the record and its content byte offset.
  @inline(__always)
  private static func parseRecord(
    _ i: Int, from r: inout ReferenceByteReader, codec: inout ReferenceRecordCodec, maxRecords: Int,
    items: inout Int
  ) throws(ByteReader.Failure) -> (delta: UInt64, payload: TraceEvent.Payload?) {
    let recordStart = r.position
    do throws(ByteReader.Failure) {
      guard items < maxRecords else {
        throw ByteReader.Failure(
          reason: "the frame holds more than \(maxRecords) records and regions", exceedsLimit: true)
      }
      let tag = try r.u8()
      let delta = try r.varint()
      var body = try r.body(try r.count(limit: r.remaining))
      items += 1
      return (
        delta, try codec.decodeBody(tag: tag, from: &body, maxRegions: maxRecords - items, items: &items)
      )
    } catch {
      throw ByteReader.Failure(
        reason: "record \(i) at content byte \(recordStart): \(error.reason)",
        exceedsLimit: error.exceedsLimit)
    }
  }
}

extension ReferenceTraceReader {
  /// A copy of `TraceReader.skipDamagedFrame()`.
  @discardableResult
  func skipDamagedFrame() throws(TraceError) -> Bool {
    guard let failure, failure.code == .corrupt || failure.code == .limitExceeded,
      let damaged = failure.offset, damaged >= headerSize
    else { return false }
    if let entries = try indexFromSeekTable() {
      guard let next = entries.firstIndex(where: { $0 > damaged }) else { return false }
      resume(at: entries[next], index: next)
      return true
    }
    let magics: [[UInt8]] = [[0x28, 0xB5, 0x2F, 0xFD], [0x5E, 0x2A, 0x4D, 0x18]]
    var offset = damaged + 1
    let window = 64 * 1024
    while offset + 4 <= source.size {
      let chunk = try source.read(at: offset, count: window + 3)
      guard chunk.count >= 4 else { break }
      for i in 0...(chunk.count - 4) where magics.contains(where: { $0.elementsEqual(chunk[i..<i + 4]) }) {
        resume(at: offset + i, index: nextIndex + 1)
        return true
      }
      offset += window
    }
    return false
  }

  private func resume(at offset: Int, index: Int) {
    position = offset
    nextIndex = index
    failure = nil
    finished = false
    readEntries = nil
  }

  /// The data frames' offsets from a consistent seek table, or nil without one.
  private func indexFromSeekTable() throws(TraceError) -> [Int]? {
    let size = source.size
    guard size >= headerSize + 8 + SeekTable.footerBytes else { return nil }
    let footer = try source.read(at: size - SeekTable.footerBytes, count: SeekTable.footerBytes)
    guard TraceFormat.u32(footer, at: 5) == TraceFormat.seekTableFooterMagic, footer[4] == 0x80 else {
      return nil
    }
    let count = Int(TraceFormat.u32(footer, at: 0))
    let tableBytes = 8 + count * SeekTable.entryBytes + SeekTable.footerBytes
    guard count >= 1, tableBytes <= size - headerSize else { return nil }
    let tableStart = size - tableBytes
    let frame = try source.read(at: tableStart, count: tableBytes)
    guard TraceFormat.u32(frame, at: 0) == TraceFormat.seekTableFrameMagic,
      TraceFormat.u32(frame, at: 8) == UInt32(headerSize)
    else { return nil }
    var entries: [Int] = []
    var offset = headerSize
    frame.withUnsafeBytes { raw in
      for i in 1..<count {
        let at = 8 + i * SeekTable.entryBytes
        entries.append(offset)
        offset += Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
      }
    }
    return offset == tableStart ? entries : nil
  }
}
