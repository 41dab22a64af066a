/// The samples of a step line (a value that holds until the next sample): time in nanoseconds, value.
///
/// With a ``TimeGrid`` the series keeps only what ``TimelinePlot`` draws from it: the first sample, and
/// of the rest, per half-unit column, the first, lowest, highest and last (in time order) — so a plot
/// of 10 million samples is drawn from a few thousand, identical to the one drawn from all of them.
/// Without a grid it keeps every sample.
///
/// When `replacesSameTime`, a sample at the time of the one before replaces it (two reports at one
/// instant: the later holds).
struct StepSeries: Sendable {
  typealias Sample = (time: UInt64, value: Double)

  /// The grid samples are thinned to; nil keeps every sample.
  let grid: TimeGrid?
  /// Whether a sample at the time of the one before replaces it.
  let replacesSameTime: Bool
  /// The samples of columns no longer open, in time order (and the series' first sample).
  private var kept: [Sample] = []
  /// The newest sample, not yet folded in: a sample at its time may still replace it.
  private var pending: Sample?
  /// The open column's extremes, each with its sequence number so they keep their time order.
  private var column: Column?
  private var sequence = 0

  private struct Column {
    var key: Int
    var first: (Int, Sample)
    var low: (Int, Sample)
    var high: (Int, Sample)
    var last: (Int, Sample)
  }

  init(grid: TimeGrid? = nil, replacesSameTime: Bool) {
    self.grid = grid
    self.replacesSameTime = replacesSameTime
  }

  /// Adds a sample; samples come in time order.
  /// - Complexity: O(1) amortized.
  mutating func append(_ time: UInt64, _ value: Double) {
    if replacesSameTime, let last = pending, last.time == time {
      pending = (time, value)
      return
    }
    if let last = pending { fold(last) }
    pending = (time, value)
  }

  /// Whether there are no samples.
  var isEmpty: Bool { pending == nil }

  /// The samples, in time order.
  /// - Complexity: O(n) for the n kept.
  var samples: [Sample] {
    var copy = self
    if let pending = copy.pending { copy.fold(pending) }
    if let column = copy.column { copy.kept += Self.extremes(column) }
    return copy.kept
  }

  /// Takes the samples that can no longer change out of the series — all but the newest, which a
  /// sample at its time may still replace (a streaming export writes them as they settle). Only for a
  /// series without a grid.
  /// - Complexity: O(1).
  mutating func takeSettled() -> [Sample] {
    precondition(grid == nil, "a thinned series is read whole")
    defer { kept = [] }
    return kept
  }

  /// Folds the newest sample in: nothing can replace it any more (the trace ended).
  mutating func settle() {
    if let last = pending { fold(last) }
    pending = nil
  }

  private mutating func fold(_ sample: Sample) {
    guard let grid, !kept.isEmpty || column != nil else {
      kept.append(sample)
      return
    }
    sequence += 1
    let key = grid.column(sample.time)
    if var open = column, open.key == key {
      if sample.value < open.low.1.value { open.low = (sequence, sample) }
      if sample.value > open.high.1.value { open.high = (sequence, sample) }
      open.last = (sequence, sample)
      column = open
      return
    }
    if let open = column { kept += Self.extremes(open) }
    let entry = (sequence, sample)
    column = Column(key: key, first: entry, low: entry, high: entry, last: entry)
  }

  /// A finished column's samples: its first, lowest, highest and last, once each, in time order.
  private static func extremes(_ column: Column) -> [Sample] {
    var entries = [column.first]
    for entry in [column.low, column.high, column.last] where !entries.contains(where: { $0.0 == entry.0 }) {
      entries.append(entry)
    }
    return entries.sorted { $0.0 < $1.0 }.map(\.1)
  }
}
