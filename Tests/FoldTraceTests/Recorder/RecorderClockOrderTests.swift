import Synchronization
import Testing

@testable import FoldTrace

/// `record(_:)` reads the clock before taking the lock. A caller whose reading is not later than the
/// previous event's time (another caller read the clock after it but got the lock first) reads it
/// again under the lock, so times increase in buffer order, and are distinct whenever the clock's
/// readings are, as when every reading was taken under the lock.
@Suite struct RecorderClockOrderTests {
  /// A clock that advances 1 ms per reading and counts its readings.
  final class Ticker: Sendable {
    let readings = Atomic<UInt64>(0)
    var clock: RecorderClock {
      RecorderClock { self.readings.add(1, ordering: .relaxed).newValue * 1_000_000 }
    }
  }

  @Test func aReadingOvertakenByAnotherCallerIsTakenAgainUnderTheLock() throws {
    let ticker = Ticker()
    let sink = RecordingSink()
    let recorder = try SessionRecorder(sink: sink, header: recorderHeader, clock: ticker.clock)
    try recorder.record(.marker("first"))  // Reading 1: 1 ms.
    try recorder.record(.marker("second"))  // Reading 2: 2 ms.
    // A caller that read 1 ms before "second" took the lock: it reads the clock again (3 ms).
    let late = try recorder.state.withLock { state in
      try recorder.enqueue(.marker("late"), at: 1_000_000, into: &state)
    }
    #expect(late.recorded)
    // A caller whose reading is later than the last event's time keeps it: no extra reading.
    let onTime = try recorder.state.withLock { state in
      try recorder.enqueue(.marker("on time"), at: 3_500_000, into: &state)
    }
    #expect(onTime.recorded)
    #expect(ticker.readings.load(ordering: .relaxed) == 3)
    try recorder.close()
    let times = try sink.events().map(\.time)
    #expect(times == [1_000_000, 2_000_000, 3_000_000, 3_500_000])
  }
}
