/// Appends events to a trace: a file on disk or a byte buffer in memory (<doc:TraceFormat>).
///
/// ```swift
/// let writer = try TraceWriter(path: "session.foldtrace", header: header)
/// try writer.append(TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .external, scale: 3)))
/// try writer.close()
/// ```
///
/// Events are encoded into the current frame; the writer ends a frame by its ``FlushPolicy``, on
/// ``flush()`` and on ``close()``. Each frame is one complete zstd frame with a content checksum and a
/// keyframe, so a crash loses at most the events not yet in a written frame, and a reader can start at
/// any frame. ``close()`` appends a seek table.
///
/// **Durability.** Frames the policy ends are written with `write(2)` at once (they survive a crash of
/// the process); ``flush()`` and ``close()`` also `fsync(2)`, so an event acknowledged by a completed
/// `flush()` survives a crash of the machine. If a write fails (disk full), the file is truncated back
/// to its last complete frame and the error is thrown; the frames already written stay valid.
///
/// **Exclusivity.** A file writer holds `flock(LOCK_EX | LOCK_NB)` until ``close()`` or deinit: a second
/// writer on the same file fails with a ``TraceError`` `.locked` naming the path.
///
/// **Concurrent compression.** An in-memory writer created with `concurrentCompression: true` compresses
/// each frame it ends on a worker thread while its caller fills the next, with at most two frames in
/// flight; the bytes are the same as without (`tracecat pack` uses it).
///
/// A writer is not thread-safe; `SessionRecorder` serializes access for apps.
public final class TraceWriter {
  /// The session header.
  public let header: TraceHeader
  /// When frames end.
  public let policy: FlushPolicy
  /// The trace's bytes so far, for an in-memory writer (complete with its seek table after ``close()``);
  /// empty for a file writer.
  public private(set) var bytes: [UInt8] = []
  /// Data frames ended so far (including those of the file before an append, and those still being
  /// compressed on a worker thread).
  public var frameCount: Int { seekEntries.count - 1 + (pipeline?.inFlight ?? 0) }
  /// Removes and returns the bytes an in-memory writer has completed since the last call (whole frames;
  /// the header first, the seek table after ``close()``). `SessionRecorder` encodes on its caller's thread
  /// and moves these bytes to disk on its own queue; `tracecat pack` streams them to its output, so it
  /// holds at most one frame in memory. With concurrent compression, a frame's bytes arrive once the
  /// writer takes it back from its worker: by the end of the second frame after it, or on ``flush()`` and
  /// ``close()``.
  ///
  /// - Returns: The bytes, empty when no frame was completed since the last call (or for a file writer).
  /// - Complexity: O(1): the buffer is handed over, not copied.
  public func takeBytes() -> [UInt8] {
    // Swapped out, not copied then cleared: clearing a buffer the caller still shares would allocate a
    // new one on every call, even when nothing was taken.
    var taken: [UInt8] = []
    swap(&taken, &bytes)
    return taken
  }
  /// The path, or `"memory"` for an in-memory writer; used in errors.
  public let name: String

  private let file: TraceFile?
  private let compressor: ZstdCompressor
  /// The worker threads compressing ended frames, for an in-memory writer created with
  /// `concurrentCompression`.
  private let pipeline: FrameCompressionPipeline?
  private var state = SessionState<Void>()
  /// The strings `state` holds, for the state rule (``TraceEvent/maxStateStringBytes``). Unchecked for
  /// exclusivity, as the writer is not thread-safe and only its own methods touch it, one call at a
  /// time: checked, the runtime's access tracking around each event's call into the tally cost about
  /// 130 instructions per event, more than the tally itself (callgrind, encoding a FoldSim session).
  @exclusivity(unchecked) private var stateStrings = StateStringTally()
  private(set) var lastTime: UInt64 = 0
  private var seekEntries: [SeekTable.Entry]
  /// Bytes of complete frames written (the file size without a seek table).
  private var committedSize: Int
  /// The frame being filled.
  private var pending: PendingFrame?
  private var isClosed = false
  /// Why appends are refused once ``isClosed``.
  private var closedReason = "the writer is closed"

  /// The last frame's event and content buffers, emptied, so a new frame reuses their capacity instead of
  /// growing new ones from nothing (about eight allocations a frame).
  private var spareEvents: [UInt8] = []
  private var spareContent: [UInt8] = []

  private struct PendingFrame {
    var time: UInt64
    var codec: RecordCodec
    var keyframe: ByteWriter
    var keyCount: Int
    var events = ByteWriter()
    var lastTime: UInt64
    /// Records plus the regions they list, keyframe included (<doc:TraceFormat>, "Frame policy").
    var items: Int

    /// Appends the event's record after the last one, delta-coded against it.
    /// - Returns: The record's size, in bytes.
    mutating func encode(_ event: TraceEvent) -> Int {
      let start = events.bytes.count
      codec.encode(event.payload, delta: event.time - lastTime, into: &events)
      return events.bytes.count - start
    }
  }

  /// Creates a new trace file and writes its header.
  ///
  /// - Parameters:
  ///   - path: Where to create the trace (conventionally `*.foldtrace`). The name appears only with the
  ///     header written and synced, so a crash never leaves an empty trace (see `TraceFile.create`). An
  ///     existing empty file is reused; an existing non-empty one is refused, never overwritten.
  ///   - header: The session header, written as given (its `version` defaults to
  ///     ``TraceFormatVersion/current``).
  ///   - policy: When frames end and how they are compressed (default ``FlushPolicy/default``: 64 KiB
  ///     or 1 s, zstd level 3).
  /// - Throws: ``TraceError`` `.invalidArgument` for a header no reader could read
  ///   (``TraceHeader/validationFailure``; nothing is created), `.locked` when another writer holds the
  ///   file, `.alreadyExists` when it holds data, `.io` when it cannot be created or written.
  public init(path: String, header: TraceHeader, policy: FlushPolicy = .default) throws(TraceError) {
    try header.validate(for: path)
    let headerFrame = header.encodedFrame()
    let file = try TraceFile.create(path, contents: headerFrame)
    self.file = file
    self.name = path
    self.header = header
    self.policy = policy
    self.compressor = Self.makeCompressor(level: policy.compressionLevel)
    self.pipeline = nil
    seekEntries = [Self.headerEntry(size: headerFrame.count)]
    committedSize = headerFrame.count
  }

  /// Writes a complete trace — an in-memory writer's ``bytes`` — to a new file, never over an existing
  /// one.
  ///
  /// The name appears only once every byte is written and synced (as for ``init(path:header:policy:)``),
  /// so a crash leaves either no file or the whole trace; an existing empty file is filled in place.
  ///
  /// - Parameters:
  ///   - path: The new file.
  ///   - bytes: The trace's bytes, header to seek table.
  /// - Throws: ``TraceError`` `.alreadyExists` when `path` holds data, `.locked` when a writer has it
  ///   open, `.invalidArgument` for an empty path, `.io` when it cannot be created or written.
  /// - Complexity: O(n) in the number of bytes.
  public static func createFile(_ path: String, bytes: [UInt8]) throws(TraceError) {
    let file = try TraceFile.create(path, contents: bytes)
    file.close()
  }

  /// Creates a writer that builds a trace in ``bytes``.
  ///
  /// - Parameters:
  ///   - header: The session header.
  ///   - policy: When frames end and how they are compressed (default ``FlushPolicy/default``: 64 KiB
  ///     or 1 s, zstd level 3).
  ///   - concurrentCompression: Compress each ended frame on a worker thread while the caller fills the
  ///     next (default false). At most two frames are in flight, each holding its content (about
  ///     ``FlushPolicy/maxBufferedBytes``) and a zstd context of its own; a frame's bytes reach ``bytes``
  ///     up to two frames later, and all of them by ``flush()`` or ``close()``. The bytes are identical
  ///     either way. Worth it when frames are large and compressed hard (``FlushPolicy/archive``) and the
  ///     machine has a core to spare; an app's recorder, which already writes on a queue of its own,
  ///     leaves it off.
  /// - Throws: ``TraceError`` `.invalidArgument` for a header no reader could read
  ///   (``TraceHeader/validationFailure``).
  public init(
    header: TraceHeader, policy: FlushPolicy = .default, concurrentCompression: Bool = false
  ) throws(TraceError) {
    try header.validate(for: "memory")
    self.file = nil
    self.name = "memory"
    self.header = header
    self.policy = policy
    self.compressor = Self.makeCompressor(level: policy.compressionLevel)
    if concurrentCompression {
      do {
        self.pipeline = try FrameCompressionPipeline(level: Int32(policy.compressionLevel))
      } catch {
        fatalError("libzstd could not create a compression context: \(error)")
      }
    } else {
      self.pipeline = nil
    }
    let headerFrame = header.encodedFrame()
    seekEntries = [Self.headerEntry(size: headerFrame.count)]
    bytes = headerFrame
    committedSize = headerFrame.count
  }

  /// Reopens a trace to append to it.
  ///
  /// Reads and validates the whole file; a trailing seek table (a clean close) is truncated away — only
  /// those bytes, never event bytes — and the first new frame's keyframe carries the state rebuilt from
  /// the file. A torn tail is refused: run `TraceRecovery.recover(path:)` (`tracecat recover`) first.
  ///
  /// - Parameters:
  ///   - path: An existing trace.
  ///   - policy: When frames end and how they are compressed (default ``FlushPolicy/default``: 64 KiB
  ///     or 1 s, zstd level 3).
  /// - Throws: ``TraceError`` `.locked` when another writer holds the file; `.unsupportedVersion` for a
  ///   trace of a newer format version (minor included); the reader's errors for a damaged file
  ///   (`.truncated` with advice to recover, `.corrupt`); `.corrupt` for events that leave more state
  ///   strings than ``TraceEvent/maxStateStringBytes`` (each frame within it, but a keyframe leaving out
  ///   state before it, which no writer writes); `.io`.
  /// - Complexity: O(file size).
  public convenience init(appendingTo path: String, policy: FlushPolicy = .default) throws(TraceError) {
    let file = try TraceFile.open(path, .update)
    try file.lockExclusive()
    let continuation = try Continuation(reading: file, size: try file.size(), name: path)
    let end = continuation.seekTableOffset ?? continuation.end
    if continuation.seekTableOffset != nil { try file.truncate(to: end) } else { try file.seekToEnd() }
    self.init(continuing: continuation, file: file, name: path, committedSize: end, policy: policy)
  }

  /// An in-memory writer that goes on from the trace `continuation` read: its ``bytes`` are the frames
  /// appended after that trace's last frame, then (after ``close()``) a seek table listing that trace's
  /// frames and these. ``TraceRecovery`` builds the `cut` frame and the seek table it appends with one.
  package convenience init(continuing continuation: Continuation, policy: FlushPolicy = .default) {
    self.init(continuing: continuation, file: nil, name: "memory", committedSize: 0, policy: policy)
  }

  private init(
    continuing continuation: Continuation, file: TraceFile?, name: String, committedSize: Int,
    policy: FlushPolicy
  ) {
    self.file = file
    self.name = name
    self.header = continuation.header
    self.policy = policy
    self.compressor = Self.makeCompressor(level: policy.compressionLevel)
    self.pipeline = nil
    self.state = continuation.state
    self.stateStrings = continuation.stateStrings
    self.lastTime = continuation.lastTime
    self.seekEntries = continuation.entries
    self.committedSize = committedSize
  }

  /// What a writer appending to a trace goes on from, read from the trace: its header, the session
  /// state its frames leave, their seek table entries and the last event's time.
  package struct Continuation {
    let header: TraceHeader
    var state = SessionState<Void>()
    var stateStrings = StateStringTally()
    /// The time the next event may not precede, in nanoseconds: the last event's (or frame's).
    package private(set) var lastTime: UInt64 = 0
    /// Whether the last event read is a `cut`.
    package private(set) var endsWithCut = false
    let entries: [SeekTable.Entry]
    /// Where the seek table that ends the bytes read starts; nil when they end without one (unclosed).
    package let seekTableOffset: Int?
    /// The end of the bytes read, in bytes.
    package let end: Int

    /// Reads the first `size` bytes of `file` whole.
    /// - Throws: ``TraceError`` `.unsupportedVersion` for a trace of a newer format version (minor
    ///   included); the reader's errors for damage in those bytes (`.truncated` and `.corrupt` with
    ///   advice to recover); `.corrupt` for events that leave more state strings than
    ///   ``TraceEvent/maxStateStringBytes``; `.io`.
    /// - Complexity: O(`size`) time; O(the session state + one frame) memory.
    init(reading file: TraceFile, size: Int, name path: String) throws(TraceError) {
      let reader = try TraceReader(source: .file(file, size: size), name: path, limits: .default)
      guard reader.header.version <= TraceFormatVersion.current else {
        throw TraceError(
          .unsupportedVersion, file: path, offset: 0,
          reason: "written with trace format \(reader.header.version); this writer appends only to "
            + "\(TraceFormatVersion.current) or older; append with the FoldTrace that wrote it")
      }
      header = reader.header
      do throws(TraceError) {
        while let frame = try reader.nextFrame() {
          lastTime = max(lastTime, frame.time)
          for event in frame.events {
            state.apply(event.payload)
            stateStrings.apply(StateStringTally.change(of: event.payload))
            lastTime = event.time
            endsWithCut = event.kind == .cut
          }
        }
      } catch {
        var refusal = error
        if error.code == .truncated || error.code == .corrupt {
          refusal.reason += "; cannot append to a damaged trace (run `tracecat recover \(path)` first)"
        }
        throw refusal
      }
      guard let entries = reader.readEntries else {
        throw TraceError(.corrupt, file: path, reason: "unexpected skippable frames; cannot append")
      }
      // The reader checked each frame's state from its keyframe; events folded across frames whose
      // keyframes left state out can still hold more, which the next keyframe would repeat.
      guard stateStrings.total <= TraceEvent.maxStateStringBytes else {
        throw TraceError(
          .corrupt, file: path,
          reason: "its events leave \(stateStrings.total) bytes of strings in the session state, more than "
            + "the \(TraceEvent.maxStateStringBytes) a keyframe may repeat; cannot append")
      }
      self.entries = entries
      seekTableOffset = reader.seekTableOffset
      end = reader.fileSize
    }
  }

  deinit { file?.close() }

  private static func makeCompressor(level: Int) -> ZstdCompressor {
    do {
      return try ZstdCompressor(level: Int32(level))  // 1…19: FlushPolicy keeps it so
    } catch {
      fatalError("libzstd could not create a compression context: \(error)")
    }
  }

  private static func headerEntry(size: Int) -> SeekTable.Entry {
    SeekTable.Entry(compressedSize: UInt32(size), decompressedSize: 0, checksum: TraceFormat.emptyChecksum)
  }

  /// Appends one event.
  ///
  /// The event is validated first (``TraceEvent/validationFailure``), its time must not precede the
  /// previous event's, its kind must exist in the header's format version
  /// (``TraceEvent/requiredVersion``: a 1.0 trace holds no `layout`, `presented` or `anchorTop`), it
  /// may not connect a 129th scene, and it may not take the strings of the state every keyframe repeats
  /// over ``TraceEvent/maxStateStringBytes`` (``EventRefusal/stateStrings(bytes:)``); a refused event is
  /// not written and the writer stays usable.
  ///
  /// - Parameter event: The event; `time` in nanoseconds since session start.
  /// - Throws: ``TraceError`` `.invalidEvent` for a refused event, `.closed` after ``close()``, `.io` when
  ///   a frame the policy ends cannot be written.
  /// - Complexity: Amortized O(event size); O(frame size) when a frame ends.
  public func append(_ event: TraceEvent) throws(TraceError) {
    try ensureOpen()
    if let reason = event.validationFailure { throw refusal(event, reason) }
    try appendValidated(event)
  }

  /// ``append(_:)`` for an event whose ``TraceEvent/validationFailure`` the caller already found nil
  /// (`SessionRecorder` checks on its caller's thread, before its lock), so the hot path checks it once.
  func appendValidated(_ event: TraceEvent) throws(TraceError) {
    try ensureOpen()
    guard event.time >= lastTime else {
      throw refusal(event, "time \(event.time) ns precedes the previous event's \(lastTime) ns")
    }
    if event.requiredVersion > header.version {
      throw refusal(
        event, "it needs trace format \(event.requiredVersion) and the header declares \(header.version)")
    }
    if case .sceneConnected(let scene, _, _) = event.payload, !state.isConnected(scene),
      state.scenes.count >= TraceFormat.maxConnectedScenes
    {
      throw refusal(event, "\(TraceFormat.maxConnectedScenes) scenes are already connected")
    }
    if let start = pending?.time, event.time - start >= policy.maxSpan { try endFrame(sync: false) }
    // Checked and applied at once, after the last step that can fail without writing the event: a
    // frame the span ends holds only earlier events, so ending it first changes no byte.
    if let total = stateStrings.admit(StateStringTally.change(of: event.payload)) {
      throw refusal(event, EventRefusal.stateStrings(bytes: total).description)
    }
    if pending == nil { pending = startFrame(at: event.time) }
    // The frame is mutated in place through `pending!`, its buffers never copied; the record is encoded
    // at the end of the frame (no allocation). It fits the record limit whatever the frame already
    // holds: the rules bound the strings of every event (``TraceEvent/maxRecordStringBytes``), and a
    // record holds little else, so no encoded record is ever taken back out.
    let recordBytes = pending!.encode(event)
    assert(recordBytes <= TraceFormat.maxRecordBytes, "a \(recordBytes)-byte record passed the rules")
    pending!.lastTime = event.time
    pending!.items += Self.items(event.payload)
    // The strings of the frame's layout and presented records, keyframe included, were below the
    // threshold before this record and are at most one record's more after it: the frame stays within
    // the reader's rule (``TraceEvent/maxFrameRecordStringBytes``).
    let full =
      pending!.events.bytes.count >= policy.maxBufferedBytes
      || pending!.items >= TraceFormat.frameItemThreshold
      || pending!.codec.recordStrings >= TraceEvent.frameRecordStringThreshold
    state.apply(event.payload)
    lastTime = event.time
    if full {
      try endFrame(sync: false)
    }
  }

  /// Ends the current frame, writes it and `fsync`s the file. Without buffered events it writes nothing
  /// (but still syncs a file). With concurrent compression, first waits for the frames in flight.
  /// - Throws: ``TraceError`` `.io` when writing or syncing fails (or compressing, which closes a writer
  ///   with concurrent compression), `.closed` after ``close()``.
  public func flush() throws(TraceError) {
    try ensureOpen()
    try endFrame(sync: true)
  }

  /// Ends the current frame, appends the seek table, `fsync`s and releases the file. Further calls do
  /// nothing; appends throw `.closed`. With concurrent compression, first waits for the frames in flight.
  /// - Throws: ``TraceError`` `.io` when writing, syncing or (with concurrent compression) compressing
  ///   fails.
  public func close() throws(TraceError) {
    guard !isClosed else { return }
    try endFrame(sync: false)
    try collectFrames(waiting: true)
    try commit(SeekTable(entries: seekEntries).encoded())
    try file?.sync()
    file?.close()
    isClosed = true
  }

  private func ensureOpen() throws(TraceError) {
    if isClosed { throw TraceError(.closed, file: name, reason: closedReason) }
  }

  private func refusal(_ event: TraceEvent, _ reason: String) -> TraceError {
    let scene = event.scene.map { ", scene \($0)" } ?? ""
    return TraceError(
      .invalidEvent, file: name,
      reason: "refused \(event.kind.name) event at \(event.time) ns\(scene): \(reason); it was not written")
  }

  private func startFrame(at time: UInt64) -> PendingFrame {
    var codec = RecordCodec()
    var keyframe = ByteWriter()
    let payloads = state.payloads
    for payload in payloads { codec.encode(payload, delta: 0, into: &keyframe) }
    var frame = PendingFrame(
      time: time, codec: codec, keyframe: keyframe, keyCount: payloads.count, lastTime: time,
      items: payloads.reduce(0) { $0 + Self.items($1) })
    swap(&frame.events.bytes, &spareEvents)
    return frame
  }

  /// The items a record counts for against the reader's ``TraceReaderLimits/maxFrameRecords``: 1, plus
  /// the regions it lists.
  private static func items(_ payload: TraceEvent.Payload) -> Int {
    switch payload {
    case .regions(_, let regions): 1 + regions.count
    case .layout(_, let layout): 1 + layout.elements.count
    case .presented(_, let elements): 1 + elements.count
    default: 1
    }
  }

  private func endFrame(sync: Bool) throws(TraceError) {
    if let pipeline {
      try endFrame(into: pipeline, wait: sync)
      return
    }
    if var frame = pending {
      var content = ByteWriter()
      swap(&content.bytes, &spareContent)
      Self.writeContent(of: frame, into: &content)
      let compressed: [UInt8]
      do {
        compressed = try compressor.compressFrame(content.bytes)
      } catch {
        throw TraceError(.io, file: name, reason: "compression failed: \(error)")
      }
      try commitFrame(compressed, contentSize: content.bytes.count)
      pending = nil
      swap(&spareEvents, &frame.events.bytes)  // `frame` holds the only reference now `pending` is nil
      spareEvents.removeAll(keepingCapacity: true)
      swap(&spareContent, &content.bytes)
      spareContent.removeAll(keepingCapacity: true)
    }
    if sync { try file?.sync() }
  }

  /// ``endFrame(sync:)`` with concurrent compression (an in-memory writer, so nothing to sync): hands the
  /// frame's content to a worker, after taking back the oldest frame in flight if two are; with `wait`,
  /// waits for every frame in flight.
  private func endFrame(into pipeline: FrameCompressionPipeline, wait: Bool) throws(TraceError) {
    if var frame = pending {
      if pipeline.isFull { try collectFrame(pipeline, waiting: true) }
      // A fresh buffer each frame: the worker owns this one until the frame comes back.
      var content = ByteWriter()
      content.bytes.reserveCapacity(20 + frame.keyframe.bytes.count + frame.events.bytes.count)
      Self.writeContent(of: frame, into: &content)
      pipeline.submit(content.bytes)
      pending = nil
      swap(&spareEvents, &frame.events.bytes)  // `frame` holds the only reference now `pending` is nil
      spareEvents.removeAll(keepingCapacity: true)
    }
    try collectFrames(waiting: wait)
  }

  /// Commits the frames the workers have finished, oldest first; with `waiting`, every frame in flight.
  private func collectFrames(waiting: Bool) throws(TraceError) {
    guard let pipeline else { return }
    while pipeline.inFlight > 0 {
      guard try collectFrame(pipeline, waiting: waiting) else { return }
    }
  }

  /// Commits the oldest frame in flight, if it is finished or `waiting`.
  /// - Returns: Whether a frame was committed.
  /// - Throws: ``TraceError`` `.io` when its compression failed; the writer is closed then, since the
  ///   frame's events are lost (the frames before it are complete, the seek table is never written).
  @discardableResult
  private func collectFrame(_ pipeline: FrameCompressionPipeline, waiting: Bool) throws(TraceError) -> Bool {
    let frame: FrameCompressionPipeline.Frame?
    do {
      frame = try pipeline.next(waiting: waiting)
    } catch {
      isClosed = true
      closedReason = "a frame's compression failed (\(error)); the writer is closed"
      while pipeline.inFlight > 0 { _ = try? pipeline.next(waiting: true) }
      throw TraceError(.io, file: name, reason: "compression failed: \(error); the writer is closed")
    }
    guard let frame else { return false }
    try commitFrame(frame.compressed, contentSize: frame.contentSize)
    return true
  }

  /// A data frame's content: its time, its keyframe's record count, the keyframe, then the events.
  private static func writeContent(of frame: PendingFrame, into content: inout ByteWriter) {
    content.varint(frame.time)
    content.varint(UInt64(frame.keyCount))
    content.bytes.append(contentsOf: frame.keyframe.bytes)
    content.bytes.append(contentsOf: frame.events.bytes)
  }

  /// Writes a compressed data frame and indexes it in the seek table (its checksum is the frame's last
  /// four bytes, zstd's content checksum).
  private func commitFrame(_ compressed: [UInt8], contentSize: Int) throws(TraceError) {
    try commit(compressed)
    seekEntries.append(
      SeekTable.Entry(
        compressedSize: UInt32(compressed.count), decompressedSize: UInt32(contentSize),
        checksum: TraceFormat.u32(compressed, at: compressed.count - 4)))
  }

  /// Writes complete bytes at the end; on failure truncates back to the last complete frame.
  private func commit(_ frame: [UInt8]) throws(TraceError) {
    guard let file else {
      bytes.append(contentsOf: frame)
      committedSize = bytes.count
      return
    }
    do {
      try file.writeAll(frame)
      committedSize += frame.count
    } catch {
      try? file.truncate(to: committedSize)
      throw error
    }
  }
}
