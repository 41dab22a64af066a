import Dispatch
import FoldTrace
import Synchronization
import Testing

@Suite struct RecorderTests {
  static let size = SceneGeometry(
    size: TraceSize(width: 390, height: 844), horizontal: .compact, vertical: .regular)

  @Test func eventsReachTheSinkInOrderWithClockTimes() throws {
    let sink = RecordingSink()
    let recorder = try SessionRecorder(sink: sink, header: recorderHeader, clock: steppingClock())
    let scene = try recorder.connectScene("A-UUID", display: .external, scale: 3)
    try recorder.record(.geometry(scene: scene, Self.size))
    try recorder.record(.marker("m"))
    try recorder.close()
    #expect(
      try sink.events() == [
        TraceEvent(time: 1_000_000, .sceneConnected(scene: SceneID(1), display: .external, scale: 3)),
        TraceEvent(time: 2_000_000, .geometry(scene: SceneID(1), Self.size)),
        TraceEvent(time: 3_000_000, .marker("m")),
      ])
    #expect(try TraceReader(bytes: sink.bytes, name: "sink").header == recorderHeader)
    #expect(sink.closed)
    #expect(recorder.droppedCount == 0)
  }

  /// Also at another compression level: the recorder's writer must compress as the policy says.
  @Test(arguments: [3, 19])
  func framesMatchATraceWriterWithTheSamePolicy(level: Int) throws {
    let sink = RecordingSink()
    let policy = FlushPolicy(maxBufferedBytes: 200, maxSpan: 10_000_000, compressionLevel: level)
    let recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, policy: policy, clock: steppingClock())
    for index in 0..<100 {
      try recorder.record(
        .scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: Double(index) * 7.5), anchor: "r\(index)"))
    }
    try recorder.close()
    let writer = try TraceWriter(header: recorderHeader, policy: policy)
    for event in try sink.events() { try writer.append(event) }
    try writer.close()
    #expect(sink.bytes == writer.bytes)
    #expect(writer.frameCount >= 10)
  }

  @Test func stalledSinkDropsCountsAndNeverBlocksTheCaller() throws {
    let sink = RecordingSink(stallsOnFirstWrite: true)
    let recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, policy: framePerEvent, eventCapacity: 1, clock: steppingClock())
    sink.entered.wait()  // The writer queue is stuck writing the header frame.
    var recorded = 0
    for index in 0..<1000 where try recorder.record(.marker("\(index)")) { recorded += 1 }
    #expect(recorded == 1)  // Event 0 fills the one-event buffer; the rest wait for room.
    #expect(recorder.droppedCount == 999)
    sink.release.signal()
    try recorder.close()
    #expect(!sink.timedOut.withLock { $0 })
    let events = try sink.events()
    #expect(events.map(\.payload) == [.marker("0"), .dropped(count: 999)])
    #expect(events.map(\.time) == events.map(\.time).sorted())
  }

  @Test func dropCountIsWrittenBeforeTheNextEventOnceThereIsRoom() throws {
    let sink = RecordingSink(stallsOnFirstWrite: true)
    let recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, policy: framePerEvent, eventCapacity: 1, clock: steppingClock())
    sink.entered.wait()
    for index in 0...10 { try recorder.record(.marker("\(index)")) }  // 0 is kept, 1...10 dropped.
    sink.release.signal()
    recorder.flush()
    sink.synchronized.wait()  // The buffer is written; the drop count is still pending.
    try recorder.record(.marker("after"))
    try recorder.close()
    #expect(try sink.events().map(\.payload) == [.marker("0"), .dropped(count: 10), .marker("after")])
  }

  @Test func concurrentCallersLoseNothingAndKeepTimesOrdered() throws {
    let sink = RecordingSink()
    let recorder = try SessionRecorder(sink: sink, header: recorderHeader, clock: steppingClock())
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<500 { _ = try? recorder.record(.marker("\(thread):\(index)")) }
    }
    try recorder.close()
    let events = try sink.events()
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
    let sink = RecordingSink(failAt: 4)  // Header, event 0, event 1 are written; then the disk is full.
    let reports = Mutex<[String]>([])
    let recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, policy: framePerEvent, clock: steppingClock()
    ) { error in reports.withLock { $0.append("\(error)") } }
    for index in 0..<5 {
      try recorder.record(.marker("\(index)"))
      recorder.flush()
    }
    #expect(throws: RecordingSink.Failure(message: "disk full at write 4")) { try recorder.close() }
    #expect(try sink.events().map(\.payload) == [TraceEvent.Payload.marker("0"), .marker("1")])
    #expect(recorder.droppedCount == 3)
    #expect(reports.withLock { $0 } == ["Failure(message: \"disk full at write 4\")"])
    #expect(recorder.lastError is RecordingSink.Failure)
  }

  @Test func invalidValuesAreRefusedAtRecordTime() throws {
    let sink = RecordingSink()
    let recorder = try SessionRecorder(sink: sink, header: recorderHeader, clock: steppingClock())
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
    #expect(throws: SessionRecorderError.self) {
      try recorder.record(.marker(String(repeating: "x", count: 65_537)))
    }
    #expect(throws: SessionRecorderError.self) {
      try recorder.record(.hinge(HingeState(status: .fullyOpen, angle: 400)))
    }
    try recorder.record(.scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: -80), anchor: nil))
    try recorder.close()
    #expect(throws: SessionRecorderError.closed) { try recorder.record(.marker("late")) }
    #expect(try sink.events().count == 1)
    #expect(recorder.droppedCount == 0)
  }

  /// A sample whose ids total over 512 KiB is refused at the call, as the writer and the reader refuse
  /// it; eight of its ids are recorded. It was recorded when the writer bounded only the record (1 MiB).
  @Test func aSampleOfTooManyIdBytesIsRefusedAtRecordTime() throws {
    let sink = RecordingSink()
    let recorder = try SessionRecorder(sink: sink, header: recorderHeader, clock: steppingClock())
    let scene = try recorder.connectScene("s", display: .internal, scale: 3)
    let frame = TraceRect(x: 0, y: 0, width: 10, height: 10)
    let ids = (0..<9).map { "cell-\($0)-" + String(repeating: "x", count: 60_000) }
    let error = #expect(throws: SessionRecorderError.self) {
      try recorder.recordPresented(scene: scene, ids.map { PresentedElement(id: $0, frame: frame) })
    }
    guard case .invalidEvent(.presented, let reason)? = error else {
      Issue.record("wrong error \(String(describing: error))")
      return
    }
    #expect(reason.hasPrefix("its strings total 540063 bytes of UTF-8"))
    try recorder.recordPresented(scene: scene, ids.prefix(8).map { PresentedElement(id: $0, frame: frame) })
    try recorder.close()
    #expect(try sink.events().map(\.kind) == [.sceneConnected, .presented])
    #expect(recorder.lastError == nil)
  }

  /// The state every keyframe repeats is bounded as the writer bounds it — the connected scenes'
  /// anchors, selections and layouts hold at most 4 MiB of strings together — and refused at the call,
  /// like any value no trace may hold: the ninth scene's layout of 512 KiB, and then a one-byte anchor,
  /// are refused; nothing is dropped; a scene that disconnects, or connects afresh, takes its strings
  /// with it. The ninth layout was recorded, and with 40 of them every frame's keyframe held 20 MiB,
  /// over the 16 MiB a reader reads.
  @Test func aLayoutOverTheStateLimitIsRefusedAtRecordTime() throws {
    let sink = RecordingSink()
    let recorder = try SessionRecorder(sink: sink, header: recorderHeader, clock: steppingClock())
    let frame = TraceRect(x: 0, y: 0, width: 10, height: 10)
    func layout(_ index: Int) -> RecordedLayout {
      RecordedLayout(
        elements: (0..<8).map {
          let id = String(format: "%03d-%05d-", index, $0) + String(repeating: "x", count: 65_526)
          return RecordedElement(id: id, frame: frame, isInteractive: false)
        })
    }
    var scenes: [SceneID] = []
    for index in 0..<9 { scenes.append(try recorder.connectScene("s\(index)", display: .internal, scale: 3)) }
    for index in 0..<8 { #expect(try recorder.recordLayout(scene: scenes[index], layout(index))) }
    let words =
      "the session state's strings (each connected scene's anchor, selection and layout) would total "
    #expect(
      throws: SessionRecorderError.invalidEvent(
        kind: .layout, reason: words + "4718592 bytes of UTF-8, more than 4194304")
    ) {
      try recorder.recordLayout(scene: scenes[8], layout(8))
    }
    #expect(
      throws: SessionRecorderError.invalidEvent(
        kind: .scroll, reason: words + "4194305 bytes of UTF-8, more than 4194304")
    ) {
      try recorder.record(.scroll(scene: scenes[8], offset: .zero, anchor: "a"))
    }
    try recorder.disconnectScene("s0")
    #expect(try recorder.recordLayout(scene: scenes[8], layout(8)))
    _ = try recorder.connectScene("s1", display: .internal, scale: 3)  // afresh: its layout leaves
    try recorder.record(.selection(scene: scenes[1], item: String(repeating: "i", count: 65_536)))
    try recorder.close()
    #expect(
      try sink.events().map(\.kind)
        == Array(repeating: .sceneConnected, count: 9) + Array(repeating: .layout, count: 8) + [
          .sceneDisconnected, .layout, .sceneConnected, .selection,
        ])
    #expect(recorder.droppedCount == 0)
    #expect(recorder.lastError == nil)
  }

  @Test func sceneIdentifiersMapToStableNumbers() throws {
    let sink = RecordingSink()
    let recorder = try SessionRecorder(sink: sink, header: recorderHeader, clock: steppingClock())
    #expect(try recorder.connectScene("outer", display: .external, scale: 3) == SceneID(1))
    #expect(try recorder.connectScene("inner", display: .internal, scale: 3) == SceneID(2))
    try recorder.disconnectScene("outer")
    #expect(try recorder.connectScene("outer", display: .internal, scale: 3) == SceneID(1))
    #expect(throws: SessionRecorderError.unknownScene("ghost")) { try recorder.disconnectScene("ghost") }
    try recorder.close()
    #expect(try sink.events().map(\.scene) == [SceneID(1), SceneID(2), SceneID(1), SceneID(1)])
  }
}

@Suite struct RecorderClockTests {
  @Test func monotonicClockStartsNearZeroAndNeverGoesBack() {
    let clock = RecorderClock.monotonic()
    var previous = clock.now()
    #expect(previous < 60_000_000_000)  // Session time, not time since boot.
    for _ in 0..<1000 {
      let next = clock.now()
      #expect(next >= previous)
      previous = next
    }
  }
}
