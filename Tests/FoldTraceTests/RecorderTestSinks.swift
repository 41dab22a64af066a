import Dispatch
import FoldTrace
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A sink that keeps events in memory; optionally stalls on its first append until released, and
/// optionally fails from the n-th append on.
final class RecordingSink: SessionRecorderSink, @unchecked Sendable {
  struct Failure: Error, Equatable { var message: String }

  private let storage = Mutex<(events: [TraceEvent], flushes: Int, closed: Bool)>(([], 0, false))
  private let stalls: Bool
  private let failAt: Int?
  let entered = DispatchSemaphore(value: 0)
  let release = DispatchSemaphore(value: 0)
  /// Signalled after every flush.
  let flushed = DispatchSemaphore(value: 0)
  /// Set when a stalled append waited longer than the safety net (the test then fails instead of hanging).
  let timedOut = Mutex(false)
  private var appends = 0

  init(stallsOnFirstAppend: Bool = false, failAt: Int? = nil) {
    self.stalls = stallsOnFirstAppend
    self.failAt = failAt
  }

  var events: [TraceEvent] { storage.withLock { $0.events } }
  var flushes: Int { storage.withLock { $0.flushes } }
  var closed: Bool { storage.withLock { $0.closed } }

  func append(_ event: TraceEvent) throws {
    appends += 1
    if let failAt, appends >= failAt { throw Failure(message: "disk full at append \(appends)") }
    if stalls && appends == 1 {
      entered.signal()
      if release.wait(timeout: .now() + .seconds(60)) == .timedOut {
        timedOut.withLock { $0 = true }
      }
    }
    storage.withLock { $0.events.append(event) }
  }

  func flush() throws {
    storage.withLock { $0.flushes += 1 }
    flushed.signal()
  }
  func close() throws { storage.withLock { $0.closed = true } }
}

/// A sink that writes JSON Lines to a file with POSIX `write`, so OS errors (ENOSPC on /dev/full) reach
/// the recorder as they would from a trace writer.
final class FileLinesSink: SessionRecorderSink, @unchecked Sendable {
  struct WriteError: Error { var errno: Int32 }
  private let fd: Int32

  init(path: String) throws {
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if fd < 0 { throw WriteError(errno: errno) }
  }

  func append(_ event: TraceEvent) throws {
    let line = Array((TraceJSONLines.encode(event: event) + "\n").utf8)
    let written = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    if written != line.count { throw WriteError(errno: errno) }
  }

  func flush() throws { if fsync(fd) != 0 && errno != EINVAL { throw WriteError(errno: errno) } }
  func close() throws { _ = Glibc.close(fd) }
}

/// A clock that advances 1 ms per reading.
func steppingClock() -> RecorderClock {
  let ticks = Atomic<UInt64>(0)
  return RecorderClock { ticks.add(1_000_000, ordering: .relaxed).newValue }
}
