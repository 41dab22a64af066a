extension SessionRecorder {
  /// Stamps, encodes and, when a frame ends, queues its bytes; under the lock.
  ///
  /// - Returns: Whether the event was recorded, and whether a drain must be scheduled.
  /// - Throws: ``SessionRecorderError/invalidEvent(kind:reason:)`` when the writer refuses the record.
  func enqueue(_ payload: TraceEvent.Payload, into state: inout State) throws -> (
    recorded: Bool, schedule: Bool
  ) {
    let time = max(state.lastTime, clock.now())
    state.lastTime = time
    if state.error != nil {  // The sink failed: count, write nothing more.
      state.droppedTotal += 1
      return (false, false)
    }
    if state.backlogBytes >= capacity {  // The sink is behind: count for a `dropped` record.
      state.dropped += 1
      state.droppedTotal += 1
      return (false, false)
    }
    var schedule = false
    if state.dropped > 0 {
      schedule = try append(TraceEvent(time: time, .dropped(count: state.dropped)), into: &state) || schedule
      state.dropped = 0
    }
    schedule = try append(TraceEvent(time: time, payload), into: &state) || schedule
    return (true, schedule)
  }

  /// Encodes one event into the writer, ending the frame first when the policy's span is over.
  ///
  /// - Returns: Whether a chunk was queued that needs a drain.
  func append(_ event: TraceEvent, into state: inout State) throws -> Bool {
    var schedule = false
    if let start = state.frameStart, event.time - start >= maxSpan {
      try state.writer.flush()
      schedule = finishChunk(in: &state, synchronize: false)
    }
    do {
      // Valid: `record(_:)` and `connectScene` ran `RecordValidation.check`; a `dropped` count always is.
      try state.writer.appendValidated(event)
    } catch let error where error.code == .invalidEvent {
      throw SessionRecorderError.invalidEvent(kind: event.kind, reason: error.reason)
    } catch {
      state.error = error
      throw error
    }
    state.eventsInFrame += 1
    if state.frameStart == nil { state.frameStart = event.time }
    return finishChunk(in: &state, synchronize: false) || schedule
  }

  /// Moves whatever whole frames the writer finished into the backlog.
  ///
  /// - Returns: Whether a drain must be scheduled for them.
  func finishChunk(in state: inout State, synchronize: Bool) -> Bool {
    let bytes = state.writer.takeBytes()
    guard !bytes.isEmpty || synchronize else { return false }
    if !bytes.isEmpty {
      state.frameStart = nil
      state.backlog.append(Chunk(bytes: bytes, events: state.eventsInFrame, synchronize: synchronize))
      state.backlogBytes += bytes.count
      state.eventsInFrame = 0
    } else if state.backlog.isEmpty {
      state.backlog.append(Chunk(bytes: [], events: 0, synchronize: true))
    } else {
      state.backlog[state.backlog.count - 1].synchronize = true  // Coalesce repeated flushes.
    }
    defer { state.draining = true }
    return !state.draining
  }

  /// At close, under the lock: the last drop count, the last frame and the seek table.
  func finishTrace(in state: inout State) {
    guard state.error == nil else { return }
    do {
      if state.dropped > 0 {
        _ = try append(TraceEvent(time: state.lastTime, .dropped(count: state.dropped)), into: &state)
        state.dropped = 0
      }
      try state.writer.close()
    } catch {
      if state.error == nil { state.error = error }
      return
    }
    _ = finishChunk(in: &state, synchronize: true)
  }
}
