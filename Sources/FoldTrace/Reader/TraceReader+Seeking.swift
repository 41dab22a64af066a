extension TraceReader {
  /// Where one data frame lies in the file.
  struct IndexEntry {
    var offset: Int
    var size: Int
    var time: UInt64?
  }

  /// The number of complete data frames in the trace, from the seek table or by scanning.
  /// - Throws: ``TraceError`` for I/O failures only; a damaged tail ends the count.
  /// - Complexity: O(1) with a seek table, O(file size) without.
  public func frameCount() throws(TraceError) -> Int { try index().count }

  /// Positions the reader so that ``nextFrame()`` returns the frame at `index`.
  ///
  /// - Parameter index: A data frame index, 0 ..< ``frameCount()``.
  /// - Throws: ``TraceError`` when the index is out of range or the file cannot be read.
  /// - Complexity: O(1) with a seek table; the first call scans the file without one.
  public func seek(toFrame index: Int) throws(TraceError) {
    let entries = try self.index()
    guard index >= 0, index < entries.count else {
      throw TraceError(
        .invalidArgument, file: name,
        reason:
          "frame \(index) does not exist; the trace has \(entries.count) frame\(entries.count == 1 ? "" : "s")"
      )
    }
    move(to: index, offset: entries[index].offset)
  }

  /// Positions the reader at the frame that holds time `time`: the last frame whose first event is at or
  /// before `time` (the first frame when `time` precedes every frame). Its keyframe gives the state to
  /// replay from.
  ///
  /// The frames come from the seek table's offsets (without a consistent table, from a forward scan,
  /// which stops at the first damaged frame: a time after it then lands on the last frame before it,
  /// and reading forward reports the damage). The seek table records no times, so a binary search
  /// decodes the frames it probes for their start times. A probed frame that does not decode says
  /// nothing about its time, so the search reads the next frame instead and never fails on damage: a
  /// damaged frame before the one chosen is never read (every event in it is at or before the chosen
  /// frame's start, so before `time`), and one at or after it is reported by ``nextFrame()`` when reading
  /// reaches it, with its own index and byte offset, as a sequential read reports it.
  ///
  /// - Parameter time: Nanoseconds since session start.
  /// - Returns: The index of the frame ``nextFrame()`` returns next, or nil when the trace has no frames.
  /// - Throws: ``TraceError`` `.io` when the file cannot be read; damage is reported by ``nextFrame()``.
  /// - Complexity: O(log f) frame decodes for f frames (plus one per damaged frame met), plus the scan
  ///   of ``frameCount()`` without a seek table.
  @discardableResult
  public func seek(toTime time: UInt64) throws(TraceError) -> Int? {
    var entries = try index()
    guard !entries.isEmpty else { return nil }
    // Invariant: frame `low` starts at or before `time` (or is frame 0), and no frame after `high` does.
    var low = 0
    var high = entries.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      // The first frame from `middle` on whose start time is known; damaged frames before it lie between
      // two frames' start times, so they fall on the same side of `time` as neither or both.
      var probe = middle
      var start: UInt64?
      while probe <= high {
        start = try frameTime(&entries[probe])
        if start != nil { break }
        probe += 1
      }
      if let start, start <= time { low = probe } else { high = middle - 1 }
    }
    cachedIndex = entries
    move(to: low, offset: entries[low].offset)
    return low
  }

  private func move(to index: Int, offset: Int) {
    position = offset
    nextIndex = index
    failure = nil
    finished = false
    previousFrameEnd = nil
    // From the first frame, sequential reading can check the seek table again.
    readEntries = index == 0 ? [headerEntry] : nil
    checksSeekTableSizes = index != 0
  }

  /// The start time of the frame at `entry` (decoded once, then kept in `entry`), or nil when the frame
  /// does not decode (damaged, cut short, over the limits): its time is then unknown.
  /// - Throws: ``TraceError`` `.io` when the file cannot be read.
  private func frameTime(_ entry: inout IndexEntry) throws(TraceError) -> UInt64? {
    if let time = entry.time { return time }
    // This reader's zstd stream decodes the frame (checksum checked); its content starts with the
    // frame's start time. A new reader per probe re-read the header and set up a new stream.
    let outcome: ZstdFrameDecoder.Outcome
    do {
      outcome = try decoder.decodeFrame(at: entry.offset) { offset, count in
        try self.source.read(at: offset, count: count)
      }
    } catch let error as TraceError {
      throw error
    } catch {
      return nil
    }
    guard case .complete(let content, _) = outcome,
      let time = try? ByteReader.read(content[...], { try $0.varint() })
    else { return nil }
    entry.time = time
    return time
  }

  /// The index of data frames: from a consistent seek table, else by scanning complete frames.
  func index() throws(TraceError) -> [IndexEntry] {
    if let cachedIndex { return cachedIndex }
    try requireRandomAccess("seeking")
    let entries: [IndexEntry]
    if let fromTable = try indexFromSeekTable() {
      entries = fromTable
      hasSeekTableIndex = true
    } else {
      entries = try scanIndex()
    }
    cachedIndex = entries
    return entries
  }

  /// The index from a consistent seek table, or nil without one (no scan).
  func indexFromSeekTableIfAny() throws(TraceError) -> [IndexEntry]? {
    if let cachedIndex, hasSeekTableIndex { return cachedIndex }
    try requireRandomAccess("skipping a damaged frame")
    return try indexFromSeekTable()
  }

  /// The index from a seek table that ends the file and is consistent with it, or nil.
  ///
  /// Nothing the footer declares is trusted before the file confirms it: the table frame's preamble
  /// and its first entry (the header's size) are read first, then the entries are checked in chunks of
  /// 4,096 (each data frame at least ``minimumDataFrameBytes``, a skippable frame at least 8 bytes, the
  /// sizes summing to the table's offset) before the index is built, so a forged count costs no memory.
  /// Entries with no content (skippable frames kept in the trace) are stepped over.
  /// - Complexity: O(entries) time, O(1) memory for a table that does not match the file.
  private func indexFromSeekTable() throws(TraceError) -> [IndexEntry]? {
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
    let preamble = try source.read(at: tableStart, count: 8 + SeekTable.entryBytes)
    guard preamble.count == 8 + SeekTable.entryBytes,
      TraceFormat.u32(preamble, at: 0) == TraceFormat.seekTableFrameMagic,
      Int(TraceFormat.u32(preamble, at: 4)) == tableBytes - 8,
      TraceFormat.u32(preamble, at: 8) == UInt32(headerSize)
    else { return nil }
    var dataFrames = 0
    let consistent = try forEachSeekTableEntry(from: tableStart, count: count) { _, compressed, content in
      guard compressed >= (content == 0 ? 8 : Self.minimumDataFrameBytes) else { return false }
      if content > 0 { dataFrames += 1 }
      return true
    }
    guard consistent == tableStart else { return nil }
    var entries: [IndexEntry] = []
    entries.reserveCapacity(dataFrames)
    _ = try forEachSeekTableEntry(from: tableStart, count: count) { offset, compressed, content in
      if content > 0 { entries.append(IndexEntry(offset: offset, size: compressed)) }
      return true
    }
    return entries
  }

  /// A lower bound on a data frame's size, in bytes: magic 4, frame header 2, one block header 3,
  /// checksum 4.
  static let minimumDataFrameBytes = 13

  /// Calls `body` with each entry after the header's (its frame's offset, compressed and content
  /// sizes), reading the table in chunks, until `body` returns false.
  /// - Returns: The offset after the last frame visited, or nil when `body` stopped or an offset passed
  ///   the table.
  private func forEachSeekTableEntry(
    from tableStart: Int, count: Int, _ body: (_ offset: Int, _ compressed: Int, _ content: Int) -> Bool
  ) throws(TraceError) -> Int? {
    var offset = headerSize
    var index = 1
    while index < count {
      let chunk = min(4096, count - index)
      let bytes = try source.read(
        at: tableStart + 8 + index * SeekTable.entryBytes, count: chunk * SeekTable.entryBytes)
      guard bytes.count == chunk * SeekTable.entryBytes else { return nil }
      for i in 0..<chunk {
        let compressed = Int(TraceFormat.u32(bytes, at: i * SeekTable.entryBytes))
        let content = Int(TraceFormat.u32(bytes, at: i * SeekTable.entryBytes + 4))
        guard offset + compressed <= tableStart, body(offset, compressed, content) else { return nil }
        offset += compressed
      }
      index += chunk
    }
    return offset
  }

  private func scanIndex() throws(TraceError) -> [IndexEntry] {
    let scanner = try TraceReader(source: source, name: name, limits: limits)
    var entries: [IndexEntry] = []
    while true {
      do throws(TraceError) {
        guard let frame = try scanner.nextFrame() else { break }
        entries.append(IndexEntry(offset: frame.offset, size: frame.size, time: frame.time))
      } catch  where error.code == .io {
        throw error
      } catch {
        break
      }
    }
    return entries
  }

  /// Reads a whole trace: its header and every event, in order (keyframes left out).
  ///
  /// - Parameter path: The trace file's path.
  /// - Returns: The header and the events.
  /// - Throws: ``TraceError`` when the trace is unreadable, torn or damaged anywhere.
  /// - Complexity: O(file size); memory O(events).
  public static func readAll(path: String) throws(TraceError) -> (header: TraceHeader, events: [TraceEvent]) {
    try readAll(TraceReader(path: path))
  }

  /// Reads a whole trace held in memory: its header and every event, in order.
  /// - Throws: ``TraceError`` when the trace is unreadable, torn or damaged anywhere.
  public static func readAll(bytes: [UInt8], name: String) throws(TraceError) -> (
    header: TraceHeader, events: [TraceEvent]
  ) {
    try readAll(TraceReader(bytes: bytes, name: name))
  }

  private static func readAll(_ reader: TraceReader) throws(TraceError) -> (
    header: TraceHeader, events: [TraceEvent]
  ) {
    var events: [TraceEvent] = []
    while let frame = try reader.nextFrame() { events.append(contentsOf: frame.events) }
    return (reader.header, events)
  }
}
