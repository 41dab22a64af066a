import Dispatch
import Synchronization
import Testing

@testable import FoldTrace

/// The recorder's guarantees under concurrent callers: each takes its slot under the lock and fills it
/// after the lock's release, while the writer queue swaps buffers and waits for slots still being
/// filled.
@Suite struct RecorderConcurrencyTests {
  @Test func concurrentCallersWhileTheBufferIsFullCountEveryDrop() throws {
    // The writer queue stalls on the header: the buffer takes `eventCapacity` events, and every other
    // call is dropped and counted; the count goes into the trace at close.
    let sink = RecordingSink(stallsOnFirstWrite: true)
    let recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, policy: framePerEvent, eventCapacity: 8, clock: steppingClock())
    sink.entered.wait()
    let threads = 4
    let perThread = 100
    let accepted = Mutex<[[Int]]>(Array(repeating: [], count: threads))
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in 0..<perThread where (try? recorder.record(.marker("\(thread):\(index)"))) == true {
        accepted.withLock { $0[thread].append(index) }
      }
    }
    sink.release.signal()
    try recorder.close()
    let events = try sink.events()
    let kept = accepted.withLock { $0 }
    let total = threads * perThread
    #expect(kept.map(\.count).reduce(0, +) == 8)
    #expect(recorder.droppedCount == UInt64(total - 8))
    let dropped = events.reduce(UInt64(0)) {
      if case .dropped(let count) = $1.payload { $0 + count } else { $0 }
    }
    #expect(dropped == UInt64(total - 8))
    #expect(events.map(\.time) == events.map(\.time).sorted())
    for thread in 0..<threads {
      let mine = events.compactMap { event -> Int? in
        guard case .marker(let label) = event.payload, label.hasPrefix("\(thread):") else { return nil }
        return Int(label.dropFirst(2))
      }
      #expect(mine == kept[thread])  // Each accepted event exactly once, in its thread's order.
    }
  }

  @Test func concurrentCallersAcrossManyBatchesLoseNothing() throws {
    // Flushes make the writer queue swap buffers while four threads record; the buffer holds all the
    // events, so none may be dropped however far behind the writer falls.
    let sink = RecordingSink()
    let recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, eventCapacity: 4096, clock: steppingClock())
    let threads = 4
    let perThread = 1_000
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in 0..<perThread {
        _ = try? recorder.record(.marker("\(thread):\(index)"))
        if index % 100 == 99 { recorder.flush() }
      }
    }
    try recorder.close()
    let events = try sink.events()
    #expect(recorder.droppedCount == 0)
    #expect(events.count == threads * perThread)
    #expect(events.map(\.time) == events.map(\.time).sorted())
    #expect(Set(events.map(\.time)).count == events.count)
    for thread in 0..<threads {
      let mine = events.compactMap { event -> Int? in
        guard case .marker(let label) = event.payload, label.hasPrefix("\(thread):") else { return nil }
        return Int(label.dropFirst(2))
      }
      #expect(mine == Array(0..<perThread))
    }
  }
}
