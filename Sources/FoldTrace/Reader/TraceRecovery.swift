/// Repairs a trace whose tail was torn by a crash (<doc:TraceFormat>, "Appending and recovery").
public enum TraceRecovery {
  /// What ``recover(path:markingCut:)`` did.
  public struct Report: Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// Complete data frames kept.
    public var framesKept: Int
    /// Bytes removed from the end of the file (a torn frame, zero bytes, or a damaged seek table).
    public var bytesDropped: Int
    /// The file's size afterwards, in bytes, seek table included.
    public var fileSize: Int
    /// Whether a fresh seek table was appended.
    public var wroteSeekTable: Bool
    /// Why bytes were dropped, when they were (the reader's error).
    public var reason: String?
    /// Whether a `cut` record was appended, in a frame before the seek table
    /// (``recover(path:markingCut:)``).
    public var appendedCut = false

    /// One line: `"t.foldtrace: kept 12 frames, dropped 57 bytes (…)"`, control characters in the path
    /// and the reason written out as `\u001b` (``DisplayText/escaped(_:)``).
    /// The reason drops the reader's advice to run recover: this is recover's own report.
    public var description: String {
      let why = reason.map { " (\($0.replacingSuffix("; run recover")))" } ?? ""
      return DisplayText.escaped(
        "\(path): kept \(framesKept) frame\(framesKept == 1 ? "" : "s"), dropped \(bytesDropped) "
          + "byte\(bytesDropped == 1 ? "" : "s")\(why)" + (wroteSeekTable ? ", wrote a seek table" : "")
          + (appendedCut ? ", marked the cut" : ""))
    }
  }

  /// Truncates a torn tail to the last complete frame and appends a fresh seek table.
  ///
  /// A trace that reads cleanly is left as it is, except that a missing seek table is appended. A torn
  /// tail — a frame or seek table cut short, zero bytes where a frame should start, a data frame cut
  /// short by zero bytes that run to the end of the file, or a damaged seek table at the end — is dropped, and only when no complete frame starts anywhere in it
  /// (``isTornTail(_:)``). Skippable frames, and a seek table with frames after it (a trace appended to
  /// after a close), are kept, and the fresh seek table lists them. Anything else is refused with the
  /// file unchanged: damage followed by a readable frame, and two traces concatenated (a second header
  /// frame). When the torn tail follows a seek table that matches every frame before it, dropping the tail
  /// leaves that table at the end and no new one is written. Holds the writer lock while it works.
  ///
  /// With `markingCut`, a repaired trace (a torn tail dropped, or a missing seek table written) also
  /// gets a `cut` record at its last event's time, in one small frame before the fresh seek table, so
  /// that a later reader knows the recording stopped mid-session (``TraceEvent/Payload/cut``) — unless
  /// its last record is a cut already (a repair stopped before its seek table), or no writer could
  /// append to it (a newer format version).
  ///
  /// The repair is one sequence of writes: truncate to the last complete frame (before the seek table
  /// a torn tail followed, when a cut goes after it), append the cut's frame and the seek table, then
  /// `fsync`. A process killed at any point leaves either a trace this function repairs again, to the
  /// same bytes (frames without a seek table, perhaps the cut's frame, perhaps a frame or seek table
  /// cut short), or the whole repair. When a write fails (a full disk, the file size limit), what this
  /// call appended is removed and the error thrown says what the file now is.
  ///
  /// - Parameters:
  ///   - path: The trace file.
  ///   - markingCut: Append a `cut` record to a trace it repaired (default false).
  /// - Returns: What was kept, dropped and appended.
  /// - Throws: ``TraceError``: `.io` for a pipe, socket, device or directory, `.io` when the file needs
  ///   repair and this process may not write it (read-only permissions or mount: it is unchanged; one
  ///   that needs none is reported as for a writable file), `.locked` while a writer has the file open,
  ///   the reader's error when the damage is not a torn tail, cannot be told from one within the
  ///   search's budget (``FrameSearch``), or the header is unreadable (the file is then unchanged),
  ///   `.io` when the cut's frame or the seek table cannot be written: the file then
  ///   ends at its last complete frame without a seek table (the torn tail dropped, which the error
  ///   says), still readable, and a later call repairs it.
  /// - Complexity: O(file size) time, each block header after the damage read a bounded number of times
  ///   however many frame starts lead to it (at most 2^20 plus two per byte after it in all), and the
  ///   kept frames read once more to mark the cut; O(session state +
  ///   ``TraceReaderLimits/maxFrameContentBytes``) memory, some 2.5 MiB for the block headers the search
  ///   remembers and 64 KiB of the bytes around them.
  @discardableResult
  public static func recover(path: String, markingCut: Bool = false) throws(TraceError) -> Report {
    try repair(path: path, markingCut: markingCut, stoppingAfter: nil)
  }

  /// A point in a repair's writes (``recover(path:markingCut:stoppingAfter:)``).
  package enum RepairStep: Sendable, CaseIterable {
    /// The torn tail (or the seek table before which the cut goes) truncated.
    case truncated
    /// The cut's frame written after the last complete frame.
    case cutFrame
    /// The seek table written, before the `fsync`.
    case seekTable
  }

  /// ``recover(path:markingCut:)`` stopped after `step` as a process killed there would stop: nothing
  /// more written, removed or synced. For tests of interrupted repairs; a step the repair does not take
  /// (no cut due) lets it run to its end.
  /// - Returns: The report of the whole repair.
  @discardableResult
  package static func recover(path: String, markingCut: Bool, stoppingAfter step: RepairStep)
    throws(TraceError)
    -> Report
  {
    try repair(path: path, markingCut: markingCut, stoppingAfter: step)
  }

  private static func repair(path: String, markingCut: Bool, stoppingAfter step: RepairStep?)
    throws(TraceError)
    -> Report
  {
    // A file this process may not write is still read: one that needs no repair is reported as such.
    var writeRefusal: TraceError?
    let file: TraceFile
    do throws(TraceError) {
      file = try TraceFile.open(path, .update)
    } catch {
      guard FileSystem.writeRefusal(path) != nil else { throw error }
      writeRefusal = error
      file = try TraceFile.open(path, .read)
    }
    defer { file.close() }
    if let kind = try file.irregularKind() {
      throw TraceError(
        .io, file: path, reason: "is \(kind), not a regular file: recover repairs files in place")
    }
    try file.lockExclusive()
    let size = try file.size()
    let reader = try TraceReader(source: .file(file, size: size), name: path, limits: .default)
    var frames = 0
    var damage: TraceError?
    do throws(TraceError) {
      while try reader.nextFrame() != nil { frames += 1 }
    } catch {
      damage = error
    }
    let goodEnd = reader.position
    if let damage {
      guard damage.code != .io else { throw damage }
      if let refusal = try refusal(of: damage, in: reader, from: goodEnd) {
        var refused = damage
        // Recover's own refusal: the reader's advice to run recover does not apply.
        refused.reason =
          refused.reason.replacingSuffix("; run recover")
          + "; \(refusal), so recover leaves the file unchanged"
        throw refused
      }
    } else if reader.seekTableOffset != nil {
      return Report(
        path: path, framesKept: frames, bytesDropped: 0, fileSize: size, wroteSeekTable: false, reason: nil)
    }
    guard let entries = reader.readEntries else {
      throw TraceError(.corrupt, file: path, reason: "the reader did not start at the first frame")
    }
    if var writeRefusal {
      writeRefusal.reason =
        "cannot be written (\(writeRefusal.reason)), and it needs repair ("
        + (damage.map { $0.reason.replacingSuffix("; run recover") } ?? "no seek table")
        + "); nothing was changed"
      throw writeRefusal
    }
    var reason = damage?.reason
    if damage?.code == .corrupt, try file.read(at: goodEnd, count: 8) == [UInt8](repeating: 0, count: 8) {
      // Not a torn tail unless every byte after it is zero (`refusal`): say so, not just where it starts.
      reason = "zero bytes from where frame \(frames) should start to the end of the file"
    } else if damage?.code == .corrupt, let cut = try zeroFilledCut(ofFrameAt: goodEnd, in: reader) {
      reason = "frame \(frames) cut short at byte \(cut), zero bytes from there to the end of the file"
    }
    // What is appended at `keep`: the cut's frame (when one is due) and the seek table that indexes it,
    // or only a seek table; nothing when the tail followed a seek table that matches every frame
    // before it and no cut is due, which leaves that table ending the trace.
    var keep = goodEnd
    var cutFrame: [UInt8] = []
    var seekTable: [UInt8]? =
      reader.passedSeekTableEnd == goodEnd ? nil : SeekTable(entries: entries).encoded()
    if markingCut, let appendix = cutAppendix(file, path, end: goodEnd) {
      (keep, cutFrame, seekTable) = (appendix.at, appendix.frame, appendix.seekTable)
    }
    var report = Report(
      path: path, framesKept: frames, bytesDropped: size - goodEnd,
      fileSize: keep + cutFrame.count + (seekTable?.count ?? 0), wroteSeekTable: seekTable != nil,
      reason: reason, appendedCut: !cutFrame.isEmpty)
    try file.truncate(to: keep)
    guard step != .truncated, let seekTable else { return report }
    do throws(TraceError) {
      if !cutFrame.isEmpty {
        try file.writeAll(cutFrame)
        if step == .cutFrame { return report }
      }
      try file.writeAll(seekTable)
      if step == .seekTable { return report }
      try file.sync()
    } catch {
      report.fileSize = keep
      throw appendFailure(error, report, removingFrom: keep, of: file)
    }
    return report
  }

  /// The error of a repair whose appended bytes could not be written, once they are removed (truncated
  /// at `keep`, the end of the last complete frame): what failed, the torn tail dropped before, and
  /// that the trace ends at `keep` without a seek table, which recover repairs.
  private static func appendFailure(
    _ error: TraceError, _ report: Report, removingFrom keep: Int, of file: TraceFile
  ) -> TraceError {
    var failure = error
    let dropped =
      report.bytesDropped == 0
      ? "the trace was"
      : "\(report.bytesDropped) byte\(report.bytesDropped == 1 ? "" : "s") of a torn tail "
        + "\(report.bytesDropped == 1 ? "was" : "were") dropped"
        + (report.reason.map { " (\($0.replacingSuffix("; run recover")))" } ?? "") + " and the trace was"
    do throws(TraceError) {
      try file.truncate(to: keep)
      failure.reason +=
        "; \(dropped) left at its last complete frame (byte \(keep)), without a seek table; rerun recover "
        + "to repair it"
    } catch {
      failure.reason +=
        "; \(dropped) left ending in what was appended after its last complete frame (byte \(keep)), which "
        + "could not be removed (\(error.reason)): rerun recover to repair it"
    }
    return failure
  }

  /// The `cut` frame and the seek table that close the trace in the first `end` bytes of `file`, and
  /// where they go: at `end`, or where a seek table that ends those bytes starts. Nil when the last
  /// record is a cut already, or when no writer could append to the trace (a newer format version, a
  /// session state no keyframe may repeat, a read failing): the repair then writes no cut.
  /// - Complexity: O(`end`) time; O(session state + one frame) memory.
  private static func cutAppendix(_ file: TraceFile, _ path: String, end: Int) -> (
    at: Int, frame: [UInt8], seekTable: [UInt8]
  )? {
    do throws(TraceError) {
      let continuation = try TraceWriter.Continuation(reading: file, size: end, name: path)
      guard !continuation.endsWithCut else { return nil }
      let writer = TraceWriter(continuing: continuation)
      try writer.append(TraceEvent(time: continuation.lastTime, .cut))
      try writer.flush()
      let frame = writer.takeBytes()
      try writer.close()
      return (continuation.seekTableOffset ?? end, frame, writer.takeBytes())
    } catch {
      return nil
    }
  }

  /// Whether a writer holds the trace at `path` open (its exclusive lock): a recording in progress, whose
  /// frames are still being written, so that no verdict on its bytes would hold.
  ///
  /// - Throws: ``TraceError`` `.io` when the file cannot be opened or `flock(2)` fails.
  /// - Complexity: O(1); up to 100 ms while the lock is held (a lock held by a child process between its
  ///   `fork` and `exec` is waited out, as ``recover(path:markingCut:)`` waits it out).
  package static func isBeingRecorded(path: String) throws(TraceError) -> Bool {
    let file = try TraceFile.open(path, .read)
    defer { file.close() }
    guard try file.irregularKind() == nil else { return false }
    return try file.isLockedByWriter()
  }

  /// Whether a reader's error marks a torn tail that ``recover(path:markingCut:)`` would drop: the file ends inside
  /// a frame, zero bytes fill the rest of the file (from where a frame should start or from where a data
  /// frame was cut short), or a damaged seek table ends it — and no complete
  /// frame starts anywhere in those bytes.
  ///
  /// The file is read again from the error's offset in chunks of 64 KiB. An error without a file on
  /// disk (standard input) is torn only when the input ends inside a frame.
  ///
  /// - Parameter error: An error from ``TraceReader/nextFrame()``.
  /// - Returns: True when `recover` repairs it.
  /// - Complexity: O(bytes after the offset) time, O(``TraceReaderLimits/maxFrameContentBytes``) memory.
  public static func isTornTail(_ error: TraceError) -> Bool {
    // Damage at byte 0 is in the header: with no header there is no trace to repair.
    guard error.code == .truncated || error.code == .corrupt, let offset = error.offset, offset > 0 else {
      return false
    }
    guard let file = try? TraceFile.open(error.file, .read), let size = try? file.size(),
      let reader = try? TraceReader(source: .file(file, size: size), name: error.file, limits: .default)
    else { return error.code == .truncated }
    return isTornTail(error, in: reader)
  }

  /// ``isTornTail(_:)`` over `reader`'s own bytes (a file, a copy of standard input, or standard input
  /// read forward, whose rest is then read).
  /// - Parameter search: Counts and remembers the block headers walked looking for a complete frame.
  package static func isTornTail(
    _ error: TraceError, in reader: TraceReader, search: FrameSearch = FrameSearch()
  ) -> Bool {
    guard error.code == .truncated || error.code == .corrupt, let offset = error.offset, offset > 0 else {
      return false
    }
    do throws(TraceError) {
      return try refusal(of: error, in: reader, from: offset, search: search) == nil
    } catch {
      return false
    }
  }

  /// Why the bytes from `start` to the end of the file are not a torn tail, or nil when they are.
  /// - Complexity: O(bytes after `start`); one frame decode per frame magic found in them whose blocks
  ///   lie in the input (a file's: ``blocksEnd(ofFrameAt:_:_:)``).
  private static func refusal(
    of damage: TraceError, in reader: TraceReader, from start: Int, search: FrameSearch = FrameSearch()
  ) throws(TraceError) -> String? {
    guard damage.offset ?? start == start else { return "this is not a torn tail" }
    // A skippable frame that runs past the end of a forward-only input was dropped as it was read:
    // torn unless a frame could start in it (not kept, so not examined: not a torn tail).
    if damage.code == .truncated, case .forward(let input) = reader.source, input.reachedEnd,
      let dropped = input.dropped, dropped.from == start, dropped.to >= input.end - 3
    {
      guard let frameStart = dropped.frameStart else { return nil }
      return "a frame may start at byte \(frameStart), in bytes read forward and not kept, after the damage"
    }
    let preamble = try reader.source.read(at: start, count: 8)
    let magic = preamble.count >= 4 ? TraceFormat.u32(preamble, at: 0) : 0
    var tornKind =
      damage.code == .truncated || (damage.code == .corrupt && magic == TraceFormat.seekTableFrameMagic)
    // A data frame cut short by zero bytes to the end of the file is torn as one cut short by its end.
    if !tornKind, damage.code == .corrupt, magic == TraceFormat.zstdFrameMagic,
      try zeroFilledCut(ofFrameAt: start, in: reader) != nil
    {
      tornKind = true
    }
    if damage.code == .corrupt && magic == TraceFormat.headerFrameMagic {
      return "recover does not split or merge traces"
    }
    if !tornKind, damage.code == .corrupt, magic == TraceFormat.zstdFrameMagic, reader.source.isForwardOnly {
      // Only its end tells whether a forward input's zero bytes run to it: read to it now.
      return try forwardZeroFilledCut(ofFrameAt: start, in: reader)
        ? nil : "this is not a torn tail"
    }
    var offset = start
    var carry: [UInt8] = []
    var isZero = true
    search.origin = start
    // To the end of the input (a forward input's end is known only once read), keeping no more of a
    // forward input than the chunk being searched and the frame being decoded.
    while true {
      // The chain whose frames are deferred is walked on ahead of the bytes released.
      if let found = try search.walkChain(past: offset - carry.count, ahead: offset + 64 * 1024, reader) {
        return "a complete frame starts at byte \(found), after the damage"
      }
      if search.isExhausted { return search.exhaustion }
      reader.source.release(before: offset - carry.count)
      let chunk = try reader.source.read(at: offset, count: 64 * 1024)
      guard !chunk.isEmpty else { break }
      if isZero && !Self.isAllZero(chunk) {
        isZero = false
        // Damage that starts with 8 zero bytes: zero bytes where a frame should start.
        let nonZero = chunk.firstIndex { $0 != 0 } ?? 0
        guard tornKind else {
          guard offset > start || nonZero >= 8 else { return "this is not a torn tail" }
          return "a non-zero byte at byte \(offset + nonZero) follows them: this is not a torn tail"
        }
      }
      if !isZero,
        let found = try readableFrame(
          in: carry + chunk, at: offset - carry.count, after: start, reader, search: search)
      {
        if search.isExhausted { return search.exhaustion }
        return "a complete frame starts at byte \(found), after the damage"
      }
      carry = Array(chunk.suffix(3))
      offset += chunk.count
    }
    if let found = try search.walkChain(past: offset, ahead: .max, reader) {
      return "a complete frame starts at byte \(found), after the damage"
    }
    if search.isExhausted { return search.exhaustion }
    return nil
  }

  /// Where the damaged data frame at `start` was cut short by zero bytes that fill the rest of the file
  /// (a power cut after the file's size was updated but before its last blocks were written): the
  /// offset of the first byte of that zero run, when the frame's bytes before it decode as a frame cut
  /// short; nil otherwise, and always for a forward-only input (``forwardZeroFilledCut(ofFrameAt:in:)``).
  /// - Complexity: O(bytes after `start`) time; one frame decode.
  private static func zeroFilledCut(ofFrameAt start: Int, in reader: TraceReader) throws(TraceError) -> Int? {
    guard !reader.source.isForwardOnly else { return nil }
    let size = reader.source.size
    // The zero run that ends the file: scanned from the end, a chunk at a time.
    var cut = size
    while cut > start {
      let from = max(start, cut - 64 * 1024)
      let chunk = try reader.source.read(at: from, count: cut - from)
      guard let last = chunk.lastIndex(where: { $0 != 0 }) else {
        cut = from
        continue
      }
      cut = from + last + 1
      break
    }
    guard cut > start, cut < size else { return nil }
    let outcome = try? reader.decoder.decodeFrame(at: start) { at, count in
      try reader.source.read(at: at, count: max(0, min(count, cut - at)))
    }
    guard case .truncated = outcome else { return nil }
    return cut
  }

  /// ``zeroFilledCut(ofFrameAt:in:)`` for a forward-only input, read to its end: whether the damaged
  /// data frame at `start` was cut short by zero bytes that run to the end of the input. The frame's
  /// bytes before the last zero run are kept (no more than ``forwardLimit(_:)``: a longer frame is not
  /// cut short), the zero run only counted.
  /// - Complexity: O(bytes after `start`) time; O(``forwardLimit(_:)``) memory; one frame decode.
  private static func forwardZeroFilledCut(ofFrameAt start: Int, in reader: TraceReader) throws(TraceError)
    -> Bool
  {
    var frame: [UInt8] = []
    // Zero bytes after `frame`, not kept.
    var zeros = 0
    var offset = start
    while true {
      reader.source.release(before: offset)
      let chunk = try reader.source.read(at: offset, count: 64 * 1024)
      guard !chunk.isEmpty else { break }
      offset += chunk.count
      guard let last = chunk.lastIndex(where: { $0 != 0 }) else {
        zeros += chunk.count
        continue
      }
      guard frame.count + zeros + last < forwardLimit(reader) else { return false }
      frame += [UInt8](repeating: 0, count: zeros)
      frame += chunk[...last]
      zeros = chunk.count - 1 - last
    }
    guard zeros > 0 else { return false }
    let outcome = try? reader.decoder.decodeFrame(at: start) { at, count in
      Array(frame[min(frame.count, at - start)..<min(frame.count, at - start + count)])
    }
    guard case .truncated = outcome else { return false }
    return true
  }

  /// Whether every byte is zero, a word at a time.
  private static func isAllZero(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      let words = raw.count / 8
      var bits: UInt64 = 0
      for i in 0..<words { bits |= raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self) }
      for i in (words * 8)..<raw.count { bits |= UInt64(raw[i]) }
      return bits == 0
    }
  }

  /// The offset of the first complete frame starting in `bytes` (which begin at file offset `base`)
  /// after `start`: a data frame that decodes with its checksum, a zstd frame this reader does not decode
  /// (too large for its limits, or not FoldTrace's) whose blocks all lie in the input
  /// (``isWholeZstdFrame(at:_:)``), a FoldTrace header, or a skippable frame whose declared length lies
  /// in the input. Any of them is a frame someone wrote, which dropping the bytes before it would lose.
  ///
  /// Before a zstd frame is decoded, its block headers are walked (``blocksEnd(ofFrameAt:_:_:)``):
  /// one whose blocks run past the input or are invalid can be neither, and is not decoded.
  /// - Complexity: O(`bytes` + the block headers not walked before, in `search`).
  private static func readableFrame(
    in bytes: [UInt8], at base: Int, after start: Int, _ reader: TraceReader, search: FrameSearch
  ) throws(TraceError) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for i in 0...(bytes.count - 4) where bytes[i] == 0x28 || bytes[i] & 0xF0 == 0x50 {
      let offset = base + i
      guard offset > start else { continue }
      let magic = TraceFormat.u32(bytes, at: i)
      if magic == TraceFormat.zstdFrameMagic {
        let end = try blocksEnd(ofFrameAt: offset, reader, search)
        if let start = search.wholeDeferredStart { return start }
        guard let end else { continue }
        // Undecided until the scan reaches the chain's end: decided then, not decoded now.
        if end == FrameSearch.deferred {
          search.deferredStart = search.deferredStart ?? offset
          continue
        }
        if end == .max { return offset }
        do {
          let outcome = try reader.decoder.decodeFrame(at: offset) { at, count in
            try reader.source.read(at: at, count: count)
          }
          if case .complete = outcome { return offset }
        } catch {
          if try isWholeZstdFrame(at: offset, reader) { return offset }
        }
      } else if magic == TraceFormat.headerFrameMagic,
        try search.bytes(at: offset + 8, count: TraceFormat.traceMagic.count, reader)
          .elementsEqual(TraceFormat.traceMagic)
      {
        return offset
      } else if TraceFormat.isSkippable(magic) {
        let preamble = Array(try search.bytes(at: offset, count: 8, reader))
        guard preamble.count == 8 else { continue }
        let length = Int(TraceFormat.u32(preamble, at: 4))
        if reader.source.isForwardOnly && length > forwardLimit(reader) { return offset }
        if try isInInput(offset + 8 + length, reader) { return offset }
      }
    }
    return nil
  }

  /// Whether the zstd frame at `offset` lies whole in the input, by its frame header and block headers
  /// (RFC 8878 §3.1.1) alone: every block's type and size are valid and the input holds the last block
  /// and the content checksum the frame header announces. The content is not decoded.
  ///
  /// A forward-only input walked further than ``forwardLimit(_:)`` is taken as holding the frame, so
  /// that its bytes are not kept in memory: the answer then errs toward "not a torn tail". So is a
  /// skippable frame longer than that in one.
  /// - Complexity: O(the frame's blocks) time, one 3-byte read per block of up to 128 KiB; O(1) memory
  ///   for a file.
  private static func isWholeZstdFrame(at offset: Int, _ reader: TraceReader) throws(TraceError) -> Bool {
    let head = try reader.source.read(at: offset, count: 18)
    guard head.count >= 5 else { return false }
    let descriptor = Int(head[4])
    // The reserved bit set: no zstd frame (RFC 8878 §3.1.1.1.1). The unused bit (0x10) is not
    // interpreted: libzstd decodes a frame that sets it, so it is a frame someone wrote.
    guard descriptor & 0x08 == 0 else { return false }
    let singleSegment = descriptor & 0x20 != 0
    let headerBytes =
      5 + (singleSegment ? 0 : 1) + [0, 1, 2, 4][descriptor & 3]
      + [singleSegment ? 1 : 0, 2, 4, 8][descriptor >> 6]
    guard head.count >= headerBytes else { return false }
    let checksumBytes = descriptor & 0x04 != 0 ? 4 : 0
    let forwardLimit = forwardLimit(reader)
    var block = offset + headerBytes
    while true {
      if reader.source.isForwardOnly && block - offset > forwardLimit { return true }
      let bytes = try reader.source.read(at: block, count: 3)
      guard bytes.count == 3 else { return false }
      let header = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16
      let type = header >> 1 & 3
      let size = header >> 3
      // A reserved block type, or a block over the 128 KiB maximum: not a zstd frame.
      guard type != 3, size <= 128 * 1024 else { return false }
      // Raw and compressed blocks hold `size` bytes; an RLE block one byte repeated `size` times.
      let end = block + 3 + (type == 1 ? 1 : size)
      if header & 1 != 0 { return try isInInput(end + checksumBytes, reader) }
      block = end
    }
  }

  /// The end of the last block of the zstd frame at `offset`, by its frame header's size and
  /// its block headers alone: nil when the frame header sets the reserved bit, a block header is invalid
  /// (a reserved type, over 128 KiB) or the blocks, or the content checksum after them, run past the
  /// input; `Int.max` (taken as a frame) once ``FrameSearch``'s budget is spent. For a forward-only input whose
  /// blocks run further than ``forwardLimit(_:)`` from `offset`: ``FrameSearch/deferred`` when they
  /// join the chain ``FrameSearch`` walks on as the search reads on (decided by
  /// ``FrameSearch/walkChain(to:_:)``), `Int.max` (taken as a frame) when another chain is deferred.
  ///
  /// Each walk's blocks are remembered in `search` (up to its cap), and the chains walked are followed
  /// by cursors that move only forward (``FrameSearch/cursorCount`` of them): a frame whose blocks reach
  /// a block walked before (frames that overlap, crafted or not) costs no second walk of what follows
  /// it.
  /// - Complexity: O(the block headers not walked before) time, amortized; O(1) memory past
  ///   ``FrameSearch``'s cap.
  private static func blocksEnd(ofFrameAt offset: Int, _ reader: TraceReader, _ search: FrameSearch)
    throws(TraceError) -> Int?
  {
    guard let descriptor = try search.bytes(at: offset + 4, count: 1, reader).first.map(Int.init) else {
      return nil
    }
    // The reserved bit set: no zstd frame, nor one that decodes (RFC 8878 §3.1.1.1.1; the unused
    // bit, 0x10, is not interpreted).
    guard descriptor & 0x08 == 0 else { return nil }
    let singleSegment = descriptor & 0x20 != 0
    var block =
      offset + 5 + (singleSegment ? 0 : 1) + [0, 1, 2, 4][descriptor & 3]
      + [singleSegment ? 1 : 0, 2, 4, 8][descriptor >> 6]
    search.forget(before: offset)
    search.walks += 1
    var walked: [Int] = []
    var end: Int?
    let first = block
    // Whether the walk reached a block remembered (else it ends at a header of its own).
    var joined = false
    let forwardLimit = reader.source.isForwardOnly ? forwardLimit(reader) : .max
    while true {
      if let known = search.ends[block] {
        end = known < 0 ? nil : known
        joined = true
        break
      }
      // A header past the end of the input is on no chain: no cursor is moved toward it. (A
      // forward-only input is read no further ahead than below.)
      if block - offset <= forwardLimit, try !isInInput(block + 3, reader) { break }
      if let known = try search.chainEnd(at: block, reader) {
        // Joined the chain kept: what it walked is known, and its first header is on that chain.
        search.addCursor(at: first, leadingTo: known)
        if known == FrameSearch.deferred { return FrameSearch.deferred }
        search.remember(walked, end: known < 0 ? nil : known)
        guard known >= 0, try isInInput(known + (descriptor & 0x04 != 0 ? 4 : 0), reader) else { return nil }
        return known
      }
      // A forward-only input is read no further than a frame of the reader's limits ahead of the
      // search: the chain is walked on as the search reads on, its frames decided then.
      if block - offset > forwardLimit {
        guard search.deferChain(from: first, head: block) else { return .max }
        return FrameSearch.deferred
      }
      // Its budget spent, the search stops here (``FrameSearch/isExhausted``): taken as a frame.
      guard search.spend(block) else { return .max }
      if walked.count < FrameSearch.capacity { walked.append(block) }
      guard let (next, isLast) = try search.nextBlock(after: block, reader) else { break }
      if isLast {
        if try isInInput(next, reader) { end = next }
        break
      }
      block = next
    }
    search.remember(walked, end: end)
    if joined {
      search.addCursor(at: first, leadingTo: end ?? -1)
    } else {
      search.keepChain(from: first, last: block, end: end)
    }
    // The content checksum the frame header announces follows its last block.
    guard let end, try isInInput(end + (descriptor & 0x04 != 0 ? 4 : 0), reader) else { return nil }
    return end
  }

  /// How far past a frame's start a forward-only input is read to find the frame's end: as far as a
  /// frame of the reader's limits takes (its content stored raw, with its block and frame headers).
  private static func forwardLimit(_ reader: TraceReader) -> Int {
    reader.limits.maxFrameContentBytes + reader.limits.maxFrameContentBytes / 128 + (1 << 16)
  }

  /// Whether the input holds every byte before `end`: for a forward-only input, read up to it.
  static func isInInput(_ end: Int, _ reader: TraceReader) throws(TraceError) -> Bool {
    guard reader.source.isForwardOnly else { return end > 0 && end <= reader.source.size }
    return try reader.source.read(at: end - 1, count: 1).count == 1
  }
}

/// What a search for a complete frame after damage walked: for each block header walked, where the
/// frame's blocks end from it (-1 when they are invalid or run past the input), so that no block chain is
/// walked twice; and how many block headers were read.
///
/// The search has a budget: at most ``budgetBase`` block headers plus ``budgetPerByte`` per byte from
/// where it started to the furthest header it read. Frame starts on one chain (joining it at the next block or 128 KiB
/// on), on short chains, dead ends or side chains beside it, or on up to about 10 long chains woven
/// through each other cost a few reads per header; tails crafted to need more cursors than
/// ``cursorCount``, or denser mixtures, can spend it. Then the search stops (``isExhausted``) and its bytes are not taken as a torn tail:
/// `verify` reports them as damage and `recover` refuses them, the file unchanged, rather than spend
/// time quadratic in their size.
package final class FrameSearch {
  /// Block headers read (each once while it is remembered).
  package internal(set) var blocksWalked = 0
  /// Where the search started: the damage's offset.
  var origin = 0
  /// The furthest block header read.
  private var reach = 0
  /// Whether the budget is spent: the search stopped before it could tell a torn tail.
  package private(set) var isExhausted = false

  /// The budget: block headers read at most, plus so many per byte from the search's start to the
  /// furthest header read.
  package static let budgetBase = 1 << 20
  package static let budgetPerByte = 2

  /// Counts the block header at `block` as read, unless that would overspend the budget.
  /// - Returns: False once the budget is spent: the header is not to be read.
  func spend(_ block: Int) -> Bool {
    guard !isExhausted else { return false }
    reach = max(reach, block)
    guard blocksWalked < Self.budgetBase + Self.budgetPerByte * max(0, reach - origin) else {
      isExhausted = true
      return false
    }
    blocksWalked += 1
    return true
  }

  /// Why a search whose budget is spent does not take its bytes as a torn tail.
  var exhaustion: String {
    "its bytes from byte \(origin) hold block chains woven too densely to follow (\(blocksWalked) block "
      + "headers read): they are not taken as a torn tail"
  }

  /// For a file or byte array (a forward-only input keeps its own bytes), the input's bytes around the
  /// block headers read last, so that reading one costs no system call: slot `i` holds the bytes from
  /// a multiple of ``windowBytes`` whose quotient is `i` modulo the slots, and the 16 after them.
  private var windows = [(start: Int, bytes: [UInt8])](repeating: (-1, []), count: 8)
  static let windowBytes = 1 << 13

  /// Up to `count` (at most 16) bytes at `offset`, fewer only at the end of the input.
  /// - Complexity: O(1) amortized for a file: one read of ``windowBytes`` per window not held.
  func bytes(at offset: Int, count: Int, _ reader: TraceReader) throws(TraceError) -> ArraySlice<UInt8> {
    guard !reader.source.isForwardOnly else { return try reader.source.read(at: offset, count: count)[...] }
    let start = offset / Self.windowBytes * Self.windowBytes
    let slot = offset / Self.windowBytes % windows.count
    if windows[slot].start != start {
      windows[slot] = (start, try reader.source.read(at: start, count: Self.windowBytes + 16))
    }
    let window = windows[slot].bytes
    let from = min(window.count, offset - start)
    return window[from..<min(window.count, from + count)]
  }

  /// The offset after the block whose header is at `block`, and whether it is the frame's last block;
  /// nil when the header is invalid (a reserved type, over 128 KiB) or not in the input.
  func nextBlock(after block: Int, _ reader: TraceReader) throws(TraceError) -> (Int, last: Bool)? {
    let bytes = try self.bytes(at: block, count: 3, reader)
    guard bytes.count == 3 else { return nil }
    let i = bytes.startIndex
    let header = Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16
    let size = header >> 3
    guard header >> 1 & 3 != 3, size <= 128 * 1024 else { return nil }
    return (block + 3 + (header >> 1 & 3 == 1 ? 1 : size), header & 1 != 0)
  }
  /// Block header offset → the end of the last block reached from it, or -1.
  var ends: [Int: Int] = [:]
  /// The most block headers remembered (some 2.5 MiB, so that a search fits under an address-space
  /// limit beside a frame's buffers; a longer chain is followed by the cursor below): past it, those
  /// before the search's offset are forgotten (``forget(before:)``).
  package static let capacity = 1 << 16

  package init() {}

  /// Records the answer for each block header of a walk.
  func remember(_ blocks: [Int], end: Int?) {
    for block in blocks.prefix(max(0, Self.capacity - ends.count)) { ends[block] = end ?? -1 }
  }

  /// ``TraceRecovery`` `blocksEnd(ofFrameAt:_:_:)`'s answer for a frame whose blocks join the chain
  /// walked on as a forward-only input is read.
  static let deferred = Int.max - 1

  /// The chain kept — the walk that joined no other and reached furthest: every block header on it up to
  /// `last` (the last header walked; those before it are valid and not a frame's last) leads to
  /// `chainResult` (-1: none; ``deferred``: not known yet). `cursors` are headers that lead into it,
  /// ascending, at most ``cursorCount``, each with the header after it once read: the first header of
  /// the walk that kept it and of each walk that joined it since. A cursor moves only forward and
  /// never past the header asked for, and one that lands on another's header merges with it, so a
  /// header is read by one cursor, and frame starts that join the chain at several distances ahead of
  /// the search (the next block, a block 128 KiB on) each find a cursor behind them. Empty when no
  /// chain is kept.
  private var cursors: [Cursor] = []

  /// A header that leads into the chains followed, the header after it once read, and how many headers
  /// of walk `walk` it could not reach.
  private struct Cursor {
    var at: Int
    var next: Int?
    var walk = -1
    var misses = 0
  }

  /// Walks begun (``TraceRecovery`` `blocksEnd(ofFrameAt:_:_:)`). A cursor that could not reach
  /// ``missesPerWalk`` headers of a walk is on another chain than the walk's, and is not moved for the
  /// walk's later headers: a long walk along one chain does not drag the cursors of the chains woven
  /// with it to its end, while a cursor on a short chain that joins the walk's a few blocks on still
  /// gets there. (Two chains that merge further on are then found to by the walk itself.)
  var walks = 0
  static let missesPerWalk = 4
  package static let cursorCount = 12
  private var last = -1
  private var chainResult = -1
  /// The first frame start whose blocks joined the chain while its end was not known yet.
  var deferredStart: Int?

  /// Where the frame whose blocks reach the header at `block` ends, when `block` is on the chain kept
  /// (-1: nowhere in the input, ``deferred``: not known yet); nil when it is not.
  /// - Complexity: O(``cursorCount``) plus the headers the cursors move over, each once.
  func chainEnd(at block: Int, _ reader: TraceReader) throws(TraceError) -> Int? {
    guard let lowest = cursors.first, lowest.at <= block else { return nil }
    try walkHead(to: block, reader)
    // The cursors behind `block`, nearest first, each move toward it until one lands on it.
    var index = cursors.count - 1
    while index >= 0 {
      let skipped = cursors[index].walk == walks && cursors[index].misses >= Self.missesPerWalk
      if cursors[index].at <= block && !skipped, try approach(index, block, reader) {
        return chainResult
      }
      index = min(index, cursors.count) - 1
    }
    return nil
  }

  /// Adds a cursor at `position`, a header whose blocks lead to `result` (as ``ends`` holds it), when
  /// that is the chain kept's result — a header of that chain, or of another chain that ends the same
  /// way (both run past the input, say: several chains woven through each other then each get a
  /// cursor) — dropping the lowest cursor when there are more than ``cursorCount`` (the search moves
  /// forward).
  func addCursor(at position: Int, leadingTo result: Int) {
    guard !cursors.isEmpty, result == chainResult, position <= last else { return }
    let index = cursors.firstIndex { $0.at >= position } ?? cursors.count
    guard index == cursors.count || cursors[index].at != position else { return }
    cursors.insert(Cursor(at: position), at: index)
    if cursors.count > Self.cursorCount { cursors.removeFirst() }
  }

  /// The first deferred frame start, once its chain ends in the input: taken as a whole frame (not
  /// decoded: a forward-only input's first bytes of it are gone), erring toward "not a torn tail".
  private(set) var wholeDeferredStart: Int?

  /// Walks a chain whose end is not known yet on to `ahead` or to its end.
  private func walkHead(to ahead: Int, _ reader: TraceReader) throws(TraceError) {
    guard chainResult == Self.deferred else { return }
    while last < ahead, spend(last) {
      guard let (next, isLast) = try nextBlock(after: last, reader) else {
        chainResult = -1
        break
      }
      if isLast {
        chainResult = try TraceRecovery.isInInput(next, reader) ? next : -1
        break
      }
      last = next
    }
    if chainResult >= 0 && chainResult != Self.deferred { wholeDeferredStart = deferredStart }
    if chainResult != Self.deferred { deferredStart = nil }
  }

  /// Moves the cursor at `index` forward to `offset`, never past it (`passing`: past it, to the first
  /// header at or after it), nor past `last`. A cursor that lands on another's header is removed: the
  /// other one goes on from there.
  /// - Returns: Whether the cursor landed on `offset` (it is then kept).
  private func approach(_ index: Int, _ offset: Int, _ reader: TraceReader, passing: Bool = false)
    throws(TraceError) -> Bool
  {
    var index = index
    while cursors[index].at < offset && cursors[index].at < last {
      if cursors[index].next == nil {
        guard spend(cursors[index].at) else { return false }
        // The last header of its chain: no other header leads on from it, and the cursor is dropped.
        guard let (next, isLast) = try nextBlock(after: cursors[index].at, reader), !isLast else {
          cursors.remove(at: index)
          return false
        }
        cursors[index].next = next
      }
      guard let next = cursors[index].next, next <= offset || passing else {
        missed(index)
        return false
      }
      cursors[index].at = next
      cursors[index].next = nil
      // The cursors stay ascending; one on the same header as another is that one.
      while index + 1 < cursors.count && cursors[index + 1].at < next {
        cursors.swapAt(index, index + 1)
        index += 1
      }
      if index + 1 < cursors.count && cursors[index + 1].at == next {
        cursors.remove(at: index)
        return next == offset && !passing
      }
    }
    if cursors[index].at != offset && !passing { missed(index) }
    return cursors[index].at == offset
  }

  /// Counts a header of the current walk the cursor at `index` could not reach.
  private func missed(_ index: Int) {
    if cursors[index].walk != walks {
      cursors[index].walk = walks
      cursors[index].misses = 0
    }
    cursors[index].misses += 1
  }

  /// Keeps a walk's chain, from its first block header to `last`, that joined no chain walked before:
  /// as the chain kept when there is none; beside it, with a cursor at `first`, when it ends the same
  /// way (as every chain does while the search goes on, but for one whose content checksum would run
  /// past the input: a chain that ends in the input is a complete frame, which ends the search); in its
  /// place when it ends otherwise and reaches further. Nothing while the chain kept's end is not known
  /// yet.
  func keepChain(from first: Int, last: Int, end: Int?) {
    let result = end ?? -1
    guard chainResult != Self.deferred else { return }
    if !cursors.isEmpty && result == chainResult {
      self.last = max(self.last, last)
      addCursor(at: first, leadingTo: result)
    } else if cursors.isEmpty || last > self.last {
      cursors = [Cursor(at: first)]
      self.last = last
      chainResult = result
    }
  }

  /// Keeps a chain walked from `first` to `head` (not read yet) as the one whose end is decided as the
  /// input is read on; false when another one is kept for that already.
  func deferChain(from first: Int, head: Int) -> Bool {
    guard chainResult != Self.deferred else { return false }
    cursors = [Cursor(at: first)]
    last = head
    chainResult = Self.deferred
    return true
  }

  /// Moves the chain kept past `released` (a forward-only input's bytes before it are dropped next) and
  /// walks a chain whose end is not known yet on to `ahead` (or to its end).
  /// - Returns: ``wholeDeferredStart``, once known.
  func walkChain(past released: Int, ahead: Int, _ reader: TraceReader) throws(TraceError) -> Int? {
    guard !cursors.isEmpty, reader.source.isForwardOnly else { return wholeDeferredStart }
    try walkHead(to: ahead, reader)
    // Each cursor behind `released` moves past the bytes released (or is dropped where it stops).
    while let behind = cursors.lastIndex(where: { $0.at < released }) {
      _ = try approach(behind, released, reader, passing: true)
      if behind < cursors.count && cursors[behind].at < released { cursors.remove(at: behind) }
    }
    return wholeDeferredStart
  }

  /// ``blocksWalked`` when block headers were last forgotten.
  private var walkedWhenForgotten = 0

  /// Forgets block headers before `offset` (frames are searched in order, and their blocks follow
  /// them) once the cap is reached and a quarter of it was walked since they were last forgotten: what
  /// remains ahead of the search stays remembered, and forgetting costs O(1) per block walked.
  func forget(before offset: Int) {
    guard ends.count >= Self.capacity, blocksWalked - walkedWhenForgotten >= Self.capacity / 4 else { return }
    walkedWhenForgotten = blocksWalked
    ends = ends.filter { $0.key >= offset }
  }
}

extension String {
  fileprivate func replacingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
