/// The sink and the writer queue's spare buffer. Touched only on the recorder's serial queue, which is
/// what makes the unchecked `Sendable` sound.
final class RecorderOutput: @unchecked Sendable {
  let sink: any SessionRecorderSink
  var batch: [SessionRecorder.Chunk] = []

  init(sink: any SessionRecorderSink) { self.sink = sink }
}

extension SessionRecorder {
  /// Runs on the writer queue: swaps the backlog out under the lock and writes it without the lock, until
  /// nothing is waiting.
  func drain() {
    while true {
      let more = state.withLock { state -> Bool in
        if state.backlog.isEmpty {
          state.draining = false
          return false
        }
        swap(&state.backlog, &output.batch)
        return true
      }
      guard more else { return }
      write(output.batch)
      let written = output.batch.reduce(0) { $0 + $1.bytes.count }
      state.withLock { $0.backlogBytes -= written }
      output.batch.removeAll(keepingCapacity: true)
    }
  }

  /// Writes chunks to the sink; on the first failure keeps the error and counts their events as dropped.
  func write(_ chunks: [Chunk]) {
    var index = 0
    do {
      guard state.withLock({ $0.error == nil }) else { throw AlreadyFailed() }
      while index < chunks.count {
        if !chunks[index].bytes.isEmpty { try output.sink.write(chunks[index].bytes) }
        if chunks[index].synchronize { try output.sink.synchronize() }
        index += 1
      }
    } catch {
      let lost = chunks[index...].reduce(0) { $0 + $1.events }
      fail(error is AlreadyFailed ? nil : error, lost: lost)
    }
  }

  private struct AlreadyFailed: Error {}

  /// Keeps the first sink error, counts what it cost, and tells the app.
  func fail(_ error: (any Error)?, lost: UInt64) {
    let first = state.withLock { state -> Bool in
      state.droppedTotal += lost
      guard let error, state.error == nil else { return false }
      state.error = error
      // Events already encoded into the open frame will never be written: they are lost too.
      state.droppedTotal += state.eventsInFrame
      state.eventsInFrame = 0
      return true
    }
    if first, let error { errorHandler?(error) }
  }

  /// Runs on the writer queue at close: writes what is left and closes the sink.
  func finish() {
    drain()
    do {
      try output.sink.close()
    } catch {
      fail(error, lost: 0)
    }
  }
}
