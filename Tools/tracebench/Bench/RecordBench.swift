import FoldTrace
import Foundation

/// Record hot path: what recording one event costs the thread that records it.
///
/// Baseline: a `Codable` struct per event through Foundation's `JSONEncoder`, appended as a line to an
/// in-memory buffer (no I/O), the usual way to log events. FoldTrace: `TraceWriter.append` into an
/// in-memory writer, which validates, encodes, and compresses each frame as it fills (the work the
/// recorder's writer queue does), and `SessionRecorder.record` on the calling thread.
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

    var writer = TraceWriter(header: LongSession.header)
    let writerFigures = try PerEvent.measure(
      runs: options.runs, count: events.count,
      prepare: { writer = TraceWriter(header: LongSession.header) }
    ) { i in
      try writer.append(events[i])
    }
    try writer.close()

    let section = "record"
    table.add(
      section,
      Figure(
        "writer append, ns/event (encode + zstd, on the writer queue)",
        ours: Format.spread(writerFigures.nanoseconds),
        baseline: Format.spread(baseline.nanoseconds) + " JSONEncoder",
        ratio: Format.ratio(writerFigures.nanoseconds.median / baseline.nanoseconds.median)))
    table.add(
      section,
      Figure(
        "writer append, heap allocations/event",
        ours: Format.spread(writerFigures.allocations),
        baseline: Format.spread(baseline.allocations) + " JSONEncoder"))
    table.note(
      "record: baseline JSONEncoder over the first \(baselineCount) events, FoldTrace over \(events.count); "
        + "\(options.runs) runs after a warm-up; allocations are malloc-family calls on the calling thread.")
  }
}
