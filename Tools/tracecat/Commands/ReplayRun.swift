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
  var scenes: Int { summary.scenes.count }
  /// With `--json`: the trace's records.
  var lines: [String]
  /// Error lines for standard error (an unreadable or damaged trace).
  var errors: [String]
  /// True when the trace was read whole and every check passed.
  var passed: Bool { errors.isEmpty && summary.passed }
}

/// Replays traces in parallel across cores and hands their outcomes over in input order.
enum ReplayRun {
  /// Completed outcomes waiting for their turn, shared between the workers and the caller.
  private final class Slots: Sendable {
    let outcomes: Mutex<[Int: ReplayOutcome]> = Mutex([:])
    let done: [DispatchSemaphore]
    init(count: Int) { done = (0..<count).map { _ in DispatchSemaphore(value: 0) } }
  }

  /// Replays `files` on the global queue, at most `2 × cores` ahead of the one being delivered, and
  /// calls `deliver` with each outcome in input order as soon as it and all before it are done. Memory
  /// holds at most that many outcomes (their `--json` lines included), however many traces there are.
  static func each(
    _ files: [String], configuration: ReplayConfiguration, json: Bool, frames: Bool,
    deliver: (ReplayOutcome) -> Void
  ) {
    let slots = Slots(count: files.count)
    let window = max(2, 2 * ProcessInfo.processInfo.activeProcessorCount)
    func start(_ index: Int) {
      DispatchQueue.global().async {
        let outcome = one(files[index], configuration: configuration, json: json, frames: frames)
        slots.outcomes.withLock { $0[index] = outcome }
        slots.done[index].signal()
      }
    }
    for index in 0..<min(window, files.count) { start(index) }
    for index in files.indices {
      slots.done[index].wait()
      let outcome = slots.outcomes.withLock { $0.removeValue(forKey: index)! }
      if index + window < files.count { start(index + window) }
      deliver(outcome)
    }
  }

  /// Replays one trace frame by frame; a damaged trace is checked up to the damage and reported.
  static func one(
    _ path: String, configuration: ReplayConfiguration, json: Bool, frames: Bool
  ) -> ReplayOutcome {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    var sink = JSONRecordSink(
      trace: name, enabled: json, frames: frames, verifier: ReplayVerifier(trace: name))
    var errors: [String] = []
    do {
      let reader = try TraceReader(path: path)
      try Replayer.replay(reader, configuration: configuration, into: &sink)
    } catch {
      errors = ErrorRenderer.lines(for: TracecatError.wrapping(error, file: path))
      sink.verifier.receive(
        .end(ReplayEnd(events: sink.events, time: 0, unsettledScenes: [], settleLimit: 0)))
    }
    var lines = sink.lines
    if json {
      var summary = ReplayJSONLines.summary(sink.verifier.summary)
      if !errors.isEmpty {
        // An unreadable trace fails: its error becomes the summary's one failure.
        let message = ReplayJSONLines.string(errors.joined(separator: " "))
        summary =
          "{\"kind\":\"summary\",\"trace\":\(ReplayJSONLines.string(name)),\"events\":\(sink.events)"
          + ",\"verdict\":\"fail\",\"failures\":[{\"check\":\"trace\",\"scene\":null,\"event\":null,\"t\":0"
          + ",\"element\":null,\"expected\":\"a readable trace\",\"actual\":\(message),\"message\":\(message)}]}"
      }
      lines.append(summary)
    }
    return ReplayOutcome(path: path, summary: sink.verifier.summary, lines: lines, errors: errors)
  }
}

/// Checks records and, with `--json`, writes them as JSON Lines.
struct JSONRecordSink: ReplaySink {
  let trace: String
  let enabled: Bool
  let frames: Bool
  var verifier: ReplayVerifier
  var lines: [String] = []
  /// Events replayed so far (the index of the last record's event, plus one).
  var events = 0

  init(trace: String, enabled: Bool, frames: Bool, verifier: ReplayVerifier) {
    self.trace = trace
    self.enabled = enabled
    self.frames = frames
    self.verifier = verifier
  }

  mutating func receive(_ record: ReplayRecord) {
    verifier.receive(record)
    switch record {
    case .layout(let change):
      events = max(events, change.eventIndex + 1)
      if enabled { lines.append(ReplayJSONLines.layout(change, trace: trace)) }
    case .frame(let sample):
      events = max(events, sample.eventIndex + 1)
      if enabled && frames { lines.append(contentsOf: ReplayJSONLines.frames(sample, trace: trace)) }
    case .evaluation(let evaluation):
      events = max(events, evaluation.eventIndex + 1)
    case .retarget, .end:
      break
    }
  }
}
