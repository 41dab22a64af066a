import Dispatch
import FoldReplay
import FoldTrace
import Foundation
import LayoutCore
import ReferenceScreen
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Replay speed with every check on: a `TraceReader` streaming the trace into a `Replayer` driving the
/// reference layout (`ReferenceScreenLayout`) on its 120 Hz virtual clock, into a `ReplayVerifier` (shape
/// transitions, flapping, scroll-anchor drift, frame jumps, end snaps, overshoot, cross-fades, plan
/// invariants) — what `tracecat replay` and the replay tests run.
struct ReplayBench {
  var options: Options

  /// Replays one trace end to end (decode included).
  /// - Returns: The events replayed and the number of failures the checks reported.
  static func replay(_ sample: TraceSample) throws -> (events: Int, failures: Int) {
    let reader = try TraceReader(bytes: sample.bytes, name: sample.name)
    var verifier = ReplayVerifier(trace: sample.name)
    let events = try Replayer.replay(
      reader,
      configuration: ReplayConfiguration(
        policy: ReferenceScreenLayout(), content: RecordListContent(),
        scrollElementID: ReferenceScreenLayout.scrollElementID), into: &verifier)
    return (events, verifier.summary.failureCount)
  }

  func run(long: TraceSample, corpus: Workload?, into table: inout ResultTable) throws {
    // A prefix of the long session keeps the full run within its time budget at today's replay speed.
    let count = min(long.events.count, options.quick ? 50_000 : 200_000)
    let long =
      count == long.events.count
      ? long
      : try TraceSample(
        name: "\(long.name), first \(Format.si(Double(count))) events", header: long.header,
        events: Array(long.events.prefix(count)))
    var failures = 0
    let single = try Samples.collect(runs: options.runs) {
      var result = (events: 0, failures: 0)
      let elapsed = try Stopwatch.cpuTime { result = try Self.replay(long) }
      failures = result.failures
      return Double(result.events) / Double(elapsed) * 1e9
    }
    let section = "replay, all checks on"
    table.add(
      section,
      Figure(
        "events/s, one core — \(long.name) (decode included)", ours: Format.spread(single, Format.si),
        target: "≥ 1 M/s", verdict: single.median >= 1e6 ? .met : .missed))
    table.note(
      "replay: ReferenceScreenLayout + ReplayVerifier (all checks), streaming from the trace bytes; the "
        + "long session reported \(failures) check failures.")

    guard let corpus else { return }
    // The corpus repeated, so a CI-sized batch of traces keeps every core busy to the end; longest first,
    // as `tracecat replay` schedules them, so a long trace does not start last.
    let copies = options.quick ? 1 : 4
    let traces = Array(repeating: corpus.traces, count: copies).flatMap { $0 }
      .enumerated().sorted {
        $0.element.events.count != $1.element.events.count
          ? $0.element.events.count > $1.element.events.count : $0.offset < $1.offset
      }
      .map(\.element)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let events = Double(corpus.eventCount * copies)
    let runs = options.quick ? 1 : min(options.runs, 3)
    let loadBefore = Self.loadAverage()
    var costs: [UInt64] = []
    let serial = try Samples.collect(runs: runs) {
      var perTrace: [UInt64] = []
      let elapsed = try Stopwatch.time {
        for trace in traces { perTrace.append(try Stopwatch.cpuTime { _ = try Self.replay(trace) }) }
      }
      costs = perTrace
      return events / Double(elapsed) * 1e9
    }
    var coresUsed: [Double] = []
    var cpuPerEvent: [Double] = []
    let parallel = try Samples.collect(runs: runs) {
      let cpu = Self.processCPU()
      let elapsed = try Stopwatch.time { try Self.replayConcurrently(traces) }
      let used = Double(Self.processCPU() - cpu)
      coresUsed.append(used / Double(elapsed))
      cpuPerEvent.append(used / events)
      return events / Double(elapsed) * 1e9
    }
    let speedup = parallel.median / serial.median
    let serialCPUPerEvent = Double(costs.reduce(0, +)) / events
    let bound = Self.longestFirstBound(costs, cores: cores)
    table.add(
      section,
      Figure(
        "corpus ×\(copies) (\(traces.count) traces) events/s, \(cores) threads vs 1",
        ours: Format.spread(parallel, Format.si),
        baseline: Format.spread(serial, Format.si) + " on 1 thread", ratio: Format.ratio(speedup),
        target: "scales with cores (≥ \(Format.significant(0.75 * Double(cores)))×)",
        verdict: speedup >= 0.75 * Double(cores) ? .met : .missed))
    table.note(
      "replay corpus: \(Format.significant(Samples(coresUsed).median)) of \(cores) cores were ours during the "
        + "parallel runs (process CPU ÷ wall, median); CPU per event parallel ÷ serial "
        + "\(Format.significant(Samples(cpuPerEvent).median / serialCPUPerEvent))× (1× = no contention in "
        + "the replay itself); load average \(loadBefore) before, \(Self.loadAverage()) after; the traces' "
        + "own sizes allow at most \(Format.ratio(bound)) on \(cores) cores (longest first, one trace per core)."
    )
  }

  /// Σ costs ÷ the makespan of longest-first scheduling of `costs` (in that order) on `cores` workers:
  /// the speedup trace-level parallelism can reach at best.
  static func longestFirstBound(_ costs: [UInt64], cores: Int) -> Double {
    var finish = Array(repeating: UInt64(0), count: max(1, cores))
    for cost in costs.sorted(by: >) {
      let worker = finish.indices.min { finish[$0] < finish[$1] }!
      finish[worker] += cost
    }
    let makespan = finish.max() ?? 0
    return makespan == 0 ? 1 : Double(costs.reduce(0, +)) / Double(makespan)
  }

  /// CPU time of the whole process (every thread), in nanoseconds.
  static func processCPU() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// The 1-minute load average, as `uptime` prints it (other builders on a shared machine).
  static func loadAverage() -> String {
    var loads = [0.0, 0.0, 0.0]
    guard getloadavg(&loads, 3) > 0 else { return "unknown" }
    return Format.significant(loads[0])
  }

  /// Replays `traces` with one task per trace on all cores (`concurrentPerform`).
  static func replayConcurrently(_ traces: [TraceSample]) throws {
    let firstError = Mutex<(any Error)?>(nil)
    DispatchQueue.concurrentPerform(iterations: traces.count) { i in
      do {
        _ = try replay(traces[i])
      } catch {
        firstError.withLock { $0 = $0 ?? error }
      }
    }
    if let error = firstError.withLock({ $0 }) { throw error }
  }
}
