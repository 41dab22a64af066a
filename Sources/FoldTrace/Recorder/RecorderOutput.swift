import Dispatch

/// The writer queue's side of a ``SessionRecorder``: the sink, the in-memory writer that encodes and
/// compresses frames, and the spare buffer it swaps with the caller's. Touched only on the recorder's
/// serial queue, which is what makes the unchecked `Sendable` sound.
final class RecorderOutput: @unchecked Sendable {
  let sink: any SessionRecorderSink
  /// Encodes events into frames; its policy has no span (the recorder ends frames by span itself, so it
  /// knows which events each frame holds).
  let writer: TraceWriter
  /// The events taken from the caller's buffer, being encoded; empty between batches, capacity kept.
  var batch: SlotBuffer<TraceEvent>
  /// The flush positions taken with `batch`.
  var flushes: [Int] = []
  /// Start time of the writer's open frame, in nanoseconds, when one is open.
  var frameStart: UInt64?
  /// Recorded events (not `dropped` records) in the open frame: lost if its write fails.
  var eventsInFrame: UInt64 = 0
  /// Set after the sink failed or the trace was closed: nothing more is encoded or written.
  var stopped = false

  init(sink: any SessionRecorderSink, writer: TraceWriter, capacity: Int) {
    self.sink = sink
    self.writer = writer
    self.batch = SlotBuffer(capacity: capacity)
    flushes.reserveCapacity(16)
  }
}

/// Wakes a recorder's writer queue without allocating: a `DispatchSource` that adds data, whose
/// signals coalesce while its handler is pending (a `DispatchQueue.async` closure would allocate a block
/// on every wake-up).
final class RecorderWakeup: @unchecked Sendable {
  private let source: any DispatchSourceUserDataAdd

  init(queue: DispatchQueue) {
    source = DispatchSource.makeUserDataAddSource(queue: queue)
  }

  /// Installs the handler and activates the source; once.
  func start(_ handler: @escaping @Sendable () -> Void) {
    source.setEventHandler(handler: handler)
    source.activate()
  }

  /// Asks for the handler to run on the queue; thread-safe, and cheap when a wake-up is pending.
  func signal() { source.add(data: 1) }

  /// Cancels the source: the handler runs no more.
  func stop() {
    if !source.isCancelled { source.cancel() }
  }
}
