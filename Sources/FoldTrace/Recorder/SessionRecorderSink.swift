/// Where a ``SessionRecorder`` puts a trace's bytes on its writer queue: a `.foldtrace` file in apps
/// (``SessionRecorder/init(path:header:policy:eventCapacity:clock:onError:)``), a test double in tests, or
/// anything else that stores bytes in order.
///
/// The recorder calls a sink from one serial queue only, never concurrently, so a sink needs no locking of
/// its own. A sink may block (that is the disk falling behind): ``SessionRecorder/record(_:)`` never
/// waits for it, but ``SessionRecorder/synchronize()`` and ``SessionRecorder/close()`` do, so a sink that
/// never returns makes them wait forever.
public protocol SessionRecorderSink: AnyObject {
  /// Appends whole zstd frames of the trace, in order: the header frame first, the seek table last.
  ///
  /// - Parameter bytes: Complete frames; a sink that fails part-way should leave only whole frames.
  /// - Throws: Any error; the recorder stops writing, reports it and counts the lost events as dropped.
  func write(_ bytes: [UInt8]) throws
  /// Makes what was written durable (`fsync`).
  ///
  /// - Throws: Any error, handled as for ``write(_:)``.
  func synchronize() throws
  /// Ends the sink; no call follows.
  ///
  /// - Throws: Any error; ``SessionRecorder/close()`` rethrows it.
  func close() throws
}
