import Dispatch
import Synchronization

/// Records an app's session into a trace: thread-safe, cheap enough for the main thread at 120 Hz, and
/// never blocking its callers on the disk (issue 2, "Writer, recorder, reader").
///
/// **Encoding on the caller, I/O off it.** ``record(_:)`` validates the event, stamps it with the
/// recorder's clock and encodes it into the current frame of an in-memory ``TraceWriter``, under a short
/// lock. When a frame ends (by the ``FlushPolicy``, on ``flush()`` or ``close()``) its compressed bytes
/// join a queue that a serial writer queue hands to the sink (the file) — the caller never touches the
/// disk. Frames are identical to those a ``TraceWriter`` with the same policy would write.
///
/// **Bounded memory.** When the sink falls behind and more than `capacity` bytes of whole frames wait for
/// it, new events are dropped and counted; as soon as there is room again, a
/// ``TraceEvent/Payload/dropped(count:)`` event with the count goes into the trace before the next
/// event, so a trace always says where and how much it lost. Memory stays below `capacity` plus one frame
/// (``FlushPolicy/maxBufferedBytes``) plus the frame being written.
///
/// **Errors reach the app, never crash it.** A value no trace may hold is refused by ``record(_:)`` at
/// once. A failing sink (disk full, write error) is kept in ``lastError``, passed once to the error
/// handler, and rethrown by ``close()``; the events it lost and all later ones are counted in
/// ``droppedCount``.
public final class SessionRecorder: Sendable {
  /// Whole frames waiting for the sink.
  struct Chunk {
    var bytes: [UInt8]
    /// Events whose records are in these frames.
    var events: UInt64
    /// Whether to `fsync` after writing them.
    var synchronize: Bool
  }

  struct State: ~Copyable {
    var writer: TraceWriter
    var backlog: [Chunk] = []
    var backlogBytes = 0
    /// Start time of the writer's open frame, when one is open; the recorder applies the policy's span.
    var frameStart: UInt64?
    var eventsInFrame: UInt64 = 0
    var lastTime: UInt64 = 0
    var dropped: UInt64 = 0
    var droppedTotal: UInt64 = 0
    var scenes = SceneIDMap()
    var draining = false
    var closed = false
    var error: (any Error)?
  }

  let state: Mutex<State>
  let capacity: Int
  let maxSpan: UInt64
  let clock: RecorderClock
  let queue = DispatchQueue(label: "FoldTrace.SessionRecorder")
  let output: RecorderOutput
  let errorHandler: (@Sendable (any Error) -> Void)?

  /// Creates a recorder that writes a trace to a sink.
  ///
  /// - Parameters:
  ///   - sink: Where the trace's bytes go; called only from the recorder's writer queue. The header frame
  ///     is its first write.
  ///   - header: The session header.
  ///   - policy: When frames end (default 64 KiB or 1 s of trace time).
  ///   - capacity: How many bytes of finished frames may wait for the sink before events are dropped
  ///     (default 4 MiB, minutes of 120 Hz geometry).
  ///   - clock: The session clock, in nanoseconds; the default is ``RecorderClock/monotonic()``.
  ///   - onError: Called once, on the writer queue, with the first sink error; also called for an event
  ///     the writer refused after validation (a record over the size limit).
  /// - Throws: ``TraceError`` `.invalidArgument` for a header no reader could read
  ///   (``TraceHeader/validationFailure``); nothing reaches the sink.
  public convenience init(
    sink: any SessionRecorderSink, header: TraceHeader, policy: FlushPolicy = .default,
    capacity: Int = 4 << 20, clock: RecorderClock = .monotonic(),
    onError: (@Sendable (any Error) -> Void)? = nil
  ) throws(TraceError) {
    try self.init(
      sink: sink, header: header, policy: policy, headerWritten: false, capacity: capacity, clock: clock,
      onError: onError)
  }

  init(
    sink: any SessionRecorderSink, header: TraceHeader, policy: FlushPolicy, headerWritten: Bool,
    capacity: Int,
    clock: RecorderClock, onError: (@Sendable (any Error) -> Void)?
  ) throws(TraceError) {
    // The recorder applies the span itself, so it knows which events each finished frame holds.
    let writer = try TraceWriter(
      header: header, policy: FlushPolicy(maxBufferedBytes: policy.maxBufferedBytes, maxSpan: .max))
    let headerFrame = writer.takeBytes()
    var initial = State(writer: writer)
    if !headerWritten {
      initial.backlog.append(Chunk(bytes: headerFrame, events: 0, synchronize: false))
      initial.backlogBytes = headerFrame.count
      initial.draining = true
    }
    self.state = Mutex(initial)
    self.capacity = max(capacity, 1)
    self.maxSpan = policy.maxSpan
    self.clock = clock
    self.output = RecorderOutput(sink: sink)
    self.errorHandler = onError
    if !headerWritten { queue.async { self.drain() } }
  }

  /// Records an event at the clock's current time.
  ///
  /// Never waits for the disk: it encodes the event (and, when a frame ends, compresses it — a 1 s frame
  /// of 120 Hz geometry takes about 8 µs) and returns. When the sink is behind, the event is dropped and
  /// counted.
  ///
  /// - Parameter payload: What happened.
  /// - Returns: True when the event was recorded, false when it was dropped.
  /// - Throws: ``SessionRecorderError/invalidEvent(kind:reason:)`` for a value no trace may hold,
  ///   ``SessionRecorderError/closed`` after ``close()``.
  /// - Complexity: O(event size); O(frame size) when the event ends a frame.
  @discardableResult
  public func record(_ payload: TraceEvent.Payload) throws -> Bool {
    try RecordValidation.check(payload)
    let (recorded, schedule) = try state.withLock { state throws in
      if state.closed { throw SessionRecorderError.closed }
      return try enqueue(payload, into: &state)
    }
    if schedule { queue.async { self.drain() } }
    return recorded
  }

  /// Asks for everything recorded so far to be made durable: ends the current frame here and has the
  /// writer queue write and `fsync` it. Returns without waiting. Call it when the app moves to the
  /// background.
  public func flush() {
    let schedule = state.withLock { state in
      guard !state.closed, state.error == nil else { return false }
      do {
        try state.writer.flush()
      } catch {
        state.error = error
        return false
      }
      return finishChunk(in: &state, synchronize: true)
    }
    if schedule { queue.async { self.drain() } }
  }

  /// How many events were dropped so far: while the sink was behind, refused by the writer, or lost to
  /// a sink failure.
  public var droppedCount: UInt64 { state.withLock { $0.droppedTotal } }

  /// The first error the sink threw, if any. Recording stops writing after it.
  public var lastError: (any Error)? { state.withLock { $0.error } }

  /// Records any pending drop count, ends the trace (last frame and seek table), writes it, and closes
  /// the sink.
  ///
  /// Waits for the writer queue, so call it when the session ends, not on every frame. A second call
  /// does nothing.
  ///
  /// - Throws: The first error the sink threw during the session or while closing.
  public func close() throws {
    let wasClosed = state.withLock { state in
      defer { state.closed = true }
      if !state.closed { finishTrace(in: &state) }
      return state.closed
    }
    if wasClosed { return }
    queue.sync { self.finish() }
    if let error = lastError { throw error }
  }
}
