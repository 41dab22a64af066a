import Dispatch
import FoldTrace
import Synchronization
import Testing

@Suite struct RecorderTests {
  static let size = SceneGeometry(
    size: TraceSize(width: 390, height: 844), horizontal: .compact, vertical: .regular)

  @Test func eventsReachTheSinkInOrderWithClockTimes() throws {
    let sink = RecordingSink()
    let recorder = SessionRecorder(sink: sink, capacity: 64, clock: steppingClock())
    let scene = try recorder.connectScene("A-UUID", display: .external, scale: 3)
    try recorder.record(.geometry(scene: scene, Self.size))
    try recorder.record(.marker("m"))
    try recorder.close()
    #expect(
      sink.events == [
        TraceEvent(time: 1_000_000, .sceneConnected(scene: SceneID(1), display: .external, scale: 3)),
        TraceEvent(time: 2_000_000, .geometry(scene: SceneID(1), Self.size)),
        TraceEvent(time: 3_000_000, .marker("m")),
      ])
    #expect(sink.closed)
    #expect(recorder.droppedCount == 0)
  }

  @Test func stalledSinkDropsCountsAndNeverBlocksTheCaller() throws {
    let sink = RecordingSink(stallsOnFirstAppend: true)
    let recorder = SessionRecorder(sink: sink, capacity: 16, clock: steppingClock())
    try recorder.record(.marker("0"))
    sink.entered.wait()  // The writer queue now holds event 0 and is stuck in the sink.
    var queued = 0
    for index in 1..<1000 where try recorder.record(.marker("\(index)")) { queued += 1 }
    #expect(queued == 16)
    #expect(recorder.droppedCount == 983)
    sink.release.signal()
    try recorder.close()
    #expect(!sink.timedOut.withLock { $0 })
    let events = sink.events
    #expect(events.count == 18)
    #expect(events.prefix(17).map(\.payload) == (0...16).map { .marker("\($0)") })
    #expect(events.last?.payload == .dropped(count: 983))
    let times = events.map(\.time)
    #expect(times == times.sorted())
  }

  @Test func dropCountIsWrittenBeforeTheNextEventOnceThereIsRoom() throws {
    let sink = RecordingSink(stallsOnFirstAppend: true)
    let recorder = SessionRecorder(sink: sink, capacity: 4, clock: steppingClock())
    try recorder.record(.marker("0"))
    sink.entered.wait()
    for index in 1...10 { try recorder.record(.marker("\(index)")) }  // 1...4 queued, 5...10 dropped.
    sink.release.signal()
    recorder.flush()
    sink.flushed.wait()  // The queue is empty and the pending drop count is still 6.
    try recorder.record(.marker("after"))
    try recorder.close()
    let payloads = sink.events.map(\.payload)
    #expect(
      payloads == (0...4).map { .marker("\($0)") } + [.dropped(count: 6), .marker("after")])
  }

  @Test func concurrentCallersLoseNothingAndKeepTimesOrdered() throws {
    let sink = RecordingSink()
    let recorder = SessionRecorder(sink: sink, capacity: 8192, clock: steppingClock())
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<500 { _ = try? recorder.record(.marker("\(thread):\(index)")) }
    }
    try recorder.close()
    let events = sink.events
    #expect(events.count == 2000)
    #expect(recorder.droppedCount == 0)
    #expect(events.map(\.time) == events.map(\.time).sorted())
    #expect(Set(events.map(\.time)).count == 2000)
    for thread in 0..<4 {
      let mine = events.compactMap { event -> Int? in
        guard case .marker(let label) = event.payload, label.hasPrefix("\(thread):") else { return nil }
        return Int(label.dropFirst(2))
      }
      #expect(mine == Array(0..<500))
    }
  }

  @Test func sinkFailureIsReportedOnceAndRethrownByClose() throws {
    let sink = RecordingSink(failAt: 3)
    let reports = Mutex<[String]>([])
    let recorder = SessionRecorder(sink: sink, capacity: 64, clock: steppingClock()) { error in
      reports.withLock { $0.append("\(error)") }
    }
    for index in 0..<5 {
      try recorder.record(.marker("\(index)"))
      recorder.flush()
    }
    #expect(throws: RecordingSink.Failure(message: "disk full at append 3")) { try recorder.close() }
    #expect(sink.events.map(\.payload) == [TraceEvent.Payload.marker("0"), .marker("1")])
    #expect(recorder.droppedCount == 3)
    #expect(reports.withLock { $0.count } == 1)
    #expect(recorder.lastError is RecordingSink.Failure)
  }

  @Test func writingToAFullDiskReachesTheApp() throws {
    let recorder = SessionRecorder(
      sink: try FileLinesSink(path: "/dev/full"), capacity: 8, clock: steppingClock())
    try recorder.record(.marker("lost"))
    #expect(throws: FileLinesSink.WriteError.self) { try recorder.close() }
    #expect(recorder.lastError != nil)
  }

  @Test func invalidValuesAreRefusedAtRecordTime() throws {
    let sink = RecordingSink()
    let recorder = SessionRecorder(sink: sink, capacity: 8, clock: steppingClock())
    var bad = Self.size
    bad.size.width = .nan
    #expect(throws: SessionRecorderError.self) { try recorder.record(.geometry(scene: SceneID(1), bad)) }
    bad = Self.size
    bad.safeArea.bottom = -1
    let error = #expect(throws: SessionRecorderError.self) {
      try recorder.record(.geometry(scene: SceneID(1), bad))
    }
    guard case .invalidEvent(.geometry, let reason)? = error else {
      Issue.record("wrong error \(String(describing: error))")
      return
    }
    #expect(reason.contains("-1"))
    #expect(throws: SessionRecorderError.self) {
      try recorder.connectScene("s", display: .internal, scale: .infinity)
    }
    #expect(throws: SessionRecorderError.self) {
      try recorder.record(.scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: -.infinity), anchor: nil))
    }
    try recorder.record(.scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: -80), anchor: nil))
    try recorder.close()
    #expect(throws: SessionRecorderError.closed) { try recorder.record(.marker("late")) }
    #expect(sink.events.count == 1)
  }

  @Test func sceneIdentifiersMapToStableNumbers() throws {
    let sink = RecordingSink()
    let recorder = SessionRecorder(sink: sink, capacity: 16, clock: steppingClock())
    #expect(try recorder.connectScene("outer", display: .external, scale: 3) == SceneID(1))
    #expect(try recorder.connectScene("inner", display: .internal, scale: 3) == SceneID(2))
    try recorder.disconnectScene("outer")
    #expect(try recorder.connectScene("outer", display: .internal, scale: 3) == SceneID(1))
    #expect(throws: SessionRecorderError.unknownScene("ghost")) { try recorder.disconnectScene("ghost") }
    try recorder.close()
    #expect(sink.events.map(\.scene) == [SceneID(1), SceneID(2), SceneID(1), SceneID(1)])
  }
}
