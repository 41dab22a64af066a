/// Cost per event of a loop over events: CPU nanoseconds and heap allocations on the calling thread.
struct PerEvent: Sendable {
  /// Nanoseconds per event, one value per run.
  var nanoseconds: Samples
  /// Allocations per event on the calling thread, one value per run.
  var allocations: Samples

  /// Runs `body` over `count` items `runs` times after one untimed warm-up run.
  /// - Parameters:
  ///   - runs: Timed repetitions.
  ///   - count: Items per run; `body` receives each index.
  ///   - prepare: Called before each run, untimed (fresh writer, cleared buffer…).
  ///   - body: The measured work for item `i`.
  static func measure(
    runs: Int, count: Int, prepare: () throws -> Void = {}, _ body: (Int) throws -> Void
  ) rethrows -> PerEvent {
    var nanoseconds: [Double] = []
    var allocations: [Double] = []
    for run in 0...runs {
      try prepare()
      let allocationsBefore = AllocationCounter.thread
      let start = Stopwatch.threadCPU()
      for i in 0..<count { try body(i) }
      let elapsed = Stopwatch.threadCPU() - start
      let allocated = AllocationCounter.thread - allocationsBefore
      if run == 0 { continue }  // warm-up
      nanoseconds.append(Double(elapsed) / Double(count))
      allocations.append(Double(allocated) / Double(count))
    }
    return PerEvent(nanoseconds: Samples(nanoseconds), allocations: Samples(allocations))
  }
}

extension PerEvent {
  /// ``measure(runs:count:prepare:_:)`` in batches of at most `batch` items: only the batches are timed
  /// and their allocations counted; `between` runs after each batch, untimed (for an asynchronous
  /// consumer to catch up, so that a batch never outruns its buffer).
  /// - Parameters:
  ///   - runs: Timed repetitions.
  ///   - count: Items per run; `body` receives each index.
  ///   - batch: Items per timed batch (at least 1).
  ///   - prepare: Called before each run, untimed.
  ///   - between: Called after each batch, untimed.
  ///   - body: The measured work for item `i`.
  static func measure(
    runs: Int, count: Int, batch: Int, prepare: () throws -> Void = {}, between: () throws -> Void,
    _ body: (Int) throws -> Void
  ) rethrows -> PerEvent {
    var nanoseconds: [Double] = []
    var allocations: [Double] = []
    let batch = max(batch, 1)
    for run in 0...runs {
      try prepare()
      var elapsed: UInt64 = 0
      var allocated: UInt64 = 0
      for start in stride(from: 0, to: count, by: batch) {
        let end = min(start + batch, count)
        let allocationsBefore = AllocationCounter.thread
        let cpuBefore = Stopwatch.threadCPU()
        for i in start..<end { try body(i) }
        elapsed += Stopwatch.threadCPU() - cpuBefore
        allocated += AllocationCounter.thread - allocationsBefore
        try between()
      }
      if run == 0 { continue }  // warm-up
      nanoseconds.append(Double(elapsed) / Double(count))
      allocations.append(Double(allocated) / Double(count))
    }
    return PerEvent(nanoseconds: Samples(nanoseconds), allocations: Samples(allocations))
  }
}
