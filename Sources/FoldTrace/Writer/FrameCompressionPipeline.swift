import Dispatch
import Synchronization

/// Compresses a ``TraceWriter``'s frames on worker threads while the writer fills the next one, and
/// hands them back in the order they were submitted.
///
/// At most ``depth`` frames are in flight: the writer takes the oldest back (``next(waiting:)``) before
/// it submits another when ``isFull``. Frame *i* goes to compressor *i* mod `compressors.count`, and with
/// no more compressors than ``depth`` the frame that used a compressor before has always come back, so a
/// compressor's lock is never contended. Every compressor has the same level and parameters and each
/// frame is compressed on its own (no history across frames), so a frame's bytes do not depend on which
/// compressor or thread made them: they are what ``ZstdCompressor/compressFrame(_:)`` returns on the
/// writer's own thread.
///
/// Each frame is compressed on a thread of its own (``startDetachedThread(_:)``), never on a libdispatch
/// global queue, whose thread pool's monitor reads `/proc` and crashes a process that has none (a mount
/// namespace without `/proc`); when no thread can be started, the writer's thread compresses the frame.
///
/// Not thread-safe: one thread (the writer's) calls it; a worker touches only its job and its compressor.
final class FrameCompressionPipeline {
  /// A frame that came back: its compressed bytes and the size of its content, in bytes.
  struct Frame {
    var compressed: [UInt8]
    var contentSize: Int
  }

  /// One frame in flight. The worker stores the result, then signals; the writer reads it after the
  /// signal.
  private final class Job: Sendable {
    let contentSize: Int
    let result = Mutex<Result<[UInt8], ZstdError>?>(nil)
    let done = DispatchSemaphore(value: 0)

    init(contentSize: Int) { self.contentSize = contentSize }
  }

  /// A zstd context behind a lock, so a worker thread may own it for one frame.
  private final class Compressor: Sendable {
    let context: Mutex<ZstdCompressor>

    init(level: Int32) throws(ZstdError) { context = Mutex(try ZstdCompressor(level: level)) }
  }

  /// The most frames in flight.
  let depth: Int
  private let compressors: [Compressor]
  /// Frames in flight, oldest first (at most ``depth``).
  private var jobs: [Job] = []
  private var submitted = 0

  /// Creates the compressors (each holds a zstd context: about 2 MiB at level 12 for 64 KiB frames, by
  /// `ZSTD_estimateCCtxSize_usingCParams`).
  ///
  /// - Parameters:
  ///   - level: The zstd level of every frame.
  ///   - depth: The most frames in flight, at least 1.
  ///   - compressors: The zstd contexts, hence the most frames compressed at once: 1…`depth`.
  /// - Throws: ``ZstdError`` when libzstd cannot create a context or refuses the level.
  init(level: Int32, depth: Int = 2, compressors: Int = 1) throws(ZstdError) {
    precondition(depth >= 1 && (1...depth).contains(compressors), "1 ≤ compressors ≤ depth")
    self.depth = depth
    var made: [Compressor] = []
    for _ in 0..<compressors { made.append(try Compressor(level: level)) }
    self.compressors = made
    jobs.reserveCapacity(depth)
  }

  /// Frames submitted and not yet taken back.
  var inFlight: Int { jobs.count }

  /// Whether ``depth`` frames are in flight, so the next ``submit(_:)`` must wait for the oldest first.
  var isFull: Bool { jobs.count >= depth }

  /// Starts compressing a frame's content on a new worker thread.
  ///
  /// - Parameter content: The frame's content (the records, with the frame's time and keyframe).
  /// - Precondition: Not ``isFull``.
  /// - Complexity: One thread start on the calling thread (the compression, O(n) in the content's size,
  ///   too when no thread can be started).
  func submit(_ content: [UInt8]) {
    precondition(!isFull, "a frame is submitted with \(jobs.count) in flight")
    let job = Job(contentSize: content.count)
    let compressor = compressors[submitted % compressors.count]
    submitted += 1
    jobs.append(job)
    let work: @Sendable () -> Void = {
      let result = compressor.context.withLock { context in
        Result { () throws(ZstdError) in try context.compressFrame(content) }
      }
      job.result.withLock { $0 = result }
      job.done.signal()
    }
    if !startDetachedThread(work) { work() }
  }

  /// Takes back the oldest frame in flight.
  ///
  /// - Parameter waiting: Whether to wait for it to be compressed; if false, returns nil when it is not
  ///   yet.
  /// - Returns: The frame, or nil when none is in flight (or, unless `waiting`, the oldest is unfinished).
  /// - Throws: ``ZstdError`` from `ZSTD_compress2` for that frame; the frame is taken back all the same.
  func next(waiting: Bool) throws(ZstdError) -> Frame? {
    guard let job = jobs.first else { return nil }
    if waiting {
      job.done.wait()
    } else if job.done.wait(timeout: .now()) == .timedOut {
      return nil
    }
    jobs.removeFirst()
    let result = job.result.withLock { $0 }
    guard let result else { preconditionFailure("a frame was signalled before its result was stored") }
    return Frame(compressed: try result.get(), contentSize: job.contentSize)
  }
}
