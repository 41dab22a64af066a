import Dispatch
import FoldTrace
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The events in the whole frames of `bytes`, a recorder sink's output so far (no seek table needed).
func sinkEvents(_ bytes: [UInt8]) throws -> [TraceEvent] {
  let reader = try TraceReader(bytes: bytes, name: "sink")
  var events: [TraceEvent] = []
  while let frame = try reader.nextFrame() { events += frame.events }
  return events
}

/// A sink that keeps the trace's bytes in memory; optionally stalls on its first write until released,
/// and optionally fails from the n-th write on.
final class RecordingSink: SessionRecorderSink, @unchecked Sendable {
  struct Failure: Error, Equatable { var message: String }

  private let storage = Mutex<(bytes: [UInt8], writes: Int, syncs: Int, closed: Bool)>(([], 0, 0, false))
  private let stalls: Bool
  private let failAt: Int?
  /// Signalled when a stalling write has started.
  let entered = DispatchSemaphore(value: 0)
  /// Lets a stalled write go on.
  let release = DispatchSemaphore(value: 0)
  /// Signalled after every `synchronize()`.
  let synchronized = DispatchSemaphore(value: 0)
  /// Set when a stalled write waited longer than the safety net (the test then fails instead of hanging).
  let timedOut = Mutex(false)

  init(stallsOnFirstWrite: Bool = false, failAt: Int? = nil) {
    self.stalls = stallsOnFirstWrite
    self.failAt = failAt
  }

  var bytes: [UInt8] { storage.withLock { $0.bytes } }
  var syncs: Int { storage.withLock { $0.syncs } }
  var closed: Bool { storage.withLock { $0.closed } }

  /// The events of the trace written so far, read back with `TraceReader`.
  func events() throws -> [TraceEvent] { try sinkEvents(bytes) }

  func write(_ bytes: [UInt8]) throws {
    let write = storage.withLock {
      $0.writes += 1; return $0.writes
    }
    if let failAt, write >= failAt { throw Failure(message: "disk full at write \(write)") }
    if stalls && write == 1 {
      entered.signal()
      if release.wait(timeout: .now() + .seconds(60)) == .timedOut { timedOut.withLock { $0 = true } }
    }
    storage.withLock { $0.bytes += bytes }
  }

  func synchronize() throws {
    storage.withLock { $0.syncs += 1 }
    synchronized.signal()
  }

  func close() throws { storage.withLock { $0.closed = true } }
}

/// A clock that advances 1 ms per reading.
func steppingClock() -> RecorderClock {
  let ticks = Atomic<UInt64>(0)
  return RecorderClock { ticks.add(1_000_000, ordering: .relaxed).newValue }
}

/// A header for recorder tests.
let recorderHeader = TraceHeader(device: "iPhone Duo", app: "RecorderTests", recorder: "FoldTrace")

/// A policy that ends a frame after every event, so each event is one write.
let framePerEvent = FlushPolicy(maxBufferedBytes: 1, maxSpan: .max)
