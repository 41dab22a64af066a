import Dispatch
import FoldReplay
import FoldTrace
import Foundation
import Synchronization

/// One trace's replay as `tracecat replay` reports it.
struct ReplayOutcome: Sendable {
  /// The trace's path as given.
  var path: String
  /// The checks' summary (also when the trace was damaged part way: what was replayed).
  var summary: ReplaySummary
  /// Scenes laid out.
  var scenes: Int { summary.sceneCount }
  /// `check --json`: the trace's records (one summary line).
  var lines: [String]
  /// `replay --json` with more than one trace: the trace's records, kept until its turn to print
  /// (``SpooledLines``); nil when they were printed as they came or are not wanted.
  var spool: SpooledLines? = nil
  /// Error lines for standard error (an unreadable or damaged trace).
  var errors: [String]
  /// With `--compare`: the app's recorded output held against the model's plans.
  var comparison: ModelComparisonResult? = nil
  /// The status of the error that stopped reading the trace (I/O 3, a torn tail 4, corrupt 1), if any.
  var errorStatus: ExitStatus? = nil
  /// True when the trace was read whole, every check passed and, with `--compare`, the app agrees with
  /// the model.
  var passed: Bool { errors.isEmpty && summary.passed && (comparison?.agrees ?? true) }
  /// This trace's exit status, the worse of its read error's (I/O 3, a torn tail 4, corrupt 1) and 1 when
  /// a check failed on what was read (or the app diverged): an unreadable trace exits as an I/O error
  /// and a torn one that checks out as recoverable, not as a failed check.
  var status: ExitStatus {
    (errorStatus ?? .success).worse(summary.passed && (comparison?.agrees ?? true) ? .success : .invalid)
  }
}

/// Replays traces in parallel across cores and hands their outcomes over in input order.
///
/// Traces start longest first (by file size): a corpus is usually a few long sessions among many short
/// cases, and a long trace that starts last leaves the other cores idle while it finishes. Outcomes are
/// still delivered in input order, and at most ``holdLimit(cores:)`` of them wait.
///
/// `--json` output never accumulates in memory: a lone trace prints its records as the replay makes
/// them; with several, each trace's records go to its own ``SpooledLines`` (64 KiB in memory, the rest in
/// an unnamed temporary file) until the caller prints them in input order, byte for byte as a lone
/// trace would. Memory is O(holdLimit × 64 KiB) for the output; `$TMPDIR` holds at most the output of
/// the traces that wait.
enum ReplayRun {
  /// Completed outcomes waiting for their turn, shared between the workers and the caller.
  private final class Slots: Sendable {
    let outcomes: Mutex<[Int: ReplayOutcome]> = Mutex([:])
    /// Signalled once per completed trace.
    let completed = DispatchSemaphore(value: 0)
  }

  /// How many traces may be started and not yet delivered: 4 × cores, at least 8.
  static func holdLimit(cores: Int) -> Int { max(8, 4 * cores) }

  /// The most traces replayed at once: one per core, at most 8. Each running replay holds a worker
  /// thread's stack (``workerStackSize``) in address space and its trace's state in memory, so the cap
  /// bounds both however many cores the machine has.
  static func workerLimit(cores: Int) -> Int { min(max(1, cores), 8) }

  /// Picks the next trace to start: the largest not yet started (ties in input order), but never more
  /// than `holdLimit` started ahead of the next one to deliver — that one starts first when the limit is
  /// reached, so delivery always progresses and memory stays bounded.
  struct Scheduler {
    /// Indices by decreasing size, ties in input order.
    let byCost: [Int]
    let holdLimit: Int
    var started: [Bool]
    var startedCount = 0
    var cursor = 0
    /// The next index to deliver (every index before it has been delivered).
    var delivered = 0

    init(sizes: [Int], holdLimit: Int) {
      byCost = sizes.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
      self.holdLimit = max(1, holdLimit)
      started = Array(repeating: false, count: sizes.count)
    }

    /// The next trace to start, or nil when none may start now.
    mutating func next() -> Int? {
      var pick: Int?
      if startedCount - delivered < holdLimit {
        while cursor < byCost.count, started[byCost[cursor]] { cursor += 1 }
        pick = cursor < byCost.count ? byCost[cursor] : nil
      } else if delivered < started.count, !started[delivered] {
        pick = delivered
      }
      if let pick {
        started[pick] = true
        startedCount += 1
      }
      return pick
    }
  }

  /// Replays `files` on threads of their own, ``workerLimit(cores:)`` at a time (on the caller's thread
  /// when the system refuses a thread), longest first (see ``Scheduler``), and calls `deliver` with each
  /// outcome in input order as soon as it and all before it are done. Memory holds at most
  /// ``holdLimit(cores:)`` outcomes, however many traces there are.
  ///
  /// With `json`, a lone trace is replayed on the caller's thread and prints its records to `console` as
  /// they come; otherwise each outcome's ``ReplayOutcome/spool`` holds them for `deliver` to print.
  static func each(
    _ files: [String], configuration: ReplayConfiguration, json: Bool, frames: Bool, compare: Bool = false,
    console: Console, deliver: (ReplayOutcome) -> Void
  ) {
    if files.count == 1 {
      let output = json ? ConsoleLines(console: console) : nil
      deliver(
        one(files[0], configuration: configuration, frames: frames, compare: compare, output: output))
      return
    }
    let slots = Slots()
    let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    let sizes = files.map { path in
      ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
    var scheduler = Scheduler(sizes: sizes, holdLimit: holdLimit(cores: cores))
    let workers = workerLimit(cores: cores)
    var running = 0
    while scheduler.delivered < files.count {
      while running < workers, let index = scheduler.next() {
        running += 1
        let work: @Sendable () -> Void = {
          let spool = json ? SpooledLines() : nil
          var outcome = one(
            files[index], configuration: configuration, frames: frames, compare: compare, output: spool)
          outcome.spool = spool
          slots.outcomes.withLock { $0[index] = outcome }
          slots.completed.signal()
        }
        // A thread per trace; when the system refuses one (no memory for its stack under a data limit),
        // this thread replays the trace itself: slower, never waiting for a worker that cannot start.
        if !startDetachedThread(work) { work() }
      }
      slots.completed.wait()
      running -= 1
      while scheduler.delivered < files.count,
        let outcome = slots.outcomes.withLock({ $0.removeValue(forKey: scheduler.delivered) })
      {
        scheduler.delivered += 1
        deliver(outcome)
      }
    }
  }

  /// Replays one trace frame by frame; a damaged trace is checked up to the damage and reported. With
  /// `compare`, each recorded layout is also held against the model's plan (``ModelComparison``). With an
  /// `output` (`--json`), each record's line is written to it as the replay makes it, ending with the
  /// trace's summary.
  static func one<Output: ReplayLineOutput>(
    _ path: String, configuration: ReplayConfiguration, frames: Bool, compare: Bool = false,
    output: Output?
  ) -> ReplayOutcome {
    let json = output != nil
    let name =
      path == "-" ? InputSource.displayName(path) : path.split(separator: "/").last.map(String.init) ?? path
    var sink = JSONRecordSink(
      trace: name, output: output, frames: frames,
      verifier: ReplayVerifier(trace: name, expectations: configuration.expectations))
    var errors: [String] = []
    var comparison = compare ? ModelComparison(trace: name, configuration: configuration) : nil
    var errorStatus: ExitStatus?
    // Once the trace is open, every event read is replayed and the replay finished, damage or not (the
    // end record counts the events); an input that does not open replays nothing.
    var opened = false
    var compared: ModelComparisonResult?
    do {
      let reader = try InputSource.trace(path)
      opened = true
      if comparison != nil {
        defer { compared = comparison!.finish(into: &sink) }
        while let frame = try reader.nextFrame() {
          for event in frame.events { comparison!.receive(event, into: &sink) }
        }
      } else {
        try Replayer.replay(reader, configuration: configuration, into: &sink)
      }
    } catch {
      let wrapped = TracecatError.wrapping(error, file: path)
      errors = ErrorRenderer.lines(for: wrapped)
      errorStatus = wrapped.exitStatus
      if !opened {
        sink.verifier.receive(.end(ReplayEnd(events: 0, time: 0, unsettledScenes: [], settleLimit: 0)))
        compared = comparison?.result
      }
    }
    if json, let compared {
      for divergence in compared.divergences {
        sink.output?.line(ReplayJSONLines.divergence(divergence, trace: name))
      }
      sink.output?.line(ReplayJSONLines.comparison(compared))
    }
    if json {
      var summary = ReplayJSONLines.summary(sink.verifier.summary)
      if !errors.isEmpty {
        // An unreadable trace fails: its error becomes the summary's one failure.
        let message = ReplayJSONLines.string(errors.joined(separator: " "))
        summary =
          "{\"kind\":\"summary\",\"trace\":\(ReplayJSONLines.string(name)),\"events\":\(sink.verifier.summary.events)"
          + ",\"verdict\":\"fail\",\"failures\":[{\"check\":\"trace\",\"scene\":null,\"event\":null,\"t\":0"
          + ",\"element\":null,\"expected\":\"a readable trace\",\"actual\":\(message),\"message\":\(message)}]}"
      }
      sink.output?.line(summary)
    }
    return ReplayOutcome(
      path: path, summary: sink.verifier.summary, lines: [], errors: errors, comparison: compared,
      errorStatus: errorStatus)
  }
}

/// Checks records and, with `--json`, writes them as JSON Lines (``ReplayJSONLines``) to an output as
/// they come: the verifier and the JSON Lines are two sinks on the same records.
struct JSONRecordSink<Output: ReplayLineOutput>: ReplaySink {
  var verifier: ReplayVerifier
  /// Where the lines go; nil without `--json`.
  var output: Output?
  /// The trace's name, written in every line.
  let trace: String
  /// Whether frame samples are written too (`--frames`).
  let frames: Bool
  init(trace: String, output: Output?, frames: Bool, verifier: ReplayVerifier) {
    self.verifier = verifier
    self.output = output
    self.trace = trace
    self.frames = frames
  }

  /// Writes a record's lines: a `layout` line per layout change, with `frames` a `frame` line per element
  /// per sample.
  ///
  /// - Complexity: O(k) in the record's output size.
  private mutating func write(_ record: ReplayRecord) {
    switch record {
    case .layout(let change):
      let trace = trace
      output?.line { bytes in
        ReplayJSONLines.layout(change, trace: trace) { bytes.append(contentsOf: $0.utf8) }
      }
    case .frame(let sample):
      guard frames else { return }
      for line in ReplayJSONLines.frames(sample, trace: trace) { output?.line(line) }
    case .evaluation, .retarget, .unknownContentID, .disconnected, .end:
      break
    }
  }

  mutating func receive(_ record: ReplayRecord) {
    verifier.receive(record)
    if output != nil { write(record) }
  }
}
