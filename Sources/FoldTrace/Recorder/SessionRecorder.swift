import Dispatch
import Synchronization

/// Records an app's session into a trace: thread-safe, cheap enough for the main thread at 120 Hz, and
/// never blocking its callers on the disk.
///
/// **A move on the caller, everything else off it.** ``record(_:)`` validates the event and reads the
/// recorder's clock, then, under a short lock, stamps it with that reading (read again under the lock
/// when a concurrent caller with a later reading got the lock first, so times increase in the trace)
/// and takes the next slot of a buffer of `eventCapacity` events allocated once; after the lock it
/// moves the event into that slot (no copy, no retain) and marks the slot filled. A serial writer
/// queue swaps the full buffer for its own empty one (waiting for slots taken but not yet filled; both keep
/// their capacity, so neither side allocates in steady state), then encodes the events into the frames
/// of an in-memory ``TraceWriter``, compresses each frame the ``FlushPolicy`` ends and hands it to the
/// sink (the file). Frames are byte-identical to those a ``TraceWriter`` with the same policy writes for
/// the same stamped events (<doc:TraceFormat>, "Frame policy"; RFC 8878 frames).
///
/// The writer queue wakes when a quarter of the buffer is used, when an event's time reaches the end of
/// the writer's open frame (its policy span), on ``flush()``, ``synchronize()`` and ``close()``; so a
/// frame is written as soon as the event that ends it is recorded, as with a ``TraceWriter``.
///
/// **Bounded memory.** At most `eventCapacity` events wait for the writer queue; while the buffer is full
/// (the disk fell behind and the queue is stuck writing), new events are dropped and counted, and as soon
/// as there is room again a ``TraceEvent/Payload/dropped(count:)`` event with the count goes into the trace
/// before the next event, so a trace always says where and how much it lost. Scene connections and
/// disconnections are not dropped while a reserve of 512 slots lasts (two per event, for every scene the
/// format allows connecting and disconnecting once), since without its connection a scene's later events
/// mean nothing. The recorder holds two buffers of `eventCapacity + 513` events
/// (``bufferBytes(eventCapacity:)``: about 1.1 MiB by default), the strings and region lists those events
/// reference (retained, not copied: at most 64 KiB per string, so `eventCapacity` × 64 KiB at worst for
/// events that all carry one), one open frame (below ``FlushPolicy/maxBufferedBytes`` plus a keyframe) and
/// the compressed frame being written.
///
/// **Errors reach the app, never crash it.** A value no trace may hold is refused by ``record(_:)`` at
/// once, on the caller's thread. A failing sink (disk full, write error) is kept in ``lastError``, passed
/// once to the error handler, and thrown by ``synchronize()`` and ``close()``; the events it lost and all
/// later ones are counted in ``droppedCount``.
///
/// **Durability.** ``flush()`` asks for what was recorded so far to be written and `fsync`ed and returns
/// at once; ``synchronize()`` does the same and waits, so when it returns without throwing, every event
/// recorded before the call is on disk. Call it when the app moves to the background.
public final class SessionRecorder: Sendable {
  /// The caller's side, under the lock.
  struct State: ~Copyable {
    /// Stamped events waiting for the writer queue; capacity `eventCapacity + reservedSlots` (room for a
    /// `dropped` record and for scene connections while full), allocated once.
    var buffer: SlotBuffer<TraceEvent>
    /// The time of the buffer's first event, in nanoseconds, when it holds one (its slot may still be
    /// being filled, so it is kept here for the writer queue).
    var bufferStart: UInt64 = 0
    /// Flush requests as positions in `buffer`: end the frame and `fsync` after the first n events.
    var flushes: [Int]
    var lastTime: UInt64 = 0
    /// Events dropped since the last `dropped` record.
    var dropped: UInt64 = 0
    var droppedTotal: UInt64 = 0
    /// When an event's time reaches this, the writer's open frame ends: wake the writer queue.
    var wakeTime: UInt64 = .max
    /// Whether the writer has no open frame and nothing buffered: the next event starts a frame, and
    /// sets `wakeTime` to its time plus the policy's span.
    var armOnNext = true
    /// Whether a wake-up is pending (the writer queue clears it when it takes the buffer).
    var wakeRequested = false
    var scenes = SceneIDMap()
    /// Connected scenes and the strings their state holds, to refuse a connection over
    /// ``TraceFormat/maxConnectedScenes`` and state strings over ``TraceEvent/maxStateStringBytes`` as
    /// the writer would.
    var stateStrings = StateStringTally()
    var closed = false
    var error: (any Error)?
  }

  let state: Mutex<State>
  /// Events the buffer takes before events are dropped.
  let eventCapacity: Int
  /// Buffered events that wake the writer queue.
  let wakeCount: Int
  let maxSpan: UInt64
  let clock: RecorderClock
  let queue = DispatchQueue(label: "FoldTrace.SessionRecorder")
  let output: RecorderOutput
  let wakeup: RecorderWakeup
  let errorHandler: (@Sendable (any Error) -> Void)?
  /// The header's format version: events it cannot hold (``TraceEvent/requiredVersion``) are refused.
  let version: TraceFormatVersion
  /// Entered by the first ``close()`` under the lock, left when the trace is closed.
  let closing = DispatchGroup()

  /// The default number of events the buffer takes: about 34 s of events at 120 Hz.
  public static let defaultEventCapacity = 4096

  /// The bytes the recorder preallocates for its two event buffers.
  ///
  /// - Parameter eventCapacity: Events the buffer takes.
  /// - Returns: 2 × (`eventCapacity` + 513) × `MemoryLayout<TraceEvent>.stride` bytes; the strings and
  ///   region lists of buffered events come on top, retained from the caller.
  public static func bufferBytes(eventCapacity: Int) -> Int {
    2 * (clamped(eventCapacity) + reservedSlots) * MemoryLayout<TraceEvent>.stride
  }

  /// Slots beyond `eventCapacity`: one for a `dropped` record, and two for each scene connection or
  /// disconnection (the event and the `dropped` record before it) that arrives while the buffer is
  /// full — 256 of them, every scene the format allows connecting and disconnecting once. A scene's
  /// connection is never dropped while they last, so its later events keep their meaning.
  static let reservedSlots = 1 + 2 * 2 * TraceFormat.maxConnectedScenes

  /// The most events the buffer takes: 1,048,576 (two buffers of about 128 MiB each).
  public static let maxEventCapacity = 1 << 20

  /// `eventCapacity` clamped to 1…``maxEventCapacity``.
  static func clamped(_ eventCapacity: Int) -> Int { min(max(eventCapacity, 1), maxEventCapacity) }

  /// Creates a recorder that writes a trace to a sink.
  ///
  /// - Parameters:
  ///   - sink: Where the trace's bytes go; called only from the recorder's writer queue. The header frame
  ///     is its first write.
  ///   - header: The session header.
  ///   - policy: When frames end (default 64 KiB or 1 s of trace time).
  ///   - eventCapacity: How many events may wait for the writer queue before events are dropped (clamped
  ///     to 1…``maxEventCapacity``; default ``defaultEventCapacity``); memory per
  ///     ``bufferBytes(eventCapacity:)``, plus the strings and region lists the buffered events hold.
  ///   - clock: The session clock, in nanoseconds; the default is ``RecorderClock/monotonic()``.
  ///   - onError: Called once, on the writer queue, with the first sink error; it may call ``close()``
  ///     (which then does not wait) but should return promptly.
  /// - Throws: ``TraceError`` `.invalidArgument` for a header no reader could read
  ///   (``TraceHeader/validationFailure``); nothing reaches the sink.
  public convenience init(
    sink: any SessionRecorderSink, header: TraceHeader, policy: FlushPolicy = .default,
    eventCapacity: Int = SessionRecorder.defaultEventCapacity, clock: RecorderClock = .monotonic(),
    onError: (@Sendable (any Error) -> Void)? = nil
  ) throws(TraceError) {
    try self.init(
      sink: sink, header: header, policy: policy, headerWritten: false, eventCapacity: eventCapacity,
      clock: clock, onError: onError)
  }

  init(
    sink: any SessionRecorderSink, header: TraceHeader, policy: FlushPolicy, headerWritten: Bool,
    eventCapacity: Int, clock: RecorderClock, onError: (@Sendable (any Error) -> Void)?
  ) throws(TraceError) {
    // The recorder applies the span itself, so it knows which events each finished frame holds; size
    // and compression level are the writer's.
    var writerPolicy = policy
    writerPolicy.maxSpan = .max
    let writer = try TraceWriter(header: header, policy: writerPolicy)
    let headerFrame = writer.takeBytes()
    let capacity = Self.clamped(eventCapacity)
    var flushes: [Int] = []
    flushes.reserveCapacity(16)
    self.state = Mutex(
      State(buffer: SlotBuffer(capacity: capacity + Self.reservedSlots), flushes: flushes))
    self.eventCapacity = capacity
    self.wakeCount = max(capacity / 4, 1)
    self.maxSpan = policy.maxSpan
    self.clock = clock
    self.output = RecorderOutput(sink: sink, writer: writer, capacity: capacity + Self.reservedSlots)
    self.errorHandler = onError
    self.version = header.version
    self.wakeup = RecorderWakeup(queue: queue)
    wakeup.start { [weak self] in self?.drain() }
    queue.setSpecific(key: Self.writerQueueKey, value: ObjectIdentifier(self))
    if !headerWritten { queue.async { self.write(headerFrame, events: 0) } }
  }

  /// Records an event at the clock's current time.
  ///
  /// Never waits for the disk nor encodes: it validates the event, stamps it and takes the next slot of
  /// the recorder's buffer under a short lock, then moves the event into the slot (about 46 ns in all, of
  /// which reading the clock takes 24, measured by tracebench on a 2-core KVM machine; no allocation).
  /// When the buffer is full, the event is dropped and counted.
  ///
  /// - Parameter payload: What happened. Taken `consuming`: a payload built at the call site
  ///   (`record(.geometry(…))`) is moved in, not copied; passing one the caller keeps copies it there.
  /// - Returns: True when the event was recorded, false when it was dropped.
  /// - Throws: ``SessionRecorderError/invalidEvent(kind:reason:)`` for a value no trace may hold, an
  ///   event the header's format version cannot hold (``TraceEvent/requiredVersion``), a
  ///   scene connected over the trace format's limit of 128, or a scroll anchor, selection or layout
  ///   that would take the strings of the state every keyframe repeats over 4 MiB
  ///   (``TraceEvent/maxStateStringBytes``: every connected scene's anchor, selection and layout
  ///   together); ``SessionRecorderError/closed`` after ``close()``.
  /// - Complexity: O(1), plus O(r) validation for r reserved regions or elements.
  @discardableResult
  public func record(_ payload: consuming TraceEvent.Payload) throws -> Bool {
    try RecordValidation.check(payload)
    if version < .v1_1 && payload.requiredVersion > version { try refuseNewer(payload) }
    // Read before the lock, to keep the locked section short; `admit` keeps times in buffer order.
    let now = clock.now()
    let change = StateStringTally.packedChange(of: payload)
    let admission = try state.withLock { state throws in
      if state.closed { throw SessionRecorderError.closed }
      return try admit(change, at: now, into: &state)
    }
    // The event is stored into its slot after the lock's release (see `admit`); the payload is moved
    // there (no retain). An event not recorded is released here, on the caller's thread.
    guard let slot = admission.slot else {
      if admission.wake { wakeup.signal() }
      return false
    }
    slot.fill(TraceEvent(time: admission.time, payload))
    if admission.wake { wakeup.signal() }
    return true
  }

  @inline(never)
  private func refuseNewer(_ payload: TraceEvent.Payload) throws {
    throw SessionRecorderError.invalidEvent(
      kind: TraceEvent(time: 0, payload).kind,
      reason: "it needs trace format \(payload.requiredVersion) and the header declares \(version)")
  }

  /// Asks for everything recorded so far to be made durable: the writer queue ends the current frame
  /// after the last event recorded before this call, writes it and `fsync`s. Returns without waiting;
  /// ``synchronize()`` waits.
  public func flush() {
    let wake = state.withLock { state in
      guard !state.closed, state.error == nil else { return false }
      requestFlush(in: &state)
      return true
    }
    if wake { wakeup.signal() }
  }

  /// Makes every event recorded before this call durable, and waits for it.
  ///
  /// Ends the current frame after the last event recorded before the call, has the writer queue encode,
  /// write and `fsync` everything up to there, and returns when that is done — on the disk for the file
  /// recorder, so it survives a crash of the process or the machine. Blocks the caller for the encoding
  /// and the disk (milliseconds: one frame's compression and an `fsync`), so call it when the app moves
  /// to the background (`sceneDidEnterBackground`), not on every frame; ``flush()`` is the non-blocking
  /// form. Called from the error handler (which runs on the writer queue, and so cannot wait for it) it
  /// throws the sink's error at once.
  ///
  /// Events ``record(_:)`` dropped (it returned false) were not recorded; ``droppedCount`` counts them.
  ///
  /// - Throws: The first error the sink threw (now or earlier in the session): the events it lost are
  ///   not durable. ``SessionRecorderError/closed`` after ``close()`` (which already made everything
  ///   durable).
  public func synchronize() throws {
    if isOnWriterQueue {
      if let error = lastError { throw error }
      flush()  // Cannot wait for its own queue: ask, as flush() does.
      return
    }
    try state.withLock { state throws in
      if state.closed { throw SessionRecorderError.closed }
      requestFlush(in: &state)
    }
    queue.sync { self.drain() }
    if let error = lastError { throw error }
  }

  /// How many events were dropped so far: while the buffer was full, or lost to a sink failure.
  public var droppedCount: UInt64 { state.withLock { $0.droppedTotal } }

  /// The first error the sink threw, if any. Recording stops writing after it.
  public var lastError: (any Error)? { state.withLock { $0.error } }

  /// Records any pending drop count, ends the trace (last frame and seek table), writes and `fsync`s it,
  /// and closes the sink.
  ///
  /// Waits for the writer queue, so call it when the session ends, not on every frame. Calls from several
  /// threads all wait until the trace is closed and throw the same error; a call after that returns at
  /// once. Called from the error handler (on the writer queue, which it cannot wait for) it schedules the
  /// close and throws the sink's error at once. A sink that never returns makes it wait forever.
  ///
  /// - Throws: The first error the sink threw during the session or while closing.
  public func close() throws {
    let first = state.withLock { state in
      defer { state.closed = true }
      // Entered under the lock, so a caller that finds the recorder closed always has it to wait on.
      if !state.closed { closing.enter() }
      return !state.closed
    }
    if isOnWriterQueue {
      if first { queue.async { self.finishAndStop() } }
    } else if first {
      queue.sync { self.finishAndStop() }
    } else {
      // Another caller's close is queued, running, or about to be queued (an empty `queue.sync` could
      // run before it is): wait until it is done.
      closing.wait()
    }
    if let error = lastError { throw error }
  }

  func finishAndStop() {
    finish()
    wakeup.stop()
    closing.leave()
  }

  /// The key under which the writer queue carries its recorder's identity.
  private static let writerQueueKey = DispatchSpecificKey<ObjectIdentifier>()

  /// Whether the calling code runs on this recorder's writer queue (the error handler, a sink).
  var isOnWriterQueue: Bool { DispatchQueue.getSpecific(key: Self.writerQueueKey) == ObjectIdentifier(self) }

  deinit { wakeup.stop() }
}
