import Dispatch
import Foundation
import Testing

@testable import FoldTrace

/// The recorder's slot buffer: every element it takes is released exactly once (on `removeAll`, or when
/// the buffer goes away), a reserved slot takes its element without a retain, and the reading side
/// waits for slots filled after their reservation.
@Suite struct RecorderSlotBufferTests {
  /// An object whose lifetime the tests watch through weak references.
  final class Tracked {
    let id: Int
    init(_ id: Int) { self.id = id }
  }

  @Test func removeAllReleasesEveryElementAndKeepsTheSlots() {
    var buffer = SlotBuffer<Tracked>(capacity: 8)
    weak var first: Tracked?
    weak var last: Tracked?
    do {
      let objects = (0..<8).map(Tracked.init)
      first = objects[0]
      last = objects[7]
      for object in objects { buffer.append(object) }
    }
    // `#expect` takes copies of what it inspects, and a slot buffer is noncopyable: read values first.
    let (full, ids) = (buffer.isFull, [buffer[0].id, buffer[7].id])
    #expect(full)
    #expect(ids == [0, 7])
    #expect(first != nil && last != nil)  // Held by the buffer alone.
    buffer.removeAll()
    #expect(first == nil && last == nil)
    let empty = buffer.isEmpty
    #expect(empty)
    buffer.append(Tracked(42))  // The slots are reused.
    let reused = (buffer.count, buffer[0].id)
    #expect(reused == (1, 42))
  }

  @Test func theBufferReleasesWhatItHoldsWhenItGoesAway() {
    weak var held: Tracked?
    do {
      var buffer = SlotBuffer<Tracked>(capacity: 4)
      let object = Tracked(1)
      held = object
      buffer.append(object)
      buffer.append(Tracked(2))
      let count = buffer.count
      #expect(count == 2)
    }
    #expect(held == nil)
  }

  @Test func aReservedSlotTakesItsElementWithoutRetainingIt() {
    var buffer = SlotBuffer<Tracked>(capacity: 2)
    weak var moved: Tracked?
    do {
      let element = Tracked(7)
      moved = element
      let slot = buffer.reserve()
      slot.fill(element)  // The last use: moved in.
    }
    buffer.waitUntilFilled()  // Filled: returns at once.
    let (count, movedID) = (buffer.count, buffer[0].id)
    #expect(count == 1)
    #expect(movedID == 7)
    #expect(moved != nil)  // Owned by the buffer now, and only by it.
    buffer.removeAll()
    #expect(moved == nil)
  }

  /// A slot reserved on one thread and filled on another, later: the reader waits for it, then sees
  /// the element's stores (the flag's release and acquire order them).
  @Test func theReaderWaitsForASlotFilledOnAnotherThread() {
    final class Box: @unchecked Sendable {
      var buffer = SlotBuffer<Int>(capacity: 64)
    }
    let box = Box()
    let slots = (0..<64).map { _ in box.buffer.reserve() }
    let started = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      started.signal()
      for (index, slot) in slots.enumerated().reversed() {
        if index % 8 == 0 { usleep(200) }  // The reader finds slots still empty.
        slot.fill(index * 3)
      }
    }
    started.wait()
    box.buffer.waitUntilFilled()
    let values = (0..<64).map { box.buffer[$0] }
    #expect(values == (0..<64).map { $0 * 3 })
  }

  /// Events with heap strings go through the recorder's slots in several batches; all arrive in order,
  /// once each, and both buffers are empty after `close()` (their strings released).
  @Test func theRecorderEmptiesBothBuffersAndLosesNoEvent() throws {
    let sink = RecordingSink()
    let recorder = try SessionRecorder(
      sink: sink, header: recorderHeader, eventCapacity: 16, clock: steppingClock())
    var expected: [TraceEvent.Payload] = []
    for index in 0..<100 {
      let payload: TraceEvent.Payload =
        index % 3 == 0
        ? .marker("a marker long enough for a heap string, number \(index)")
        : .scroll(
          scene: SceneID(1), offset: TracePoint(x: 0, y: Double(index)), anchor: "row-\(index)-anchor-id")
      expected.append(payload)
      #expect(try recorder.record(payload))
      if index % 10 == 9 { try recorder.synchronize() }  // Several batches, each under the capacity.
    }
    try recorder.close()
    #expect(try sink.events().map(\.payload) == expected)
    #expect(recorder.state.withLock { $0.buffer.count } == 0)
    #expect(recorder.queue.sync { recorder.output.batch.count } == 0)
  }
}
