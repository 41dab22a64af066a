import Testing

@testable import FoldTrace

/// `record(_:)` moves each payload into the buffer's slot after the lock (no copy, no retain):
/// whatever happens to the event (recorded, dropped while the buffer is full, dropped after a sink
/// failure, refused after `close()`), its references are released exactly once. A reference released
/// twice crashes the test process; one never released leaves the caller's region list shared, which
/// these tests see: mutating a shared array copies its storage.
@Suite struct RecorderOwnershipTests {
  /// A region list on the heap, and a payload holding a second reference to it.
  static func regions() -> [ReservedRegion] {
    (0..<3).map { index in
      ReservedRegion(
        kind: .division, frame: TraceRect(x: Double(index), y: 0, width: 10, height: 20), isActive: true)
    }
  }

  /// Whether `array` holds the only reference to its storage: a mutation keeps the storage in place
  /// only then. (Leaves the first region's `isActive` toggled.)
  static func isUnique(_ array: inout [ReservedRegion]) -> Bool {
    let before = array.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    array[0].isActive.toggle()
    return array.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == before
  }

  @Test func aRecordedEventIsReleasedOnceTheWriterQueueWroteIt() throws {
    let sink = RecordingSink()
    let recorder = try SessionRecorder(sink: sink, header: recorderHeader, clock: steppingClock())
    var regions = Self.regions()
    #expect(try recorder.record(.regions(scene: SceneID(1), regions)))
    // The buffer holds the payload's reference until the writer queue takes and encodes it.
    let buffered = recorder.state.withLock { $0.buffer.count }
    #expect(buffered == 1)
    try recorder.close()
    #expect(Self.isUnique(&regions))
    #expect(try sink.events().map(\.payload) == [.regions(scene: SceneID(1), Self.regions())])
  }

  @Test func anEventDroppedWhileTheBufferIsFullIsReleasedAtOnce() throws {
    let sink = RecordingSink(stallsOnFirstWrite: true)
    let recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, eventCapacity: 1, clock: steppingClock())
    sink.entered.wait()  // The writer queue is stuck writing the header: nothing drains the buffer.
    #expect(try recorder.record(.marker("fills the buffer")))
    var regions = Self.regions()
    #expect(try recorder.record(.regions(scene: SceneID(1), regions)) == false)
    #expect(Self.isUnique(&regions))
    sink.release.signal()
    try recorder.close()
    #expect(recorder.droppedCount == 1)
    #expect(try sink.events().map(\.payload) == [.marker("fills the buffer"), .dropped(count: 1)])
  }

  @Test func anEventRefusedAfterCloseIsReleased() throws {
    let recorder = try SessionRecorder(sink: RecordingSink(), header: recorderHeader, clock: steppingClock())
    try recorder.close()
    var regions = Self.regions()
    #expect(throws: SessionRecorderError.closed) {
      try recorder.record(.regions(scene: SceneID(1), regions))
    }
    #expect(Self.isUnique(&regions))
  }

  @Test func anEventDroppedAfterASinkFailureIsReleased() throws {
    let sink = RecordingSink(failAt: 1)  // The header's write fails.
    let recorder = try SessionRecorder(sink: sink, header: recorderHeader, clock: steppingClock())
    #expect(throws: RecordingSink.Failure.self) { try recorder.synchronize() }
    var regions = Self.regions()
    #expect(try recorder.record(.regions(scene: SceneID(1), regions)) == false)
    #expect(Self.isUnique(&regions))
    #expect(recorder.droppedCount == 1)
    #expect(throws: RecordingSink.Failure.self) { try recorder.close() }
  }

  /// The check above has power: a second reference held elsewhere makes it false.
  @Test func theUniquenessCheckSeesASecondReference() {
    var regions = Self.regions()
    let payload = TraceEvent.Payload.regions(scene: SceneID(1), regions)
    #expect(!Self.isUnique(&regions))
    #expect(Self.isUnique(&regions))  // The mutation copied: now it is the only one.
    _ = payload
  }
}
