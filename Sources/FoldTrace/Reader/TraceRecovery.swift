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
  /// short by zero bytes that run to the end of the file, or a damaged seek table at the end — is dropped,
  /// and only when no complete frame starts anywhere in it (``isTornTail(_:)``). Skippable frames, and a seek
  /// table with frames after it (a trace appended to after a close), are kept, and the fresh seek table lists
  /// them. Anything else is refused with the file unchanged: damage followed by a readable frame, and two
  /// traces concatenated (a second header frame). When the torn tail follows a seek table that matches every
  /// frame before it, dropping the tail leaves that table at the end and no new one is written. Holds the
  /// writer lock while it works.
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
  ///   the reader's error when the damage is not a torn tail or the header is unreadable (the file is
  ///   then unchanged), `.io` when the cut's frame or the seek table cannot be written: the file then
  ///   ends at its last complete frame without a seek table (the torn tail dropped, which the error
  ///   says), still readable, and a later call repairs it.
  /// - Complexity: O(file size) time, each block header after the damage read at most once however many
  ///   frame starts lead to it (``FrameSearch``), and the kept frames read once more to mark the cut;
  ///   O(session state + ``TraceReaderLimits/maxFrameContentBytes``) memory, 2 MiB of it for the chains of
  ///   block headers the search follows and 1.1 MiB for the bytes after the damage read at a time.
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

  /// Whether standard input is a regular file whose lock a writer holds (a recording in progress read
  /// through a redirect, `- < t.foldtrace`), as ``isBeingRecorded(path:)`` tells for a path — through a
  /// description of its own (`/proc/self/fd/0` opened anew), since a lock belongs to the open file
  /// description and the caller's, which standard input shares, must be left as it is. (Opening it anew
  /// starts breaking a write lease its caller may hold on it.) When this process may not open the file
  /// (its mode, another owner: the caller opened it), the kernel's table of locks (`/proc/locks`) is read
  /// instead, by the file's device and inode — which misses a lock where the two name the device apart
  /// (btrfs subvolumes, some overlays). False for a pipe or anything else, without `/proc`, or when it
  /// cannot be told.
  /// - Complexity: O(1); up to 100 ms while a lock is held (from the table, as
  ///   ``isLockedByWriterInLockTable(device:inode:)`` says).
  package static func isStandardInputBeingRecorded() -> Bool {
    guard let status = try? FileDescriptor.standardInput.status(), status.kind == .regular else {
      return false
    }
    do throws(TraceError) {
      return try isBeingRecorded(path: "/proc/self/fd/0")
    } catch {
      return isLockedByWriterInLockTable(device: status.identity.device, inode: status.identity.inode)
    }
  }

  /// Whether the kernel's table of locks (`/proc/locks`) lists a writer's lock (`FLOCK … WRITE`) on the
  /// file `device`, `inode` (as `stat(2)` gives them); a lock seen is looked for again 100 ms later, so
  /// that one held by a child between its `fork` and `exec` is waited out, as for a path. Neither opens
  /// nor locks the file. False without `/proc`.
  ///
  /// The table is no snapshot: it is made a page per `read(2)`, and a lock dropped meanwhile elsewhere
  /// shifts the next page past a line. So a lock counts as gone only when one look reads a table of a
  /// few lines without it, or eight looks 5 ms apart miss it; with thousands of locks taken and dropped
  /// elsewhere all the while, a held one is still missed now and then (none in 200 runs with 3 000 flocks
  /// cycling). The table shows only the locks of processes in this process's PID namespace.
  /// - Complexity: O(locks on the system) per look: one look for a table of a few lines, else at most
  ///   16 looks and 170 ms of pauses (a look takes about 0.4 s with 40 000 locks on the system).
  package static func isLockedByWriterInLockTable(device: UInt64, inode: UInt64) -> Bool {
    // `/proc/locks` writes a device as the kernel's major and minor numbers, in hex, as glibc's
    // gnu_dev_major and gnu_dev_minor read them from st_dev: "1: FLOCK  ADVISORY  WRITE 4242
    // fe:00:16654681 0 EOF" (a waiter's line has "->" after the number, so its fields do not match).
    let major = (device >> 8) & 0xFFF | (device >> 32) & ~0xFFF
    let minor = device & 0xFF | (device >> 12) & ~0xFF
    let wanted = [String(major, radix: 16), String(minor, radix: 16), String(inode)].map {
      Array($0.utf8.drop { $0 == UInt8(ascii: "0") })
    }
    func isWritersLock(_ line: ArraySlice<UInt8>) -> Bool {
      let fields = line.split(separator: UInt8(ascii: " "))
      return fields.count >= 6 && fields[1].elementsEqual("FLOCK".utf8)
        && fields[3].elementsEqual("WRITE".utf8)
        && fields[5].split(separator: UInt8(ascii: ":")).map { Array($0.drop { $0 == UInt8(ascii: "0") }) }
          == wanted
    }
    /// One look: the table read whole, as fast as it comes (a line skipped needs a lock dropped between
    /// two reads), then searched; and whether its first `read(2)` held all of it (then a miss is
    /// certain): a page is made under one hold of the table and ends only where the next line would not
    /// fit, so a first read under 2 KiB ended with the table. Nil without the table.
    func look() -> (held: Bool, whole: Bool)? {
      guard let table = try? FileDescriptor.open("/proc/locks", .readOnly) else { return nil }
      var text: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      var first: Int?
      while let count = try? table.read(into: &chunk), count > 0 {
        first = first ?? count
        text += chunk[..<count]
      }
      table.close()
      let held = text.split(separator: UInt8(ascii: "\n")).contains(where: isWritersLock)
      return (held, (first ?? 0) < 2048)
    }
    /// Whether any of eight looks 5 ms apart finds the lock; one look when the table is one page.
    func isListed() -> Bool {
      for attempt in 0..<8 {
        guard let (held, whole) = look() else { return false }
        if held || whole { return held }
        if attempt < 7 { pause(microseconds: 5_000) }
      }
      return false
    }
    guard isListed() else { return false }
    pause(microseconds: 100_000)
    return isListed()
  }

  /// Whether a reader's error marks a torn tail that ``recover(path:markingCut:)`` would drop: the file
  /// ends inside a frame, zero bytes fill the rest of the file (from where a frame should start or from
  /// where a data frame was cut short), or a damaged seek table ends it — and no complete frame starts
  /// anywhere in those bytes.
  ///
  /// The file is read again from the error's offset, 1 MiB at a time (``FrameSearch``). An error
  /// without a file on disk (standard input) is torn only when the input ends inside a frame.
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
  /// - Parameter search: Follows and counts the block headers read looking for a complete frame.
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
  /// - Complexity: O(bytes after `start`) time, each byte looked at a bounded number of times
  ///   (``FrameSearch``); O(``FrameSearch/stepBytes`` + ``FrameSearch/lookAheadBytes``) memory, and
  ///   one frame decode to tell a data frame cut short by zero bytes.
  private static func refusal(
    of damage: TraceError, in reader: TraceReader, from start: Int, search: FrameSearch = FrameSearch()
  ) throws(TraceError) -> String? {
    guard damage.offset ?? start == start else { return "this is not a torn tail" }
    var search = search
    var offset = start
    var isZero = true
    // The damaged frame's first bytes.
    let head: [UInt8]
    if case .forward(let input) = reader.source, let dropped = input.dropped, dropped.from == start {
      // The damaged frame was dropped as it was read, and searched as it was: the search goes on.
      if let frameStart = dropped.frameStart {
        return "a complete frame starts at byte \(frameStart), after the damage"
      }
      (head, search, offset, isZero) = (dropped.head, dropped.search, dropped.searched, false)
    } else {
      head = try reader.source.read(at: start, count: 16)
    }
    let magic = head.count >= 4 ? TraceFormat.u32(head, at: 0) : 0
    var tornKind =
      damage.code == .truncated || (damage.code == .corrupt && magic == TraceFormat.seekTableFrameMagic)
    // A data frame cut short by zero bytes to the end of the file is torn as one cut short by its end.
    if !tornKind, damage.code == .corrupt, magic == TraceFormat.zstdFrameMagic,
      try zeroFilledCut(ofFrameAt: start, in: reader) != nil
    {
      tornKind = true
    }
    // A second trace's header, whole or cut short (a header frame after the damage counts by its
    // magic numbers alone, too).
    if magic == TraceFormat.headerFrameMagic
      && (damage.code == .corrupt || head.dropFirst(8).elementsEqual(TraceFormat.traceMagic))
    {
      return "recover does not split or merge traces"
    }
    // A data frame whose bytes a forward input dropped ran longer than it keeps of one to tell whether
    // zero bytes cut it short (``ForwardFrame``): it is not cut short.
    if !tornKind, magic == TraceFormat.zstdFrameMagic, !isZero { return "this is not a torn tail" }
    // Read forward, only the input's end tells whether zero bytes run to it from where the data frame
    // stops: its bytes are kept as the search reads on, and decoded there.
    var cutShort: ForwardFrame?
    if !tornKind, damage.code == .corrupt, magic == TraceFormat.zstdFrameMagic, reader.source.isForwardOnly {
      cutShort = ForwardFrame(limit: forwardLimit(reader.limits))
      tornKind = true
    }
    guard tornKind || isZero else { return "this is not a torn tail" }
    // To the end of the input, a step at a time: a forward input's end is known only once read, and
    // no more of it is kept than the step being searched and the bytes after it the search looks at.
    var found: Int?
    while true {
      reader.source.release(before: offset)
      let bytes = try reader.source.read(
        at: offset, count: FrameSearch.stepBytes + FrameSearch.lookAheadBytes)
      guard !bytes.isEmpty else { break }
      let count = min(bytes.count, FrameSearch.stepBytes)
      if cutShort != nil {
        cutShort?.add(bytes[..<count])
        if cutShort?.isTooLong == true { return "this is not a torn tail" }
      }
      var from = offset
      if isZero {
        guard let nonZero = Self.firstNonZero(in: bytes, count: count) else {
          offset += count
          continue
        }
        isZero = false
        // Damage that starts with 8 zero bytes: zero bytes where a frame should start.
        guard tornKind else {
          guard offset > start || nonZero >= 8 else { return "this is not a torn tail" }
          return "a non-zero byte at byte \(offset + nonZero) follows them: this is not a torn tail"
        }
        from = offset + nonZero
      }
      if found == nil {
        found = search.firstCompleteFrame(in: bytes, at: offset, from: from, count: count, after: start)
        // Read forward, a frame cut short is decided at the input's end, before any frame after it.
        if found != nil && cutShort == nil { break }
      }
      offset += count
    }
    if let cutShort, !(try cutShort.isCutShort(ofFrameAt: start, reader)) { return "this is not a torn tail" }
    return found.map { "a complete frame starts at byte \($0), after the damage" }
  }

  /// The bytes of a damaged data frame read forward, kept to tell whether it was cut short by zero bytes
  /// that run to the end of the input (``zeroFilledCut(ofFrameAt:in:)`` for a file): those before the
  /// last zero run, no more than `limit` (a longer frame is not cut short), the zero run only counted.
  private struct ForwardFrame {
    let limit: Int
    private var frame: [UInt8] = []
    /// Zero bytes after `frame`, not kept.
    private var zeros = 0
    private(set) var isTooLong = false

    init(limit: Int) { self.limit = limit }

    /// Takes the next bytes of the input.
    mutating func add(_ chunk: ArraySlice<UInt8>) {
      guard !isTooLong else { return }
      guard let last = chunk.lastIndex(where: { $0 != 0 }) else {
        zeros += chunk.count
        return
      }
      guard frame.count + zeros + (last - chunk.startIndex) < limit else {
        isTooLong = true
        frame = []
        return
      }
      frame += [UInt8](repeating: 0, count: zeros)
      frame += chunk[...last]
      zeros = chunk.endIndex - 1 - last
    }

    /// Whether the bytes taken, up to their last zero run, decode as the frame at `start` cut short.
    /// - Complexity: one frame decode.
    func isCutShort(ofFrameAt start: Int, _ reader: TraceReader) throws(TraceError) -> Bool {
      guard !isTooLong, zeros > 0 else { return false }
      let frame = frame
      let outcome = try? reader.decoder.decodeFrame(at: start) { at, count in
        Array(frame[min(frame.count, at - start)..<min(frame.count, at - start + count)])
      }
      guard case .truncated = outcome else { return false }
      return true
    }
  }

  /// Where the damaged data frame at `start` was cut short by zero bytes that fill the rest of the file
  /// (a power cut after the file's size was updated but before its last blocks were written): the
  /// offset of the first byte of that zero run, when the frame's bytes before it decode as a frame cut
  /// short; nil otherwise, and always for a forward-only input (`ForwardFrame`, read on to its end).
  /// - Complexity: O(bytes after `start`) time; one frame decode.
  private static func zeroFilledCut(ofFrameAt start: Int, in reader: TraceReader) throws(TraceError) -> Int? {
    guard !reader.source.isForwardOnly else { return nil }
    let head = try reader.source.read(at: start, count: 4)
    guard head.count == 4, TraceFormat.u32(head, at: 0) == TraceFormat.zstdFrameMagic else { return nil }
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

  /// The index of the first non-zero byte among the first `count` of `bytes`, looked for a word at a time.
  private static func firstNonZero(in bytes: [UInt8], count: Int) -> Int? {
    let words = count / 8
    let nonZeroWord = bytes.withUnsafeBytes { raw in
      (0..<words).first { raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) != 0 }
    }
    return bytes[(nonZeroWord ?? words) * 8..<count].firstIndex { $0 != 0 }
  }

  /// The most bytes of a data frame a forward-only input keeps to tell whether zero bytes that run to
  /// its end cut the frame short: as many as a frame of the reader's limits takes (its content stored
  /// raw, with its block and frame headers). A longer frame is not cut short.
  static func forwardLimit(_ limits: TraceReaderLimits) -> Int {
    limits.maxFrameContentBytes + limits.maxFrameContentBytes / 128 + (1 << 16)
  }

}

extension String {
  fileprivate func replacingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
