import Dispatch
import FoldTrace
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// `crashrecorder load`: the SessionRecorder load test (Tools/recorder-load). Several threads record
/// `--rate` events per second in total for `--seconds`, paced by the clock, through one recorder writing a
/// trace file; a sampler watches the process's resident memory. Afterwards the trace must account for
/// every event offered: each one is in it, or counted in a `dropped` record and in `droppedCount`.
/// `--capacity` is the recorder's buffer, in events. `--slow-disk-us` makes every write and fsync take that
/// long, so the writer queue falls behind, the buffer fills and drops happen.
enum LoadCommand {
  /// One thread's tally.
  struct Tally {
    var recorded = 0
    var dropped = 0
    var slowest: Duration = .zero
    var latencies: [Duration] = []
  }

  /// Runs the load test.
  /// - Returns: Whether every event was accounted for and memory stayed within the bound.
  static func run(_ arguments: Arguments) throws -> Bool {
    let path = try arguments.string("out")
    let seconds: Int = try arguments.integer("seconds", default: 60)
    let rate: Int = try arguments.integer("rate", default: 10_000)
    let threads: Int = try arguments.integer("threads", default: 4)
    let capacity: Int = try arguments.integer("capacity", default: SessionRecorder.defaultEventCapacity)
    let slowDisk: UInt32 = try arguments.integer("slow-disk-us", default: 0)
    let header = TraceHeader(device: "iPhone Duo", app: "recorder-load", recorder: "crashrecorder")
    let errors = Mutex<[String]>([])
    let onError: @Sendable (any Error) -> Void = { error in errors.withLock { $0.append("\(error)") } }
    let recorder: SessionRecorder
    if slowDisk > 0 {
      let sink = try SlowFileSink(path: path, delay: slowDisk)
      recorder = try SessionRecorder(sink: sink, header: header, eventCapacity: capacity, onError: onError)
    } else {
      recorder = try SessionRecorder(path: path, header: header, eventCapacity: capacity, onError: onError)
    }
    let scene = try recorder.connectScene("load", display: .internal, scale: 3)
    let sampler = MemorySampler()
    let baseline = MemorySampler.residentBytes()
    let samplerThread = sampler.start()
    let perThread = rate * seconds / threads
    let interval = Duration.seconds(1) / (rate / threads)
    let tallies = Mutex<[Tally]>([])
    let start = ContinuousClock.now
    // One POSIX thread per producer, all running at once: `concurrentPerform` runs only as many
    // iterations at a time as there are cores, so on 2 cores producers 3 and 4 started when 1 and 2 had
    // finished and then, behind their schedule, recorded in one burst.
    Self.onThreads(threads) { thread in
      var tally = Tally()
      tally.latencies.reserveCapacity(perThread)
      for i in 0..<perThread {
        let due = start + interval * i
        if ContinuousClock.now < due { sleep(until: due) }
        let payload: TraceEvent.Payload =
          i % 10 == 0
          ? .geometry(
            scene: scene,
            SceneGeometry(
              size: TraceSize(width: 300 + Double(i % 500), height: 844), horizontal: .compact,
              vertical: .regular,
              isInteractivelyResizing: true))
          : .scroll(
            scene: scene, offset: TracePoint(x: Double(thread), y: Double(i) / 3), anchor: "row-\(i / 8)")
        let before = ContinuousClock.now
        let recorded = (try? recorder.record(payload)) ?? false
        let latency = ContinuousClock.now - before
        tally.latencies.append(latency)
        tally.slowest = max(tally.slowest, latency)
        if recorded { tally.recorded += 1 } else { tally.dropped += 1 }
      }
      tallies.withLock { $0.append(tally) }
    }
    let elapsed = ContinuousClock.now - start
    try recorder.close()
    sampler.stop(samplerThread)
    let all = tallies.withLock { $0 }
    let offered = all.reduce(0) { $0 + $1.recorded + $1.dropped }
    let recorded = all.reduce(0) { $0 + $1.recorded }
    let latencies = all.flatMap(\.latencies).sorted()
    let p99 = latencies[latencies.count * 99 / 100]
    // What the trace says.
    let events = try TraceReader.readAll(path: path).events
    let dropRecords = events.compactMap { event -> UInt64? in
      if case .dropped(let count) = event.payload { return count }
      return nil
    }
    let inTrace = events.count - dropRecords.count - 1  // Without drop records and the scene connection.
    let droppedInTrace = Int(dropRecords.reduce(0, +))
    let growth = max(0, sampler.peak - baseline)
    // The two event buffers, plus the open frame, its compressed copy and the runtime's slack.
    let bound = SessionRecorder.bufferBytes(eventCapacity: capacity) + 64 << 20
    print(
      """
      recorder-load: \(threads) threads, \(rate) events/s for \(seconds) s (took \(microseconds(elapsed) / 1_000_000) s), \
      capacity \(capacity) events\(slowDisk > 0 ? ", slow disk \(slowDisk) µs per write" : "")
        offered \(offered), recorded \(recorded), dropped \(offered - recorded) (recorder droppedCount \
      \(recorder.droppedCount), dropped records in the trace: \(dropRecords.count) totalling \(droppedInTrace))
        trace events \(inTrace), unaccounted \(offered - inTrace - droppedInTrace), sink errors \(errors.withLock { $0.count })
        resident memory: baseline \(baseline >> 20) MiB, peak \(sampler.peak >> 20) MiB (+\(growth >> 20) MiB; \
      bound \(bound >> 20) MiB)
        record() latency p99 \(microseconds(p99)) µs, max \(microseconds(latencies.last ?? .zero)) µs
      """)
    var ok = true
    func require(_ condition: Bool, _ message: String) {
      if !condition {
        printError("recorder-load: FAILED: \(message)")
        ok = false
      }
    }
    require(inTrace == recorded, "\(recorded) events recorded, \(inTrace) in the trace")
    require(
      droppedInTrace == offered - recorded, "\(offered - recorded) dropped, \(droppedInTrace) in the trace")
    require(Int(recorder.droppedCount) == offered - recorded, "droppedCount \(recorder.droppedCount)")
    require(errors.withLock { $0.isEmpty }, "sink errors: \(errors.withLock { $0 })")
    require(growth <= bound, "memory grew by \(growth) bytes")
    return ok
  }

  /// A duration in whole microseconds.
  static func microseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
  }

  /// Runs `body(0)`, …, `body(count - 1)` on `count` new POSIX threads at once and waits for all.
  static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Job: @unchecked Sendable {  // Immutable after init; handed to exactly one thread.
      let index: Int
      let body: @Sendable (Int) -> Void
      init(_ index: Int, _ body: @escaping @Sendable (Int) -> Void) {
        self.index = index
        self.body = body
      }
    }
    var threads: [pthread_t] = []
    for index in 0..<count {
      var thread = pthread_t()
      let job = Unmanaged.passRetained(Job(index, body)).toOpaque()
      let status = pthread_create(
        &thread, nil,
        { raw in
          let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
          job.body(job.index)
          return nil
        }, job)
      precondition(status == 0, "pthread_create failed: \(status)")
      threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
  }

  /// Sleeps until `deadline` with `nanosleep(2)`.
  static func sleep(until deadline: ContinuousClock.Instant) {
    let wait = (deadline - ContinuousClock.now).components
    guard wait.seconds >= 0, wait.attoseconds > 0 || wait.seconds > 0 else { return }
    var request = timespec(tv_sec: Int(wait.seconds), tv_nsec: Int(wait.attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }
}

/// Samples the process's resident memory every 10 ms on its own thread and keeps the peak.
final class MemorySampler: Sendable {
  private let stopped = Atomic<Bool>(false)
  private let peakBytes = Atomic<Int>(0)

  /// The highest resident size seen, in bytes.
  var peak: Int { peakBytes.load(ordering: .relaxed) }

  /// The current resident size (`/proc/self/statm`), in bytes.
  static func residentBytes() -> Int {
    guard let bytes = try? TraceFileBytes.read("/proc/self/statm") else { return 0 }
    let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
  }

  /// Starts sampling on a new thread.
  func start() -> pthread_t {
    var thread = pthread_t()
    let box = Unmanaged.passRetained(self).toOpaque()
    pthread_create(
      &thread, nil,
      { raw in
        let sampler = Unmanaged<MemorySampler>.fromOpaque(raw!).takeRetainedValue()
        while !sampler.stopped.load(ordering: .relaxed) {
          let now = MemorySampler.residentBytes()
          if now > sampler.peak { sampler.peakBytes.store(now, ordering: .relaxed) }
          usleep(10_000)
        }
        return nil
      }, box)
    return thread
  }

  /// Stops sampling and waits for the thread.
  func stop(_ thread: pthread_t) {
    stopped.store(true, ordering: .relaxed)
    pthread_join(thread, nil)
  }
}

/// A trace file whose every write and fsync takes `delay` µs longer: a disk that falls behind.
final class SlowFileSink: SessionRecorderSink, @unchecked Sendable {
  private let file: Int32
  private let delay: UInt32

  /// Creates the file (it must not exist).
  /// - Throws: ``HarnessError`` when it cannot be created.
  init(path: String, delay: UInt32) throws {
    file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard file >= 0 else { throw HarnessError("cannot create \(path)") }
    self.delay = delay
  }

  func write(_ bytes: [UInt8]) throws {
    usleep(delay)
    do {
      try FileDescriptor(rawValue: file).writeAll(bytes)
    } catch {
      throw HarnessError("write failed: \(error)")
    }
  }

  func synchronize() throws {
    usleep(delay)
    fsync(file)
  }

  func close() throws { Glibc.close(file) }
}
