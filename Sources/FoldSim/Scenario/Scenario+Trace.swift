import FoldTrace

extension Scenario {
  /// Plays the scenario and encodes it as a trace with an in-memory `TraceWriter` and the archive flush
  /// policy — exactly the bytes `foldsim SCENARIO.json -o OUT` writes for a scenario without
  /// ``appOutput`` (with it, FoldSimApp weaves in the app's events and calls
  /// ``writeTrace(playing:_:observing:)``).
  /// - Returns: The trace file's bytes, seek table included.
  /// - Throws: As ``writeTrace(_:observing:)``.
  /// - Complexity: O(events); the whole trace in memory (``writeTrace(_:observing:)`` streams it).
  public func traceBytes() throws(ScenarioError) -> [UInt8] {
    var bytes: [UInt8] = []
    try writeTrace { piece in
      bytes += piece
      return true
    }
    return bytes
  }

  /// Plays the scenario and encodes it as ``traceBytes()`` does, handing the trace's bytes to `output`
  /// as its frames complete (the header first, the seek table last): the same bytes, in pieces, with
  /// memory bounded by a frame and ``eventBatch`` events however long the session.
  ///
  /// - Parameters:
  ///   - output: Takes the next bytes; returns false to stop (they could not be stored), which leaves
  ///     the trace incomplete.
  ///   - observe: Called with each event written, in order (for a summary).
  /// - Returns: False when `output` stopped it; true when the whole trace was handed over.
  /// - Throws: ``ScenarioError`` for a scenario that cannot be played or whose header labels no reader
  ///   could read (an `app` label over 64 KiB), or naming the event the writer refused (a FoldSim bug:
  ///   the message says which event). The bytes handed over before are then an incomplete trace.
  /// - Complexity: O(events) time.
  @discardableResult
  public func writeTrace(
    _ output: ([UInt8]) -> Bool, observing observe: (TraceEvent) -> Void = { _ in }
  ) throws(ScenarioError) -> Bool {
    try writeTrace(
      playing: { deliver throws(ScenarioError) in try play(deliver) }, output, observing: observe)
  }

  /// Encodes the events `play` hands over under this scenario's ``header``, as ``writeTrace(_:observing:)``
  /// does with the scenario's own: for a session that FoldSimApp weaves with the app's output as it plays.
  ///
  /// - Parameters:
  ///   - play: Plays a session, handing its events in time order to the closure it is given (which
  ///     returns false to stop) and returning false when stopped, as ``play(_:)`` does.
  ///   - output: Takes the next bytes; returns false to stop, which leaves the trace incomplete.
  ///   - observe: Called with each event written, in order.
  /// - Returns: False when `output` stopped it; true when the whole trace was handed over.
  /// - Throws: As ``writeTrace(_:observing:)``, and whatever `play` throws.
  /// - Complexity: O(events) time; memory bounded by a frame and a batch of events.
  @discardableResult
  public func writeTrace(
    playing play: @escaping (_ deliver: ([TraceEvent]) -> Bool) throws(ScenarioError) -> Bool,
    _ output: ([UInt8]) -> Bool, observing observe: (TraceEvent) -> Void = { _ in }
  ) throws(ScenarioError) -> Bool {
    let writer: TraceWriter
    do {
      writer = try TraceWriter(header: header, policy: .archive)
    } catch {
      throw ScenarioError(file: file, line: 1, column: 1, field: "app", message: error.reason)
    }
    var index = 0
    var refusal: ScenarioError?
    let played = try play { batch in
      for event in batch {
        do {
          try writer.append(event)
        } catch {
          refusal = ScenarioError(
            file: file, line: 1, column: 1, field: "",
            message: "the trace writer refused synthesized event \(index) (\(event.kind.name)): \(error)")
          return false
        }
        observe(event)
        index += 1
      }
      let bytes = writer.takeBytes()
      return bytes.isEmpty || output(bytes)
    }
    if let refusal { throw refusal }
    guard played else { return false }
    do {
      try writer.close()
    } catch {
      throw ScenarioError(
        file: file, line: 1, column: 1, field: "", message: "closing the trace failed: \(error)")
    }
    return output(writer.takeBytes())
  }
}
