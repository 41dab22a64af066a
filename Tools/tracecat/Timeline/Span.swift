/// A value that held over a stretch of trace time, `start ..< end` in nanoseconds.
struct Span<Value: Sendable & Equatable>: Sendable, Equatable {
  /// When the value took effect, in nanoseconds since session start.
  var start: UInt64
  /// When the next value (or the end of the scene or the trace) took over, in nanoseconds.
  var end: UInt64
  /// The value (of a gathered stretch: the last of its values).
  var value: Value
  /// How many values the stretch holds: 1, or more for spans narrower than a pixel that a
  /// ``SpanBuilder`` with a grid gathered into one stretch.
  var changes = 1
}

/// Collects the spans of a value that changes at points in time: consecutive equal values merge.
struct SpanBuilder<Value: Sendable & Equatable>: Sendable {
  private(set) var spans: [Span<Value>] = []
  private var open: (start: UInt64, value: Value)?
  /// Whether ended spans are kept; a builder that only tracks the current value (`stats`) keeps none, so
  /// its memory stays constant however often the value changes.
  var keepsSpans = true
  /// The plot's grid, when the spans are kept for a plot: runs of spans narrower than a unit are then
  /// gathered into stretches at least a unit wide (``Span/changes`` > 1), as ``TimelinePlot`` draws
  /// them, whenever the count doubles — so a builder holds O(plot width) spans however many changes it
  /// sees. A builder that never holds more than 128 spans is never gathered.
  var grid: TimeGrid?
  private var gatherAt = 128

  /// The value now in effect, if any.
  var current: Value? { open?.value }

  /// Sets the value at `time`; nothing changes when it equals the current value. A value replaced at the
  /// instant it took effect leaves no zero-length span behind.
  mutating func set(_ value: Value, at time: UInt64) {
    if let open {
      guard open.value != value else { return }
      if open.start == time {
        if let last = spans.last, last.end == time, last.value == value, last.changes == 1 {
          spans.removeLast()
          self.open = (last.start, value)
        } else {
          self.open = (time, value)
        }
        return
      }
      if keepsSpans { keep(Span(start: open.start, end: time, value: open.value)) }
    }
    open = (time, value)
  }

  private mutating func keep(_ span: Span<Value>) {
    spans.append(span)
    guard let grid, spans.count >= gatherAt else { return }
    spans = Self.gathered(spans, grid: grid)
    gatherAt = max(2 * spans.count, 128)
  }

  /// `spans` with each run of spans narrower than a unit of `grid` gathered into one stretch that
  /// carries the last value (``TimeGrid/gathered(_:bounds:absorb:)``).
  /// - Complexity: O(n).
  static func gathered(_ spans: [Span<Value>], grid: TimeGrid) -> [Span<Value>] {
    grid.gathered(spans, bounds: { ($0.start, $0.end, $0.changes) }) { run, span, end, changes in
      run.end = end
      run.changes = changes
      run.value = span.value
    }
  }

  /// Ends the current value at `time` (a scene disconnecting): nothing is in effect after it. A value
  /// ended at the instant it took effect leaves no span.
  mutating func end(at time: UInt64) {
    guard let open else { return }
    if keepsSpans, open.start < time { keep(Span(start: open.start, end: time, value: open.value)) }
    self.open = nil
  }

  /// Takes the spans ended so far out of the builder (a streaming export writes them as they end).
  /// - Complexity: O(1).
  mutating func takeSpans() -> [Span<Value>] {
    defer { spans = [] }
    return spans
  }

  /// The spans, the current one ended at `time`.
  func finished(at time: UInt64) -> [Span<Value>] {
    var copy = self
    copy.end(at: max(time, open?.start ?? time))
    return copy.spans
  }
}
