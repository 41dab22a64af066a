import FoldTrace
import Foundation

/// Record hot path: what recording one event costs the thread that records it.
///
/// Baseline: a `Codable` struct per event through Foundation's `JSONEncoder`, appended as a line to an
/// in-memory buffer (no I/O), the usual way to log events. FoldTrace: `TraceWriter.append` into an
/// in-memory writer, which validates, encodes, and compresses each frame as it fills (the work the
/// recorder's writer queue does), and `SessionRecorder.record` on the calling thread.
///
/// The recorder is asynchronous: `record` moves the event into a bounded buffer that its writer queue
/// drains. A tight loop records far faster than 120 Hz and would fill the buffer, and a dropped event
/// costs less than a recorded one; so the loop runs in batches of `eventCapacity` events, the writer
/// queue catches up between batches (`synchronize()`, untimed), and the events dropped in the measured
/// runs are counted and printed (they must be 0).
struct RecordBench {
  var options: Options
  /// The events recorded, in order.
  var events: [TraceEvent]

  func run(into table: inout ResultTable) throws {
    let baselineCount = min(events.count, options.quick ? 5_000 : 20_000)
    let encoder = JSONEncoder()
    var lines = Data()
    let baseline = try PerEvent.measure(
      runs: options.runs, count: baselineCount, prepare: { lines.removeAll(keepingCapacity: true) }
    ) { i in
      lines.append(try encoder.encode(JSONEventRecord(events[i])))
      lines.append(0x0A)
    }

    var writer = try TraceWriter(header: LongSession.header)
    let writerFigures = try PerEvent.measure(
      runs: options.runs, count: events.count,
      prepare: { writer = try TraceWriter(header: LongSession.header) }
    ) { i in
      try writer.append(events[i])
    }
    try writer.close()

    let (recorder, dropped) = try recorderFigures()
    // The recorder stamps every event with its clock; how much of `record` that read alone takes here.
    let clock = RecorderClock.monotonic()
    // `clock_gettime` is opaque to the optimizer: the discarded read is still made.
    let clockFigures = try PerEvent.measure(runs: options.runs, count: events.count) { _ in _ = clock.now() }

    let section = "record"
    let speed = recorder.nanoseconds.median
    table.add(
      section,
      Figure(
        "SessionRecorder.record, ns/event on the calling thread", ours: Format.spread(recorder.nanoseconds),
        baseline: Format.spread(baseline.nanoseconds) + " JSONEncoder",
        ratio: Format.ratio(speed / baseline.nanoseconds.median), target: "≤ 50 ns",
        verdict: speed <= 50 ? .met : .missed))
    table.add(
      section,
      Figure(
        "of which the clock read (RecorderClock.monotonic().now()), ns/event",
        ours: Format.spread(clockFigures.nanoseconds)))
    table.add(
      section,
      Figure(
        "SessionRecorder.record, heap allocations/event", ours: Format.spread(recorder.allocations),
        baseline: Format.spread(baseline.allocations) + " JSONEncoder", target: "0",
        verdict: recorder.allocations.median < 0.0005 ? .met : .missed))
    table.add(
      section,
      Figure(
        "TraceWriter.append (in memory, as foldsim and pack use it), ns/event",
        ours: Format.spread(writerFigures.nanoseconds),
        baseline: Format.spread(baseline.nanoseconds) + " JSONEncoder",
        ratio: Format.ratio(writerFigures.nanoseconds.median / baseline.nanoseconds.median)))
    table.add(
      section,
      Figure(
        "TraceWriter.append, heap allocations/event",
        ours: Format.spread(writerFigures.allocations),
        baseline: Format.spread(baseline.allocations) + " JSONEncoder"))
    let calls = try recorderCalls()
    let capacity = SessionRecorder.defaultEventCapacity
    table.add(
      section,
      Figure(
        "SessionRecorder.record, single calls: median / p99 / max ns",
        ours: "\(Format.significant(calls.median)) / \(Format.significant(calls.p99)) / "
          + Format.significant(calls.max)))
    table.note(
      "record: single calls are timed one by one in a separate pass (timer overhead "
        + "\(Format.significant(calls.overhead)) ns subtracted); calls of 5 µs–1 ms (the lock held by the "
        + "writer queue while it swaps buffers, a wake-up of the writer queue) hold "
        + "\(Format.significant(calls.slowShare * 100))% of the recording time (preemptions over 1 ms left out)."
    )
    table.note(
      "record: SessionRecorder with its default monotonic clock, \(capacity)-event buffer and a sink that "
        + "discards the bytes; the caller validates each event, stamps it and takes the next slot of the "
        + "buffer under the lock, and moves it there after; the writer queue encodes and compresses on another thread (not counted "
        + "here). Each payload is moved into record, as from a call site that builds it (record takes it "
        + "consuming), out of a staging buffer refilled between batches (untimed). Timed in "
        + "batches of \(capacity) events, the writer queue catching up between batches (synchronize(), "
        + "untimed); events dropped in the measured runs: \(dropped + calls.dropped) (must be 0).")
    table.note(
      "record: baseline JSONEncoder over the first \(baselineCount) events, FoldTrace over \(events.count); "
        + "\(options.runs) runs after a warm-up; allocations are malloc-family calls on the calling thread.")
  }

  /// The distribution of single `record` calls, in nanoseconds.
  struct CallDistribution {
    var median: Double
    var p99: Double
    var max: Double
    /// Share of the time spent in calls of 5 µs to 1 ms (frame ends), calls over 1 ms (preemption) left
    /// out.
    var slowShare: Double
    /// The timer's own cost per reading pair, subtracted from every call.
    var overhead: Double
    /// Events the recorder dropped (the buffer full): must be 0.
    var dropped: UInt64
  }

  private func recorderCalls() throws -> CallDistribution {
    let recorder = try SessionRecorder(sink: DiscardingRecorderSink(), header: LongSession.header)
    var durations = [UInt64](repeating: 0, count: events.count)
    var empty = [UInt64](repeating: 0, count: 1001)
    for i in empty.indices {
      let start = Stopwatch.now()
      empty[i] = Stopwatch.now() - start
    }
    let overhead = empty.sorted()[empty.count / 2]
    for i in events.indices {
      let payload = events[i].payload
      let start = Stopwatch.now()
      _ = try recorder.record(payload)
      let elapsed = Stopwatch.now() - start
      durations[i] = elapsed > overhead ? elapsed - overhead : 0
      // The writer queue catches up between batches that fit the buffer, so no event is dropped.
      if (i + 1) % SessionRecorder.defaultEventCapacity == 0 { try recorder.synchronize() }
    }
    let dropped = recorder.droppedCount
    try recorder.close()
    let sorted = durations.sorted()
    let total = Double(sorted.reduce(0, +))
    // Frame ends (compression) take tens of microseconds; calls over 1 ms are the thread being preempted.
    let slow = Double(sorted.filter { $0 > 5_000 && $0 < 1_000_000 }.reduce(0, +))
    let preempted = Double(sorted.reversed().prefix { $0 >= 1_000_000 }.reduce(0, +))
    return CallDistribution(
      median: Double(sorted[sorted.count / 2]), p99: Double(sorted[sorted.count * 99 / 100]),
      max: Double(sorted.last ?? 0), slowShare: total > preempted ? slow / (total - preempted) : 0,
      overhead: Double(overhead), dropped: dropped)
  }

  /// `SessionRecorder.record` over the events, a fresh recorder per run, timed in batches that fit its
  /// buffer.
  ///
  /// Each payload is handed over as an app's call site hands over the payload it just built
  /// (`record(.geometry(…))`): moved into `record`, which takes it `consuming`. The copies come from a
  /// batch-sized staging buffer filled between batches, untimed, so the harness's copy out of the event
  /// array (a switch over the payload's cases, about 100 instructions) is not counted as recording.
  /// - Returns: The figures, and the events dropped in the measured runs (must be 0).
  private func recorderFigures() throws -> (PerEvent, dropped: UInt64) {
    let payloads = events.map(\.payload)
    let batch = SessionRecorder.defaultEventCapacity
    // Slots `0..<staged` of `staging` hold copies of the next batch's payloads; `record` moves each out.
    let staging = UnsafeMutableBufferPointer<TraceEvent.Payload>.allocate(capacity: batch)
    defer { staging.deallocate() }
    func stage(from start: Int) {
      let end = min(start + batch, payloads.count)
      if start < end { _ = staging.initialize(fromContentsOf: payloads[start..<end]) }
    }
    var recorder = try SessionRecorder(sink: DiscardingRecorderSink(), header: LongSession.header)
    var dropped: UInt64 = 0
    var run = 0
    var next = 0  // The first event of the next batch.
    let figures = try PerEvent.measure(
      runs: options.runs, count: payloads.count, batch: batch,
      prepare: {
        // The first call finds the unused recorder, the second the warm-up run's: not counted.
        if run > 1 { dropped += recorder.droppedCount }
        run += 1
        try recorder.close()
        recorder = try SessionRecorder(sink: DiscardingRecorderSink(), header: LongSession.header)
        next = batch
        stage(from: 0)
      },
      between: {
        try recorder.synchronize()
        stage(from: next)
        next += batch
      }
    ) { i in
      _ = try recorder.record(staging.moveElement(from: i % batch))
    }
    dropped += recorder.droppedCount
    try recorder.close()
    return (figures, dropped)
  }
}
