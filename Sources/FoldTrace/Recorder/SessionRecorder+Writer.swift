/// The sink and the writer queue's spare buffer. Touched only on the recorder's serial queue, which is
/// what makes the unchecked `Sendable` sound.
final class RecorderWriterBox: @unchecked Sendable {
  let sink: any SessionRecorderSink
  var batch: [TraceEvent] = []

  init(sink: any SessionRecorderSink, capacity: Int) {
    self.sink = sink
    batch.reserveCapacity(capacity)
  }
}

extension SessionRecorder {
  /// Runs on the writer queue: swaps the pending events out under the lock and writes them without it,
  /// until nothing is pending.
  func drain() {
    while true {
      let flush = state.withLock { state -> Bool? in
        if state.pending.isEmpty && !state.flushRequested {
          state.draining = false
          return nil
        }
        swap(&state.pending, &writer.batch)
        defer { state.flushRequested = false }
        return state.flushRequested
      }
      guard let flush else { return }
      write(writer.batch, flush: flush)
      writer.batch.removeAll(keepingCapacity: true)
    }
  }

  /// Writes a batch to the sink; on the first failure keeps the error and counts the rest as dropped.
  func write(_ batch: [TraceEvent], flush: Bool) {
    guard state.withLock({ $0.error == nil }) else {
      state.withLock { $0.droppedTotal += UInt64(batch.count) }
      return
    }
    var written = 0
    do {
      for event in batch {
        do {
          try writer.sink.append(event)
        } catch let error as TraceError where error.code == .invalidEvent {
          refuse(error)  // One event the writer would not encode (an oversized record); go on.
        }
        written += 1
      }
      if flush { try writer.sink.flush() }
    } catch {
      fail(error, unwritten: batch.count - written)
    }
  }

  /// Counts an event the writer refused, so a `dropped` record marks the gap, and tells the app.
  func refuse(_ error: TraceError) {
    state.withLock { state in
      state.dropped += 1
      state.droppedTotal += 1
    }
    errorHandler?(error)
  }

  /// Keeps the first sink error, counts what it cost, and tells the app.
  func fail(_ error: any Error, unwritten: Int) {
    let first = state.withLock { state -> Bool in
      state.droppedTotal += UInt64(unwritten)
      guard state.error == nil else { return false }
      state.error = error
      return true
    }
    if first { errorHandler?(error) }
  }

  /// Runs on the writer queue at close: drains, writes the last drop count, closes the sink.
  func finish() {
    drain()
    let (dropped, time) = state.withLock { state in
      defer { state.dropped = 0 }
      // After a sink failure the drops are in `droppedTotal` and `lastError`; nothing more is written.
      return (state.error == nil ? state.dropped : 0, max(state.lastTime, clock.now()))
    }
    if dropped > 0 { write([TraceEvent(time: time, .dropped(count: dropped))], flush: false) }
    do {
      try writer.sink.close()
    } catch {
      fail(error, unwritten: 0)
    }
  }
}
