/// Where a ``SessionRecorder`` puts events on its writer queue: a trace file in apps, a test double in
/// tests, or anything else that stores events in order.
///
/// The recorder calls a sink from one serial queue only, never concurrently, so a sink needs no locking of
/// its own. A sink may block (that is the disk falling behind); the recorder's callers never wait for it.
public protocol SessionRecorderSink: AnyObject {
  /// Stores one event. Events arrive in order, with non-decreasing times.
  ///
  /// - Throws: Any error; the recorder stops writing, reports it and counts later events as dropped.
  func append(_ event: TraceEvent) throws
  /// Makes the events appended so far durable (for a trace: ends the current frame).
  ///
  /// - Throws: Any error, handled as for ``append(_:)``.
  func flush() throws
  /// Ends the sink; no call follows.
  ///
  /// - Throws: Any error; ``SessionRecorder/close()`` rethrows it.
  func close() throws
}
