import Dispatch
import Synchronization
import Testing

@testable import FoldTrace

/// A sink that logs what the writer queue did, in order, and signals each write; optionally blocks in
/// its first `synchronize()` until released.
final class LoggingSink: SessionRecorderSink, @unchecked Sendable {
  enum Operation: Equatable {
    case write(bytes: Int)
    case synchronize
    case close
  }

  private let storage = Mutex<(bytes: [UInt8], log: [Operation])>(([], []))
  private let blocksFirstSync: Bool
  /// Signalled after every write.
  let wrote = DispatchSemaphore(value: 0)
  /// Signalled when a blocking `synchronize()` has started.
  let syncEntered = DispatchSemaphore(value: 0)
  /// Lets a blocked `synchronize()` go on.
  let releaseSync = DispatchSemaphore(value: 0)

  init(blocksFirstSync: Bool = false) { self.blocksFirstSync = blocksFirstSync }

  var bytes: [UInt8] { storage.withLock { $0.bytes } }
  var log: [Operation] { storage.withLock { $0.log } }

  /// The events in the bytes written so far (whole frames; no seek table needed).
  func events() throws -> [TraceEvent] { try sinkEvents(bytes) }

  func write(_ bytes: [UInt8]) throws {
    storage.withLock {
      $0.bytes += bytes
      $0.log.append(.write(bytes: bytes.count))
    }
    wrote.signal()
  }

  func synchronize() throws {
    let first = storage.withLock { !$0.log.contains(.synchronize) }
    if blocksFirstSync && first {
      syncEntered.signal()
      _ = releaseSync.wait(timeout: .now() + .seconds(60))
    }
    storage.withLock { $0.log.append(.synchronize) }
  }

  func close() throws { storage.withLock { $0.log.append(.close) } }
}

/// The recorder's buffer and writer queue: the caller only stamps and copies, the writer queue encodes,
/// and nothing of the recorder's promises changed (frames, drops, errors, durability, close).
@Suite struct RecorderBufferTests {
  static func scroll(_ index: Int) -> TraceEvent.Payload {
    .scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: Double(index) * 7.5), anchor: "row-\(index % 40)")
  }

  @Test func framesMatchATraceWriterAcrossFlushesSpansAndSizes() throws {
    let sink = RecordingSink()
    let policy = FlushPolicy(maxBufferedBytes: 200, maxSpan: 10_000_000)
    let recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, policy: policy, clock: steppingClock())
    let flushes: Set = [17, 40, 41, 90]
    // Hold the writer queue, so that events and flushes reach it in one batch: the flushes must still
    // end frames where they were asked for.
    let gate = DispatchSemaphore(value: 0)
    recorder.queue.async { gate.wait() }
    for index in 0..<100 {
      try recorder.record(Self.scroll(index))
      if flushes.contains(index) { recorder.flush() }
    }
    gate.signal()
    try recorder.synchronize()
    for index in 100..<120 { try recorder.record(Self.scroll(index)) }
    try recorder.close()

    let events = try sink.events()
    #expect(events.count == 120)
    let writer = try TraceWriter(header: recorderHeader, policy: policy)
    for (index, event) in events.enumerated() {
      try writer.append(event)
      if flushes.contains(index) || index == 99 { try writer.flush() }
    }
    try writer.close()
    #expect(sink.bytes == writer.bytes)
    #expect(writer.frameCount >= 12)  // At least one a 10 ms span over 120 ms of events.
  }

  @Test func aFullBufferDropsCountsAndRecordsTheCountOnceThereIsRoom() throws {
    let sink = RecordingSink(stallsOnFirstWrite: true)
    let recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, eventCapacity: 8, clock: steppingClock())
    sink.entered.wait()  // The writer queue is stuck writing the header: nothing drains the buffer.
    var results: [Bool] = []
    for index in 0..<20 { results.append(try recorder.record(.marker("\(index)"))) }
    #expect(results == Array(repeating: true, count: 8) + Array(repeating: false, count: 12))
    #expect(recorder.droppedCount == 12)
    sink.release.signal()
    try recorder.synchronize()
    // The writer queue took the full buffer and left an empty one: there is room again.
    for index in 20..<23 { #expect(try recorder.record(.marker("\(index)"))) }
    try recorder.close()
    #expect(!sink.timedOut.withLock { $0 })
    let expected: [TraceEvent.Payload] =
      (0..<8).map { .marker("\($0)") } + [.dropped(count: 12)] + (20..<23).map { .marker("\($0)") }
    #expect(try sink.events().map(\.payload) == expected)
    #expect(recorder.droppedCount == 12)
  }

  @Test func synchronizeReturnsOnlyAfterTheSinkSynchronized() throws {
    let sink = LoggingSink(blocksFirstSync: true)
    let recorder = try SessionRecorder(sink: sink, header: recorderHeader, clock: steppingClock())
    for index in 0..<5 { try recorder.record(Self.scroll(index)) }
    let returned = Atomic(false)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      do {
        try recorder.synchronize()
        returned.store(true, ordering: .sequentiallyConsistent)
      } catch {
        Issue.record("synchronize threw \(error)")
      }
      done.signal()
    }
    #expect(sink.syncEntered.wait(timeout: .now() + .seconds(60)) == .success)
    // The sink is inside fsync: the five events are written, and synchronize has not returned.
    #expect(try sink.events().map(\.payload) == (0..<5).map(Self.scroll))
    // Not a timing measurement: with a correct recorder `done` cannot come while the sink is blocked,
    // so this wait always runs out; a recorder that does not wait returns within it.
    #expect(done.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
    let returnedDuringFsync = returned.load(ordering: .sequentiallyConsistent)
    #expect(!returnedDuringFsync)
    sink.releaseSync.signal()
    #expect(done.wait(timeout: .now() + .seconds(60)) == .success)
    let returnedAfterFsync = returned.load(ordering: .sequentiallyConsistent)
    #expect(returnedAfterFsync)
    #expect(sink.log.last == .synchronize)
    try recorder.close()
    #expect(throws: SessionRecorderError.closed) { try recorder.synchronize() }
  }

  @Test func everyEventRecordedBeforeSynchronizeIsInTheSinkWhenItReturns() throws {
    let sink = LoggingSink()
    let recorder = try SessionRecorder(sink: sink, header: recorderHeader, clock: steppingClock())
    for round in 0..<3 {
      for index in 0..<(10 * round + 3) { try recorder.record(Self.scroll(index)) }
      try recorder.synchronize()
      #expect(sink.log.last == .synchronize)
      #expect(try sink.events().count == (0...round).reduce(0) { $0 + 10 * $1 + 3 })
    }
    try recorder.synchronize()  // Nothing new: still an fsync, nothing written.
    #expect(sink.log.suffix(2) == [.synchronize, .synchronize])
    try recorder.close()
  }

  @Test func synchronizeThrowsTheSinksErrorAndCountsTheLoss() throws {
    let sink = RecordingSink(failAt: 2)  // The header is written; the first frame is not.
    let reports = Mutex<[String]>([])
    let recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, clock: steppingClock()
    ) { error in reports.withLock { $0.append("\(error)") } }
    for index in 0..<4 { try recorder.record(Self.scroll(index)) }
    #expect(throws: RecordingSink.Failure(message: "disk full at write 2")) { try recorder.synchronize() }
    #expect(recorder.droppedCount == 4)
    #expect(try recorder.record(.marker("after")) == false)
    #expect(recorder.droppedCount == 5)
    #expect(throws: RecordingSink.Failure.self) { try recorder.synchronize() }
    #expect(throws: RecordingSink.Failure.self) { try recorder.close() }
    #expect(reports.withLock { $0 } == ["Failure(message: \"disk full at write 2\")"])
    #expect(try sink.events().isEmpty)
  }

  @Test func closeWritesEveryBufferedEvent() throws {
    let sink = RecordingSink(stallsOnFirstWrite: true)
    let recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, eventCapacity: 64, clock: steppingClock())
    sink.entered.wait()
    for index in 0..<50 { #expect(try recorder.record(Self.scroll(index))) }
    sink.release.signal()
    try recorder.close()
    #expect(try sink.events().map(\.payload) == (0..<50).map(Self.scroll))
    #expect(recorder.droppedCount == 0)
    #expect(sink.closed)
    let reader = try TraceReader(bytes: sink.bytes, name: "sink")
    while try reader.nextFrame() != nil {}
    #expect(reader.isClosedCleanly)
  }

  @Test func aFrameIsWrittenOnceTheEventEndingItsSpanIsRecorded() throws {
    let sink = LoggingSink()
    let recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, policy: FlushPolicy(maxSpan: 10_000_000), clock: steppingClock())
    #expect(sink.wrote.wait(timeout: .now() + .seconds(60)) == .success)  // The header.
    // 1 ms apart: events 0…9 fill the frame's 10 ms span; event 10 ends it and wakes the writer queue,
    // without a flush and far below the buffer's wake-up count.
    for index in 0...10 { try recorder.record(Self.scroll(index)) }
    #expect(sink.wrote.wait(timeout: .now() + .seconds(20)) == .success)
    #expect(try sink.events().map(\.payload) == (0..<10).map(Self.scroll))
    #expect(!sink.log.contains(.synchronize))
    try recorder.close()
    #expect(try sink.events().count == 11)
  }
}

/// The recorder's in-place validation agrees with ``TraceEvent/validationFailure`` on every rule.
@Suite struct RecordValidationTests {
  /// Doubles that sit on every rule's edge.
  static let edges: [Double] = [0, -0.0, 1, -1, 360, 360.5, -.ulpOfOne, .nan, .infinity, -.infinity, 1e308]

  @Test func theFastCheckAcceptsExactlyWhatTheFullCheckAccepts() {
    var payloads = ValidationTests.invalid.map(\.0.payload)
    var random = SeededGenerator(state: 9)
    func pick() -> Double { Self.edges[Int(random.next() % UInt64(Self.edges.count))] }
    for _ in 0..<4000 {
      let size = TraceSize(width: pick(), height: pick())
      let insets = TraceInsets(top: pick(), leading: pick(), bottom: pick(), trailing: pick())
      let minimum = random.next() % 2 == 0 ? nil : TraceSize(width: pick(), height: pick())
      payloads.append(
        .geometry(
          scene: SceneID(1),
          SceneGeometry(
            size: size, safeArea: insets, horizontal: .compact, vertical: .regular, minimumSize: minimum,
            maximumSize: random.next() % 2 == 0 ? nil : TraceSize(width: pick(), height: pick()))))
      payloads.append(.scroll(scene: SceneID(1), offset: TracePoint(x: pick(), y: pick()), anchor: "a"))
      payloads.append(.hinge(HingeState(status: .partiallyOpen, angle: pick())))
      payloads.append(.sceneConnected(scene: SceneID(1), display: .external, scale: pick()))
      let regions = (0..<Int(random.next() % 3)).map { _ in
        ReservedRegion(
          kind: .division, frame: TraceRect(x: pick(), y: pick(), width: pick(), height: pick()),
          isActive: true)
      }
      payloads.append(.regions(scene: SceneID(1), regions))
    }
    let region = ReservedRegion(
      kind: .division, frame: TraceRect(x: 0, y: 0, width: 1, height: 1), isActive: true)
    for count in [128, 129] {
      payloads.append(.regions(scene: SceneID(1), Array(repeating: region, count: count)))
    }
    for length in [65_536, 65_537] {
      let text = String(repeating: "a", count: length)
      payloads += [
        .scroll(scene: SceneID(1), offset: .zero, anchor: text), .selection(scene: SceneID(1), item: text),
        .marker(text),
      ]
    }
    payloads.append(.scroll(scene: SceneID(1), offset: .zero, anchor: String(repeating: "é", count: 40_000)))
    payloads += [.selection(scene: SceneID(1), item: nil), .marker("step"), .dropped(count: 3)]
    var accepted = 0
    for payload in payloads {
      let valid = RecordValidation.isValid(payload)
      if valid { accepted += 1 }
      #expect(valid == (TraceEvent(time: 0, payload).validationFailure == nil), "\(payload)")
    }
    // Both outcomes are exercised.
    #expect(accepted > 1000 && accepted < payloads.count - 1000)
    #expect(RecordValidation.isValid(RecorderBufferTests.scroll(3)))
  }
}
