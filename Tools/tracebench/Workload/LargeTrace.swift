import FoldTrace
import Foundation

/// The large trace for the memory and seek figures: a ``LongSession`` streamed to a file in the work
/// directory, regenerated on every run so it always matches the writer being measured.
struct LargeTrace {
  /// The trace's path.
  var path: String
  /// Events in the trace.
  var eventCount: Int
  /// The time of the last event, in nanoseconds.
  var lastTime: UInt64
  /// Seconds spent generating and writing it.
  var generationSeconds: Double

  /// Generates and writes the trace.
  static func make(events: Int, seed: UInt64, in directory: String) throws -> LargeTrace {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/long-\(seed)-\(events).foldtrace"
    try? FileManager.default.removeItem(atPath: path)
    var written = 0
    let elapsed = try Stopwatch.time { written = try LongSession(seed: seed).write(count: events, to: path) }
    let reader = try TraceReader(path: path)
    try reader.seek(toFrame: try reader.frameCount() - 1)
    let last = try reader.nextFrame()?.events.last?.time ?? 0
    return LargeTrace(
      path: path, eventCount: written, lastTime: last, generationSeconds: Double(elapsed) / 1e9)
  }
}
