extension SessionRecorder {
  /// Creates a recorder that writes a new trace file.
  ///
  /// The file is created, locked and given its header here, on the caller's thread (the name appears
  /// only once the header is on disk), so a path that cannot be written fails at once; everything after goes
  /// through the recorder's writer queue.
  ///
  /// - Parameters:
  ///   - path: Where to create the trace (conventionally `*.foldtrace`); must not hold data yet.
  ///   - header: The session header.
  ///   - policy: When frames end (default 64 KiB or 1 s of trace time).
  ///   - eventCapacity: How many events may wait for the writer queue before events are dropped (clamped
  ///     to 1…``SessionRecorder/maxEventCapacity``); memory per
  ///     ``SessionRecorder/bufferBytes(eventCapacity:)``.
  ///   - clock: The session clock, in nanoseconds; the default is ``RecorderClock/monotonic()``.
  ///   - onError: Called once, on the writer queue, with the first write error.
  /// - Throws: ``TraceError`` when the file cannot be created, locked or written.
  public convenience init(
    path: String, header: TraceHeader, policy: FlushPolicy = .default,
    eventCapacity: Int = SessionRecorder.defaultEventCapacity,
    clock: RecorderClock = .monotonic(), onError: (@Sendable (any Error) -> Void)? = nil
  ) throws {
    try header.validate(for: path)
    let sink = try TraceFileSink(path: path, contents: header.encodedFrame())
    try self.init(
      sink: sink, header: header, policy: policy, headerWritten: true, eventCapacity: eventCapacity,
      clock: clock, onError: onError)
  }
}
