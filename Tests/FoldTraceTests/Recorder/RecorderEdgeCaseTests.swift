import Dispatch
import Foundation
import Synchronization
import Testing

@testable import FoldTrace

/// A sink whose second write blocks until released (the disk stalling), so a test can hold the writer
/// queue busy at a known point.
final class StallingSink: SessionRecorderSink, @unchecked Sendable {
  let release = DispatchSemaphore(value: 0)
  let entered = DispatchSemaphore(value: 0)
  private let writes = Mutex(0)
  private let storage = Mutex<[UInt8]>([])
  func write(_ bytes: [UInt8]) throws {
    let count = writes.withLock {
      $0 += 1
      return $0
    }
    if count == 2 {
      entered.signal()
      _ = release.wait(timeout: .now() + .seconds(30))
    }
    storage.withLock { $0 += bytes }
  }
  func synchronize() throws {}
  func close() throws {}
  var bytes: [UInt8] { storage.withLock { $0 } }
}

/// The recorder at its edges: each case a way a caller can misuse or race it, and what it must do then.
@Suite struct RecorderEdgeCaseTests {
  /// A second `close()` while the first waits on the disk must wait too, not return before anything
  /// is durable.
  @Test func concurrentClosesAllWaitForTheTrace() throws {
    let sink = StallingSink()
    let recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, policy: FlushPolicy(maxBufferedBytes: 1), clock: steppingClock())
    try recorder.record(RecorderBufferTests.scroll(0))
    recorder.flush()
    #expect(sink.entered.wait(timeout: .now() + .seconds(10)) == .success)
    let closed = Atomic<Int>(0)
    let group = DispatchGroup()
    let started = DispatchSemaphore(value: 0)
    for _ in 0..<2 {
      group.enter()
      // Threads of their own: the global queue's pool may not start a second block while the first waits.
      Thread {
        started.signal()
        try? recorder.close()
        closed.add(1, ordering: .sequentiallyConsistent)
        group.leave()
      }.start()
    }
    for _ in 0..<2 { #expect(started.wait(timeout: .now() + .seconds(10)) == .success) }
    // Neither close may return while the disk is stalled (a 200 ms window, not a timing assertion:
    // correct code never returns before the release below).
    #expect(group.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
    #expect(closed.load(ordering: .sequentiallyConsistent) == 0)
    sink.release.signal()
    #expect(group.wait(timeout: .now() + .seconds(10)) == .success)
    let events = try TraceReader.readAll(bytes: sink.bytes, name: "sink").events
    #expect(events.map(\.payload) == [RecorderBufferTests.scroll(0)])
  }

  /// Closing from the error handler (on the writer queue) must not trap in `queue.sync`: it schedules
  /// the close and throws the sink's error.
  @Test func closeAndSynchronizeFromTheErrorHandlerThrowTheSinkError() throws {
    final class Box: @unchecked Sendable {
      var recorder: SessionRecorder?
      var results: [String] = []
    }
    let box = Box()
    let handled = DispatchSemaphore(value: 0)
    let sink = RecordingSink(failAt: 2)
    box.recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, policy: FlushPolicy(maxBufferedBytes: 1), clock: steppingClock()
    ) { _ in
      for call in [{ try box.recorder?.synchronize() }, { try box.recorder?.close() }] {
        do {
          try call()
          box.results.append("returned")
        } catch {
          box.results.append("\(error)")
        }
      }
      handled.signal()
    }
    try box.recorder?.record(RecorderBufferTests.scroll(1))
    box.recorder?.flush()
    #expect(handled.wait(timeout: .now() + .seconds(10)) == .success)
    #expect(
      box.results == ["disk full at write 2", "disk full at write 2"].map { "Failure(message: \"\($0)\")" })
    #expect(throws: RecordingSink.Failure.self) { try box.recorder?.close() }
    #expect(throws: SessionRecorderError.closed) { try box.recorder?.record(RecorderBufferTests.scroll(2)) }
  }

  /// A scene's connection is kept while the buffer is full (from the reserve), so its later events keep
  /// their meaning; ordinary events are dropped and counted.
  @Test func aConnectionIsNotDroppedWhileTheBufferIsFull() throws {
    let sink = StallingSink()
    let recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, policy: FlushPolicy(maxBufferedBytes: 1), eventCapacity: 4,
      clock: steppingClock())
    try recorder.record(RecorderBufferTests.scroll(0))
    recorder.flush()
    #expect(sink.entered.wait(timeout: .now() + .seconds(10)) == .success)
    var recorded = 0
    for index in 1...10 where try recorder.record(RecorderBufferTests.scroll(index)) { recorded += 1 }
    #expect(recorded == 4)
    let late = try recorder.connectScene("late", display: .internal, scale: 3)
    sink.release.signal()
    try recorder.close()
    let events = try TraceReader.readAll(bytes: sink.bytes, name: "sink").events.map(\.payload)
    #expect(events.contains(.sceneConnected(scene: late, display: .internal, scale: 3)))
    #expect(events.contains(.dropped(count: 6)))
    #expect(recorder.droppedCount == 6)
  }

  @Test func capacitiesAndLevelsAreClampedNotTrapped() throws {
    #expect(
      SessionRecorder.bufferBytes(eventCapacity: .max) == SessionRecorder.bufferBytes(eventCapacity: 1 << 20))
    #expect(SessionRecorder.bufferBytes(eventCapacity: -5) == SessionRecorder.bufferBytes(eventCapacity: 1))
    var policy = FlushPolicy.archive
    policy.compressionLevel = Int(Int32.max) + 1
    #expect(policy.compressionLevel == 19)
    policy.compressionLevel = -50
    #expect(policy.compressionLevel == 1)
    policy.maxSpan = 0
    #expect(policy.maxSpan == 1)
    policy.maxBufferedBytes = .max
    #expect(policy.maxBufferedBytes == 8 << 20)
    let writer = try TraceWriter(header: recorderHeader, policy: policy)
    try writer.append(TraceEvent(time: 1, .marker("clamped")))
    try writer.close()
    #expect(try TraceReader.readAll(bytes: writer.bytes, name: "memory").events.count == 1)
  }

  /// Names up to NAME_MAX work although the temporary twin is longer; an empty path is refused clearly.
  @Test func longNamesAreCreatedAndEmptyPathsRefused() throws {
    try TraceSamples.withTemporaryPath { path in
      let directory = (path as NSString).deletingLastPathComponent
      let long = directory + "/" + String(repeating: "n", count: 255)
      let writer = try TraceWriter(path: long, header: TraceSamples.header)
      try writer.close()
      #expect(try TraceReader(path: long).header == TraceSamples.header)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory) == [String(repeating: "n", count: 255)]
      )
      let error = #expect(throws: TraceError.self) { try TraceWriter(path: "", header: TraceSamples.header) }
      #expect(error?.code == .invalidArgument)
      // A derived output of such a name is staged as `.out.XXXXXX` and published whole.
      let svg = directory + "/" + String(repeating: "s", count: 255)
      try OutputFile.write(Array("<svg/>".utf8), to: svg)
      #expect(FileManager.default.contents(atPath: svg) == Data("<svg/>".utf8))
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
          == [long, svg].map {
            ($0 as NSString).lastPathComponent
          }.sorted())
    }
  }
}
