extension SessionRecorder {
  /// Runs on the writer queue: takes the caller's buffer (swapping in the empty spare, so neither side
  /// allocates), encodes its events and writes the frames they end, without the lock.
  func drain() {
    let taken = state.withLock { state -> Bool in
      state.wakeRequested = false
      if state.buffer.isEmpty && state.flushes.isEmpty { return false }
      swap(&state.buffer, &output.batch)
      swap(&state.flushes, &output.flushes)
      return true
    }
    guard taken else { return }
    // A caller that took a slot under the lock fills it just after: wait for every one.
    output.batch.waitUntilFilled()
    defer {
      // Releases the events' strings and region lists here, on the writer queue.
      output.batch.removeAll()
      output.flushes.removeAll(keepingCapacity: true)
    }
    guard !output.stopped else {  // Buffered before the caller saw the error: lost, and counted.
      let lost = output.batch.withElements { events in
        events.reduce(0) { if case .dropped = $1.payload { $0 } else { $0 + 1 } }
      }
      state.withLock { $0.droppedTotal += UInt64(lost) }
      return
    }
    var next = 0  // The next flush position.
    for index in 0..<output.batch.count {
      while next < output.flushes.count && output.flushes[next] == index {
        endFrame(synchronize: true)
        next += 1
      }
      encode(output.batch[index])
    }
    if next < output.flushes.count { endFrame(synchronize: true) }
    state.withLock { state in
      if let start = output.frameStart {
        state.wakeTime = Self.adding(maxSpan, to: start)
        state.armOnNext = false
      } else if !state.buffer.isEmpty {
        state.wakeTime = Self.adding(maxSpan, to: state.bufferStart)
        state.armOnNext = false
      } else {
        state.wakeTime = .max
        state.armOnNext = true
      }
    }
  }

  /// Encodes one event, ending the open frame first when the policy's span is over, and writes the
  /// frame it ends. After a failure, only counts the event as lost.
  func encode(_ event: TraceEvent) {
    let counts: UInt64 = if case .dropped = event.payload { 0 } else { 1 }
    guard !output.stopped else {
      if counts > 0 { state.withLock { $0.droppedTotal += counts } }
      return
    }
    if let start = output.frameStart, event.time - start >= maxSpan { endFrame(synchronize: false) }
    do {
      // Valid: `record(_:)` and `connectScene` ran `RecordValidation.check` and the scene limit; a
      // `dropped` count always is; and validated records stay far below the writer's size limit.
      try output.writer.appendValidated(event)
    } catch  where error.code == .invalidEvent {
      state.withLock { $0.droppedTotal += counts }  // Unreachable after validation; counted, never silent.
      return
    } catch {
      fail(error, lost: counts)
      return
    }
    output.eventsInFrame += counts
    if output.frameStart == nil { output.frameStart = event.time }
    writeFinishedFrames()
  }

  /// Ends the writer's open frame (if any), writes it, and `fsync`s when asked.
  func endFrame(synchronize: Bool) {
    guard !output.stopped else { return }
    do {
      try output.writer.flush()
    } catch {
      fail(error, lost: 0)  // `fail` counts the open frame's events.
      return
    }
    writeFinishedFrames()
    guard synchronize, !output.stopped else { return }
    do {
      try output.sink.synchronize()
    } catch {
      fail(error, lost: 0)
    }
  }

  /// Writes whatever whole frames the writer finished.
  func writeFinishedFrames() {
    let bytes = output.writer.takeBytes()
    guard !bytes.isEmpty else { return }
    output.frameStart = nil
    let events = output.eventsInFrame
    output.eventsInFrame = 0
    write(bytes, events: events)
  }

  /// Writes bytes holding `events` recorded events to the sink; on failure counts them as lost.
  func write(_ bytes: [UInt8], events: UInt64) {
    guard !output.stopped else { return }
    do {
      try output.sink.write(bytes)
    } catch {
      fail(error, lost: events)
    }
  }

  /// Keeps the first sink error, counts what it cost, stops the writer queue, and tells the app.
  func fail(_ error: any Error, lost: UInt64) {
    output.stopped = true
    // Events already encoded into the open frame will never be written: they are lost too.
    let lost = lost + output.eventsInFrame
    output.eventsInFrame = 0
    let first = state.withLock { state -> Bool in
      state.droppedTotal += lost
      guard state.error == nil else { return false }
      state.error = error
      return true
    }
    if first { errorHandler?(error) }
  }

  /// Runs on the writer queue at close: encodes what is left, the last drop count, the last frame and
  /// the seek table; writes and `fsync`s them, and closes the sink.
  func finish() {
    drain()
    let (dropped, time) = state.withLock { state in
      defer { state.dropped = 0 }
      return (state.dropped, state.lastTime)
    }
    if dropped > 0 { encode(TraceEvent(time: time, .dropped(count: dropped))) }
    if !output.stopped {
      do {
        try output.writer.close()
        writeFinishedFrames()
        if !output.stopped { try output.sink.synchronize() }
      } catch {
        fail(error, lost: 0)
      }
    }
    output.stopped = true
    do {
      try output.sink.close()
    } catch {
      fail(error, lost: 0)
    }
  }
}
