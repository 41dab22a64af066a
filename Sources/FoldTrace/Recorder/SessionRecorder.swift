import Dispatch
import Synchronization

/// Records an app's session into a trace: thread-safe, cheap enough for the main thread at 120 Hz, and
/// never blocking its callers on the disk (issue 2, "Writer, recorder, reader").
///
/// A call to ``record(_:)`` checks the event's values, stamps it with the recorder's clock and appends it
/// to a bounded in-memory queue, all under a short lock and without I/O. A serial writer queue takes the
/// queued events in batches and hands them to the sink (a trace writer, which encodes, compresses and
/// writes them).
///
/// When the sink falls behind and the queue holds `capacity` events, further events are dropped and
/// counted; as soon as there is room again, a ``TraceEvent/Payload/dropped(count:)`` event with the count
/// goes into the trace before the next event, so a trace always says where and how much it lost. At most
/// `2 × capacity` events are held in memory (the queue and the batch being written).
///
/// A failing sink (disk full, write error) never crashes the app: the first error is kept in
/// ``lastError``, passed once to the error handler, and rethrown by ``close()``; later events are counted
/// as dropped.
public final class SessionRecorder: Sendable {
  struct State: ~Copyable {
    var pending: [TraceEvent] = []
    var lastTime: UInt64 = 0
    var dropped: UInt64 = 0
    var droppedTotal: UInt64 = 0
    var recorded: UInt64 = 0
    var scenes = SceneIDMap()
    var draining = false
    var flushRequested = false
    var closed = false
    var error: (any Error)?
  }

  let state: Mutex<State>
  let capacity: Int
  let clock: RecorderClock
  let queue = DispatchQueue(label: "FoldTrace.SessionRecorder")
  let writer: RecorderWriterBox
  let errorHandler: (@Sendable (any Error) -> Void)?

  /// Creates a recorder that writes to a sink.
  ///
  /// - Parameters:
  ///   - sink: Where events go; called only from the recorder's writer queue.
  ///   - capacity: How many events may wait for the sink before new ones are dropped (≥ 2). The default,
  ///     4096, is 34 s of 120 Hz geometry updates.
  ///   - clock: The session clock, in nanoseconds; the default is ``RecorderClock/monotonic()``.
  ///   - onError: Called once, on the writer queue, with the first sink error.
  public init(
    sink: any SessionRecorderSink, capacity: Int = 4096, clock: RecorderClock = .monotonic(),
    onError: (@Sendable (any Error) -> Void)? = nil
  ) {
    precondition(capacity >= 2, "SessionRecorder capacity must be at least 2")
    var initial = State()
    initial.pending.reserveCapacity(capacity)
    self.state = Mutex(initial)
    self.capacity = capacity
    self.clock = clock
    self.writer = RecorderWriterBox(sink: sink, capacity: capacity)
    self.errorHandler = onError
  }

  /// Records an event at the clock's current time.
  ///
  /// Never waits for the disk. When the queue is full the event is dropped and counted.
  ///
  /// - Parameter payload: What happened.
  /// - Returns: True when the event was queued, false when it was dropped.
  /// - Throws: ``SessionRecorderError/invalidEvent(kind:reason:)`` for a value no trace may hold,
  ///   ``SessionRecorderError/closed`` after ``close()``.
  /// - Complexity: O(1), amortized over the queue's reserved capacity (no allocation in steady state).
  @discardableResult
  public func record(_ payload: TraceEvent.Payload) throws -> Bool {
    try RecordValidation.check(payload)
    let (queued, schedule) = try state.withLock { state throws in
      if state.closed { throw SessionRecorderError.closed }
      return enqueue(payload, into: &state)
    }
    if schedule { queue.async { self.drain() } }
    return queued
  }

  /// Appends under the lock. Returns whether the event was queued and whether a drain must be scheduled.
  func enqueue(_ payload: TraceEvent.Payload, into state: inout State) -> (queued: Bool, schedule: Bool) {
    let time = max(state.lastTime, clock.now())
    state.lastTime = time
    state.recorded += 1
    let needed = state.dropped > 0 ? 2 : 1
    if state.error != nil {  // The sink failed: count, write nothing more.
      state.droppedTotal += 1
      return (false, false)
    }
    if state.pending.count + needed > capacity {  // The sink is behind: count for a `dropped` record.
      state.dropped += 1
      state.droppedTotal += 1
      return (false, false)
    }
    if state.dropped > 0 {
      state.pending.append(TraceEvent(time: time, .dropped(count: state.dropped)))
      state.dropped = 0
    }
    state.pending.append(TraceEvent(time: time, payload))
    let schedule = !state.draining
    state.draining = true
    return (true, schedule)
  }

  /// Asks the writer queue to make everything recorded so far durable (for a trace, to end the frame).
  /// Returns at once. Call it when the app moves to the background.
  public func flush() {
    let schedule = state.withLock { state in
      guard !state.closed else { return false }
      state.flushRequested = true
      let schedule = !state.draining
      state.draining = true
      return schedule
    }
    if schedule { queue.async { self.drain() } }
  }

  /// How many events were dropped so far because the queue was full or the sink had failed.
  public var droppedCount: UInt64 { state.withLock { $0.droppedTotal } }

  /// How many events were offered to ``record(_:)`` and passed validation, dropped ones included.
  public var recordedCount: UInt64 { state.withLock { $0.recorded } }

  /// The first error the sink threw, if any. Recording stops writing after it.
  public var lastError: (any Error)? { state.withLock { $0.error } }

  /// Writes everything queued, records any pending drop count, and closes the sink.
  ///
  /// Waits for the writer queue, so call it when the session ends, not on every frame. A second call
  /// does nothing.
  ///
  /// - Throws: The first error the sink threw during the session or while closing.
  public func close() throws {
    let wasClosed = state.withLock { state in
      defer { state.closed = true }
      return state.closed
    }
    if wasClosed { return }
    queue.sync { self.finish() }
    if let error = lastError { throw error }
  }
}
