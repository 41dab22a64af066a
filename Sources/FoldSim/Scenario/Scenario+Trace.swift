import FoldTrace

extension Scenario {
  /// Plays the scenario and encodes it as a trace with an in-memory `TraceWriter` and the archive flush
  /// policy — exactly the bytes `foldsim SCENARIO.json -o OUT` writes for a scenario without
  /// ``appOutput`` (with it, FoldSimApp adds the app's events and calls ``traceBytes(of:)``).
  /// - Returns: The trace file's bytes, seek table included.
  /// - Throws: ``ScenarioError`` for a scenario that cannot be played or whose header labels no reader
  ///   could read (an `app` label over 64 KiB), or naming the event the writer refused (a FoldSim bug:
  ///   the message says which event).
  /// - Complexity: O(events).
  public func traceBytes() throws(ScenarioError) -> [UInt8] {
    try traceBytes(of: try events())
  }

  /// Encodes `events` under this scenario's ``header``, as ``traceBytes()`` does.
  /// - Parameter events: The session's events in time order.
  /// - Returns: The trace file's bytes, seek table included.
  /// - Throws: ``ScenarioError`` as ``traceBytes()`` does.
  /// - Complexity: O(events).
  public func traceBytes(of events: [TraceEvent]) throws(ScenarioError) -> [UInt8] {
    let writer: TraceWriter
    do {
      writer = try TraceWriter(header: header, policy: .archive)
    } catch {
      throw ScenarioError(file: file, line: 1, column: 1, field: "app", message: error.reason)
    }
    for (index, event) in events.enumerated() {
      do {
        try writer.append(event)
      } catch {
        throw ScenarioError(
          file: file, line: 1, column: 1, field: "",
          message: "the trace writer refused synthesized event \(index) (\(event.kind.name)): \(error)")
      }
    }
    do {
      try writer.close()
    } catch {
      throw ScenarioError(
        file: file, line: 1, column: 1, field: "", message: "closing the trace failed: \(error)")
    }
    return writer.bytes
  }
}
