import FoldSim
import FoldTrace

/// Seeking: the time to reach the state and first event at a random time in the large trace.
///
/// FoldTrace: open the file, `seek(toTime:)` (seek table, then a binary search over frame start
/// times), read the frame, take its keyframe and skip to the first event at or after the time.
/// "Cold" opens a new reader per seek (the seek table is read each time); "warm" reuses one reader.
/// Baseline: open the file and decode frames from the start until the frame that holds the time.
struct SeekBench {
  var options: Options

  func run(_ trace: LargeTrace, into table: inout ResultTable) throws {
    var random = SplitMix64(seed: options.seed)
    let targets = (0..<(options.quick ? 10 : 30)).map { _ in random.next() % max(trace.lastTime, 1) }

    func seek(_ reader: TraceReader, to time: UInt64) throws -> Int {
      try reader.seek(toTime: time)
      guard let frame = try reader.nextFrame() else { return 0 }
      return frame.keyframe.count + (frame.events.firstIndex { $0.time >= time } ?? frame.events.count)
    }

    var touched = 0
    let cold = try Samples(
      targets.map { time in
        Double(
          try Stopwatch.time { touched &+= try seek(try TraceReader(path: trace.path), to: time) })
      })
    let reader = try TraceReader(path: trace.path)
    _ = try reader.frameCount()
    let warm = try Samples(
      targets.map { time in Double(try Stopwatch.time { touched &+= try seek(reader, to: time) }) })

    let baselineTargets = targets.prefix(options.quick ? 2 : 3)
    let scan = try Samples(
      baselineTargets.map { time in
        Double(
          try Stopwatch.time {
            let reader = try TraceReader(path: trace.path)
            while let frame = try reader.nextFrame() {
              if let last = frame.events.last, last.time >= time { break }
            }
          })
      })

    let milliseconds = { (samples: Samples) in Samples(samples.values.map { $0 / 1e6 }) }
    let section = "seek — \(Format.si(Double(trace.eventCount))) events, \(targets.count) random times"
    let coldMs = milliseconds(cold)
    let scanMs = milliseconds(scan)
    table.add(
      section,
      Figure(
        "ms, cold (open + seek table + seek + frame)", ours: Format.spread(coldMs),
        baseline: Format.spread(scanMs) + " decode from start",
        ratio: Format.ratio(coldMs.median / scanMs.median), target: "≤ 5 ms",
        verdict: coldMs.median <= 5 ? .met : .missed))
    let warmMs = milliseconds(warm)
    table.add(
      section,
      Figure(
        "ms, warm (reader open, index cached)", ours: Format.spread(warmMs), target: "≤ 5 ms",
        verdict: warmMs.median <= 5 ? .met : .missed))
    table.note(
      "seek: verdicts use the median; the slowest cold seek took \(Format.significant(coldMs.max)) ms. The baseline decodes from the start to \(baselineTargets.count) "
        + "of the same times (\(touched) events touched, a checksum that keeps the work).")
  }
}
