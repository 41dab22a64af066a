/// A trace writer stores a recorder's events in a `.foldtrace` file: `flush()` ends a frame and `fsync`s.
extension TraceWriter: SessionRecorderSink {}

extension SessionRecorder {
  /// Creates a recorder that writes a new trace file.
  ///
  /// The file is created, locked and given its header here, on the caller's thread; everything after
  /// goes through the recorder's writer queue.
  ///
  /// - Parameters:
  ///   - path: Where to create the trace (conventionally `*.foldtrace`); must not hold data yet.
  ///   - header: The session header.
  ///   - policy: When the writer ends frames (default 64 KiB or 1 s of trace time).
  ///   - capacity: How many events may wait for the disk before new ones are dropped.
  ///   - clock: The session clock, in nanoseconds; the default is ``RecorderClock/monotonic()``.
  ///   - onError: Called once, on the writer queue, with the first write error.
  /// - Throws: ``TraceError`` when the file cannot be created, locked or written.
  public convenience init(
    path: String, header: TraceHeader, policy: FlushPolicy = .default, capacity: Int = 4096,
    clock: RecorderClock = .monotonic(), onError: (@Sendable (any Error) -> Void)? = nil
  ) throws {
    let writer = try TraceWriter(path: path, header: header, policy: policy)
    self.init(sink: writer, capacity: capacity, clock: clock, onError: onError)
  }
}
