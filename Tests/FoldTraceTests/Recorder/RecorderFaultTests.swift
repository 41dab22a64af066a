import Dispatch
import Foundation
import Synchronization
import Testing

@testable import FoldTrace

/// The disk filling up under a `SessionRecorder`: the error reaches the app through the
/// recorder's API (`lastError`, the error handler, `close()`), the events it cost are counted, and the
/// frames already on disk stay valid.
@Suite struct RecorderFaultTests {
  /// A clock that advances 1 ms per reading.
  final class Ticker: Sendable {
    let now = Mutex<UInt64>(0)
    var clock: RecorderClock {
      RecorderClock {
        self.now.withLock {
          $0 += 1_000_000
          return $0
        }
      }
    }
  }

  @Test func aDiskFillingUpMidSessionReachesTheAppAndKeepsWrittenFrames() throws {
    try #require(FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full on this system")
    try TraceSamples.withTemporaryPath { path in
      let reports = Mutex<[String]>([])
      let recorder = try SessionRecorder(
        path: path, header: TraceSamples.header, policy: FlushPolicy(maxBufferedBytes: 200),
        clock: Ticker().clock, onError: { error in reports.withLock { $0.append("\(error)") } })
      let scene = try recorder.connectScene("main", display: .internal, scale: 3)
      for step in 0..<30 {
        try recorder.record(.scroll(scene: scene, offset: TracePoint(x: 0, y: Double(step)), anchor: nil))
      }
      try recorder.synchronize()  // The writer queue has written and synced every recorded event.
      let durable = try TraceReader.readAll(path: path).events
      #expect(durable.count == 31)
      try #require(Reliability.fillDisk(under: path), "cannot find the recorder's descriptor")
      // Hold the writer queue, so that the caller records everything before the disk reports full: 30
      // events, most in frames the policy ends, the last few in the open frame.
      let gate = DispatchSemaphore(value: 0)
      recorder.queue.async { gate.wait() }
      for step in 30..<60 {
        // Recording only copies the event into the buffer, so the caller is neither blocked nor failed.
        #expect(
          try recorder.record(.scroll(scene: scene, offset: TracePoint(x: 0, y: Double(step)), anchor: nil)))
      }
      gate.signal()
      #expect(throws: TraceError.self) { try recorder.synchronize() }
      let error = try #require(recorder.lastError as? TraceError, "the full disk went unreported")
      #expect(error.description == "\(path): write failed: No space left on device")
      #expect(reports.withLock { $0 } == [error.description])
      // Every event the disk cost is counted, those still in the open frame included.
      #expect(recorder.droppedCount == 30)
      // Later events are counted, not written; close rethrows the error.
      #expect(try recorder.record(.marker("after")) == false)
      #expect(recorder.droppedCount == 31)
      #expect(throws: TraceError.self) { try recorder.close() }
      #expect(reports.withLock { $0.count } == 1)
      // The frames written before the disk filled are intact; recover appends the seek table.
      #expect(try TraceReader.readAll(path: path).events == durable)
      #expect(try TraceRecovery.recover(path: path).bytesDropped == 0)
      let bytes = try Reliability.bytes(of: path)
      #expect(Reliability.zstdTestPasses(bytes))
      #expect(try TraceReader.readAll(bytes: bytes, name: "after").events == durable)
    }
  }

  @Test func eventsTheWriterRefusesForItsLimitsReachTheCaller() throws {
    try TraceSamples.withTemporaryPath { path in
      let recorder = try SessionRecorder(path: path, header: TraceSamples.header, clock: Ticker().clock)
      let region = ReservedRegion(
        kind: .occlusion, frame: TraceRect(x: 0, y: 0, width: 1, height: 1), isActive: true)
      #expect(throws: SessionRecorderError.self) {
        try recorder.record(.regions(scene: SceneID(1), Array(repeating: region, count: 129)))
      }
      for id in 0..<128 { try recorder.connectScene("scene-\(id)", display: .window, scale: 2) }
      #expect(throws: SessionRecorderError.self) {
        try recorder.connectScene("scene-128", display: .window, scale: 2)
      }
      try recorder.close()
      #expect(try TraceReader.readAll(path: path).events.count == 128)
    }
  }
}
