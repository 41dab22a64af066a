import Synchronization
import Testing

@testable import FoldTrace

/// A reading equal to the previous event's time was not overtaken (the two readings are equal): the
/// event keeps it, and the clock is read once per event, as it was when every reading was under the
/// lock; only a reading earlier than the previous event's time is taken again.
@Suite struct RecorderClockRepeatTests {
  /// A scripted clock: returns `times` in turn (the last one after that) and counts its readings.
  final class Script: Sendable {
    let state: Mutex<(times: [UInt64], readings: Int)>
    init(_ times: [UInt64]) { state = Mutex((times, 0)) }
    var clock: RecorderClock {
      RecorderClock {
        self.state.withLock { state in
          state.readings += 1
          return state.times.count > 1 ? state.times.removeFirst() : state.times[0]
        }
      }
    }
    var readings: Int { state.withLock { $0.readings } }
  }

  @Test func aRepeatedReadingIsKeptAndReadOnce() throws {
    let script = Script([0, 5, 5, 10, 10, 10, 20])
    let sink = RecordingSink()
    let recorder = try SessionRecorder(sink: sink, header: recorderHeader, clock: script.clock)
    for i in 0..<7 { try recorder.record(.marker("m\(i)")) }
    #expect(script.readings == 7)
    try recorder.close()
    #expect(try sink.events().map(\.time) == [0, 5, 5, 10, 10, 10, 20])
  }

  /// A reading earlier than the previous event's time (a clock that went back, or a caller overtaken)
  /// is still taken again under the lock.
  @Test func anEarlierReadingIsTakenAgain() throws {
    let script = Script([10, 4, 12, 30])
    let sink = RecordingSink()
    let recorder = try SessionRecorder(sink: sink, header: recorderHeader, clock: script.clock)
    try recorder.record(.marker("a"))  // 10
    try recorder.record(.marker("b"))  // 4, earlier: read again, 12
    try recorder.record(.marker("c"))  // 30
    #expect(script.readings == 4)
    try recorder.close()
    #expect(try sink.events().map(\.time) == [10, 12, 30])
  }
}
