/// Reads a trace one frame at a time, with bounded memory, and reports damage with its byte offset.
///
/// ```swift
/// let reader = try TraceReader(path: "session.foldtrace")
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
public final class TraceReader {
  /// The file name used in errors.
  public let name: String
  /// The session header.
  public let header: TraceHeader
  /// The limits this reader enforces.
  public let limits: TraceReaderLimits
  /// Records of unknown kinds skipped so far, in keyframes and events.
  public private(set) var unknownEventCount = 0
  /// The trace's size, in bytes; for a reader that reads forward only (``isForwardOnly``), the bytes
  /// read so far.
  public var fileSize: Int { source.size }
  /// Whether the input is read forward only, as it arrives (``forwardStandardInput(name:limits:)`` on a
  /// pipe or a terminal): its size is not known until its end, and it cannot seek.
  public var isForwardOnly: Bool { source.isForwardOnly }

  let source: TraceSource
  /// Also used by seeking to read a probed frame's start time.
  let decoder: ZstdFrameDecoder
  /// The header frame's size, in bytes: where the first data frame starts.
  let headerSize: Int
  /// The offset of the next frame to read.
  var position: Int
  var nextIndex = 0
  var failure: TraceError?
  var finished = false
  /// The last event time of the frame read before this one (its start time when it has no events), so
  /// the next frame can be checked not to start earlier; nil before the first frame read in sequence.
  var previousFrameEnd: UInt64?
  /// Seek-table entries of the frames read so far, header first; nil once reading did not start at the
  /// first frame.
  var readEntries: [SeekTable.Entry]?
  /// True when a seek moved reading past the first frame: a seek table that ends the file must then list
  /// frames whose sizes sum to its own offset (the frames before the window were never read).
  var checksSeekTableSizes = false
  /// Where the seek table starts, once sequential reading reached one.
  private(set) var seekTableOffset: Int?
  /// Where the last seek table that did not end the file ends (it matched the frames before it when
  /// reading started at the first frame); nil before one is read.
  private(set) var passedSeekTableEnd: Int?
  /// True once sequential reading reached a valid seek table at the end of the file: the writer closed
  /// the trace cleanly (<doc:TraceFormat>, "Seek table"). False before the reader reaches the end, and for a
  /// trace without one (a crash between frames, or a recording still in progress); a torn or damaged
  /// tail makes ``nextFrame()`` throw instead.
  public var isClosedCleanly: Bool { seekTableOffset != nil }
  var cachedIndex: [IndexEntry]?
  /// Whether `cachedIndex` came from a seek table.
  var hasSeekTableIndex = false

  /// Opens the trace at `path` and reads its header.
  /// - Parameters:
  ///   - path: The trace file's path.
  ///   - limits: Memory limits (default 16 MiB per frame).
  /// - Throws: ``TraceError``: `.io` when the file cannot be opened or is not a regular file (a pipe,
  ///   socket, character device or directory, which cannot be read at an offset), `.notATrace`,
  ///   `.unsupportedVersion`, `.truncated` or `.corrupt` when its header is wrong.
  public convenience init(path: String, limits: TraceReaderLimits = .default) throws(TraceError) {
    let file = try TraceFile.open(path, .read)
    if let kind = try file.irregularKind() {
      throw TraceError(
        .io, file: path,
        reason: "is \(kind), not a regular file: a trace is read at offsets, so save it to a file first "
          + "or give it on standard input as -")
    }
    try self.init(source: .file(file, size: try file.size()), name: path, limits: limits)
  }

  /// Reads a trace held in memory.
  /// - Parameters:
  ///   - bytes: The trace's bytes.
  ///   - name: The name used in errors, such as `"-"` for standard input.
  ///   - limits: Memory limits (default 16 MiB per frame).
  /// - Throws: ``TraceError`` when the header is missing or wrong.
  public convenience init(bytes: [UInt8], name: String, limits: TraceReaderLimits = .default)
    throws(TraceError)
  {
    try self.init(source: .bytes(bytes), name: name, limits: limits)
  }

  init(source: TraceSource, name: String, limits: TraceReaderLimits) throws(TraceError) {
    self.source = source
    self.name = name
    self.limits = limits
    // Read forward, no more of a frame is held than the search after damage needs of it.
    if case .forward(let input) = source { input.retention = TraceRecovery.forwardLimit(limits) }
    decoder = try Self.makeDecoder(limits: limits, name: name)
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
        .truncated, file: name, offset: 0,
        reason: "the file ends inside the header (\(preamble.count) byte\(preamble.count == 1 ? "" : "s"))")
    }
    let length = Int(TraceFormat.u32(preamble, at: 4))
    // The magic first: a foreign skippable frame is not a trace, however long it is or wherever it ends.
    let magic = TraceFormat.traceMagic
    let start = try source.read(at: 8, count: min(length, magic.count))
    guard start.elementsEqual(magic.prefix(start.count)) else {
      throw TraceError(
        .notATrace, file: name, offset: 8,
        reason: "not a FoldTrace trace: its header frame does not start with the magic FOLDTRC1")
    }
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

  /// Reads `source` on from `position`, the start of frame `index`, behind a header read before (one
  /// that ends at `headerSize`); the frames before `position` are not checked again. `previousFrameEnd`
  /// is the last event time of the frame before, in ns, if known.
  /// - Throws: ``TraceError`` `.io` when libzstd cannot create a decoder.
  init(
    source: TraceSource, name: String, limits: TraceReaderLimits, header: TraceHeader, headerSize: Int,
    position: Int, index: Int, previousFrameEnd: UInt64?
  ) throws(TraceError) {
    self.source = source
    self.name = name
    self.limits = limits
    // Read forward, no more of a frame is held than the search after damage needs of it.
    if case .forward(let input) = source { input.retention = TraceRecovery.forwardLimit(limits) }
    decoder = try Self.makeDecoder(limits: limits, name: name)
    self.header = header
    self.headerSize = headerSize
    self.position = position
    self.nextIndex = index
    self.previousFrameEnd = previousFrameEnd
    readEntries = nil
  }

  private static func makeDecoder(limits: TraceReaderLimits, name: String) throws(TraceError)
    -> ZstdFrameDecoder
  {
    do {
      return try ZstdFrameDecoder(
        maxContentBytes: limits.maxFrameContentBytes, maxWindowLog: Int32(limits.maxWindowLog))
    } catch {
      throw TraceError(.io, file: name, reason: "cannot create a zstd decoder: \(error)")
    }
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
  public func nextFrame() throws(TraceError) -> TraceFrame? {
    if let failure { throw failure }
    if finished { return nil }
    do {
      return try readFrame()
    } catch {
      failure = error
      throw error
    }
  }

  func fail(_ code: TraceError.Code, _ reason: String) -> TraceError {
    TraceError(code, file: name, offset: position, reason: reason)
  }

  private func readFrame() throws(TraceError) -> TraceFrame? {
    while true {
      // A forward input keeps nothing before the frame being read.
      source.release(before: position)
      if try source.isEnd(at: position) {
        finished = true
        return nil
      }
      let preamble = try source.read(at: position, count: 8)
      guard preamble.count >= 4 else { throw fail(.truncated, tornReason(preamble.count)) }
      let magic = TraceFormat.u32(preamble, at: 0)
      if magic == TraceFormat.zstdFrameMagic {
        if preamble.count > 4 && preamble[4] & 0x18 != 0 {
          throw fail(.corrupt, "frame \(nextIndex) has reserved bits set in its frame header descriptor")
        }
        return try readDataFrame()
      }
      guard TraceFormat.isSkippable(magic) else {
        if preamble.allSatisfy({ $0 == 0 }) {
          throw fail(.corrupt, "zero bytes where frame \(nextIndex) should start; run recover")
        }
        throw fail(.corrupt, "not a zstd frame: magic 0x\(String(magic, radix: 16, uppercase: true))")
      }
      guard preamble.count == 8 else {
        throw fail(.truncated, "the file ends inside a skippable frame's preamble; run recover")
      }
      let length = Int(TraceFormat.u32(preamble, at: 4))
      // Read before the frame may be dropped (a forward input keeps no large skippable frame).
      var startsAnotherTrace = false
      if magic == TraceFormat.headerFrameMagic { startsAnotherTrace = try isTraceHeader(length: length) }
      // A forward input keeps the seek table (read next, within the size the frames before it allow);
      // any other skippable frame is only counted.
      let keeping = magic == TraceFormat.seekTableFrameMagic ? seekTableBound : 0
      let available = try source.available(from: position, count: 8 + length, keeping: 8 + keeping)
      guard available == 8 + length else {
        let what = magic == TraceFormat.seekTableFrameMagic ? "the seek table" : "a skippable frame"
        throw fail(
          .truncated, "the file ends inside \(what) (\(available) of \(length + 8) bytes); run recover")
      }
      if magic == TraceFormat.seekTableFrameMagic {
        try checkSeekTable(length: length)
        if try source.isEnd(at: position + 8 + length) {
          seekTableOffset = position
          finished = true
          return nil
        }
      } else if startsAnotherTrace {
        throw fail(
          .corrupt,
          "a second trace's header starts here: two traces were concatenated; split the file at this "
            + "byte (head -c \(position)) to read each")
      }
      passSkippableFrame(length: length, isSeekTable: magic == TraceFormat.seekTableFrameMagic)
    }
  }

  /// Why reading stops at the `count` bytes (fewer than 4) that end the file where frame `nextIndex`
  /// should start.
  func tornReason(_ count: Int) -> String {
    "the file ends \(count) byte\(count == 1 ? "" : "s") into frame \(nextIndex); run recover"
  }

  /// Moves past the skippable frame at `position`, checked and not ending the file, of `length` bytes of
  /// content, and lists it among the entries a seek table is checked against.
  func passSkippableFrame(length: Int, isSeekTable: Bool) {
    if isSeekTable {
      // A seek table with frames after it: the trace was closed, then appended to by a writer that kept
      // the table (or another file's frames were added). It is kept as a skippable frame.
      passedSeekTableEnd = position + 8 + length
    }
    position += 8 + length
    readEntries?.append(
      SeekTable.Entry(
        compressedSize: UInt32(truncatingIfNeeded: 8 + length), decompressedSize: 0,
        checksum: TraceFormat.emptyChecksum))
  }

  /// Whether the skippable frame at `position`, with magic 0x184D2A50 and `length` bytes of content,
  /// holds a FoldTrace header (its content starts with `FOLDTRC1`).
  func isTraceHeader(length: Int) throws(TraceError) -> Bool {
    guard length >= TraceFormat.traceMagic.count else { return false }
    return try source.read(at: position + 8, count: TraceFormat.traceMagic.count) == TraceFormat.traceMagic
  }

  /// The most bytes of content a seek table at `position` can hold: an entry for each frame before it
  /// and one more (the header's), and the footer.
  private var seekTableBound: Int {
    let entryCount = readEntries?.count ?? (position / 13 + 1)
    return (entryCount + 1) * SeekTable.entryBytes + SeekTable.footerBytes
  }

  /// Whether the reader stopped at a seek-table frame (read or rejected).
  var isAtSeekTable: Bool {
    guard let magic = try? source.read(at: position, count: 4), magic.count == 4 else { return false }
    return TraceFormat.u32(magic, at: 0) == TraceFormat.seekTableFrameMagic
  }

  /// Refuses a seek table at `position` of `length` bytes of content larger than an entry for each frame
  /// before it and the header needs: no writer writes one, so it is damage even before it is whole.
  func checkSeekTableSize(length: Int) throws(TraceError) {
    guard length <= seekTableBound else {
      throw fail(
        .corrupt,
        "seek table of \(length) bytes is larger than "
          + (nextIndex == 1 ? "1 frame needs" : "\(nextIndex) frames need") + "; run recover")
    }
  }

  /// Checks a seek table against the frames read before it. Without those (reading started at a later
  /// frame) only a table that ends the file is decoded, within the bytes the frames before it could need;
  /// after a seek its frames' sizes must sum to its own offset: a frame cut out or added shows there.
  /// A damaged seek table with no complete frame after it is a torn tail (``TraceRecovery/isTornTail(_:)``):
  /// its errors, as a torn frame's, end in "; run recover".
  func checkSeekTable(length: Int) throws(TraceError) {
    try checkSeekTableSize(length: length)
    if readEntries == nil, try !source.isEnd(at: position + 8 + length) { return }
    let content = try source.read(at: position + 8, count: length)
    switch SeekTable.decode(content: content) {
    case .failure(let failure): throw fail(.corrupt, failure.reason + "; run recover")
    case .success(let table):
      let matches =
        if let readEntries {
          table.entries == readEntries
        } else {
          !checksSeekTableSizes || table.entries.reduce(0) { $0 + Int($1.compressedSize) } == position
        }
      if !matches {
        throw fail(
          .corrupt,
          "the seek table does not match the \(nextIndex) frame\(nextIndex == 1 ? "" : "s") before it; "
            + "run recover")
      }
    }
  }

  private func readDataFrame() throws(TraceError) -> TraceFrame {
    let outcome: ZstdFrameDecoder.Decoded<TraceFrame>
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
      case .file, .forward:
        outcome = try decoder.decodeFrame(
          at: position, in: nil, read: { offset, count in try self.source.readSome(at: offset, count: count) }
        ) { content, size in
          let trailer = try source.read(at: position + size - 4, count: 4)
          return try parse(
            content: content, size: size, checksum: trailer.count == 4 ? TraceFormat.u32(trailer, at: 0) : 0)
        }
      }
    } catch let failure as ZstdFrameDecoder.Failure {
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
      case .noContentChecksum:
        throw fail(
          .corrupt,
          "frame \(nextIndex) has no content checksum; every trace frame carries one (RFC 8878 §3.1.1.1.1)")
      }
    } catch let error as TraceError {
      throw error
    } catch {
      throw fail(.io, "\(error)")
    }
    switch outcome {
    case .truncated(let available):
      throw fail(
        .truncated,
        "frame \(nextIndex) is truncated: the file ends \(available) byte\(available == 1 ? "" : "s") into it; "
          + "run recover")
    case .complete(let frame, let size):
      // Times are non-decreasing along a trace; within a frame, unsigned deltas keep them so, and across
      // frames every writer starts a frame at or after the previous frame's last event.
      if let previous = previousFrameEnd, frame.time < previous {
        throw fail(
          .corrupt,
          "frame \(nextIndex) starts at \(frame.time) ns, before the previous frame's last event at "
            + "\(previous) ns: time goes backwards, which no writer writes")
      }
      previousFrameEnd = frame.events.last?.time ?? frame.time
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
    var state = ParseState(reader: ByteReader(content), maxRecords: maxRecords)
    let start = try state.reader.varint()
    let keyCount = try state.reader.count(limit: state.reader.remaining / 3)
    state.time = start
    let keyframe = try Self.parseRun(&state, limit: keyCount, isEvent: false)
    let events = try Self.parseRun(&state, limit: nil, isEvent: true)
    frame.time = start
    frame.keyframe = keyframe
    frame.events = events
    frame.unknownEventCount = state.unknown
  }

  /// Where parsing a frame's records stands.
  struct ParseState {
    var reader: ByteReader
    var codec = RecordCodec()
    let maxRecords: Int
    /// Records plus the regions they list: what the frame's arrays hold.
    var items = 0
    var unknown = 0
    /// The next record's index in the frame.
    var index = 0
    /// The last event's time (the frame's start time before any).
    var time: UInt64 = 0
    /// Whether event records may take the fast path (`TraceReader.usesCommonRecordPath`).
    let usesCommonRecordPath = TraceReader.usesCommonRecordPath

    init(reader: ByteReader, maxRecords: Int) {
      self.reader = reader
      self.maxRecords = maxRecords
      codec.readsFormat1_1 = TraceReader.readsFormat1_1
    }
  }

  /// Parses `limit` records (keyframe), or records to the end of the content (events), into a new array.
  ///
  /// Events are built in place in the array's storage, reserved up front (a keyframe's records, capped
  /// at 64; a sixteenth of the remaining content for events, capped at 4096). When that fills and more
  /// records follow, a larger array takes a copy of the events so far and parsing goes on: it doubles
  /// up to the records the frame may still hold (each record first checks that the frame is under
  /// ``TraceReaderLimits/maxFrameRecords``, then appends at most one event), so a hostile frame
  /// reserves no more than its limit allows and no event is ever written past the storage.
  private static func parseRun(_ state: inout ParseState, limit: Int?, isEvent: Bool) throws(ByteReader
    .Failure)
    -> [TraceEvent]
  {
    let bound = max(0, min(limit ?? Int.max, state.maxRecords - state.items))
    var capacity = min(bound, limit.map { min($0, 64) } ?? min(state.reader.remaining / 16, 4096))
    var events: [TraceEvent] = []
    while true {
      var failure: ByteReader.Failure?
      var finished = false
      let previous = events
      events = [TraceEvent](unsafeUninitializedCapacity: capacity) { buffer, initialized in
        var sink = EventSink(base: buffer.baseAddress, capacity: capacity)
        sink.append(contentsOf: previous)
        (finished, failure) = parseRecords(&state, limit: limit, isEvent: isEvent, into: &sink, bound: bound)
        initialized = sink.count
      }
      if let failure { throw failure }
      if finished { return events }
      capacity = min(bound, capacity * 2 + 16)
    }
  }

  /// Parses records into `sink`, as ``parseRun(_:limit:isEvent:)`` describes, until the end of the run,
  /// a failure, or a full sink below `bound` with records left.
  /// - Returns: Whether the run ended, and the failure that stopped it.
  private static func parseRecords(
    _ state: inout ParseState, limit: Int?, isEvent: Bool, into sink: inout EventSink, bound: Int
  ) -> (finished: Bool, failure: ByteReader.Failure?) {
    do throws(ByteReader.Failure) {
      while limit.map({ state.index < $0 }) ?? !state.reader.isAtEnd {
        if sink.count == sink.capacity && sink.capacity < bound { return (false, nil) }
        if isEvent && state.usesCommonRecordPath {
          parseCommonRecords(&state, into: &sink)
          if state.reader.isAtEnd { break }
          if sink.count == sink.capacity && sink.capacity < bound { return (false, nil) }
        }
        let sum = try parseRecord(
          state.index, from: &state.reader, codec: &state.codec, maxRecords: state.maxRecords,
          items: &state.items, time: state.time, isEvent: isEvent, into: &sink, unknown: &state.unknown)
        if isEvent { state.time = sum }
        state.index += 1
      }
      return (true, nil)
    } catch {
      return (true, error)
    }
  }

  /// Reads record `i` and appends its event to `array` (nothing for an unknown kind, which `unknown`
  /// counts).
  ///
  /// An event is stamped `time` plus its delta, a keyframe record `time` itself (its delta is read and
  /// ignored). An event whose time overflows 64 bits fails after the record's own failures, naming the
  /// record like them.
  /// - Returns: The record's time.
  /// - Throws: ``ByteReader/Failure`` naming the record and its content byte offset.
  private static func parseRecord(
    _ i: Int, from r: inout ByteReader, codec: inout RecordCodec, maxRecords: Int, items: inout Int,
    time: UInt64, isEvent: Bool, into array: inout EventSink, unknown: inout Int
  ) throws(ByteReader.Failure) -> UInt64 {
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
      let (sum, overflow) = isEvent ? time.addingReportingOverflow(delta) : (time, false)
      let known = try codec.decodeRecord(
        tag: tag, from: &body, time: sum, into: &array, maxRegions: maxRecords - items, items: &items)
      if !known {
        unknown += 1
      } else if !isWritable(array, tag: tag, connected: codec.connectedSceneCount) {
        throw unwritable(array, connected: codec.connectedSceneCount)
      } else if let total = admitState(array, into: &codec.stateStrings) {
        throw unwritableState(array, total: total)
      } else if codec.recordStrings > TraceEvent.maxFrameRecordStringBytes {
        throw recordStringsExceeded(array, total: codec.recordStrings)
      }
      if overflow {
        throw ByteReader.Failure(reason: "time overflows 64 bits: \(time) ns and a delta of \(delta) ns")
      }
      return sum
    } catch {
      throw ByteReader.Failure(
        reason: "record \(i) at content byte \(recordStart): \(error.reason)",
        exceedsLimit: error.exceedsLimit)
    }
  }
}
