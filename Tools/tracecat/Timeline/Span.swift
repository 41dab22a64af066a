/// A value that held over a stretch of trace time, `start ..< end` in nanoseconds.
struct Span<Value: Sendable & Equatable>: Sendable, Equatable {
  /// When the value took effect, in nanoseconds since session start.
  var start: UInt64
  /// When the next value (or the end of the scene or the trace) took over, in nanoseconds.
  var end: UInt64
  /// The value.
  var value: Value
}

/// Collects the spans of a value that changes at points in time: consecutive equal values merge.
struct SpanBuilder<Value: Sendable & Equatable>: Sendable {
  private(set) var spans: [Span<Value>] = []
  private var open: (start: UInt64, value: Value)?
  /// Whether ended spans are kept; a builder that only tracks the current value (`stats`) keeps none, so
  /// its memory stays constant however often the value changes.
  var keepsSpans = true

  /// The value now in effect, if any.
  var current: Value? { open?.value }

  /// Sets the value at `time`; nothing changes when it equals the current value. A value replaced at the
  /// instant it took effect leaves no zero-length span behind.
  mutating func set(_ value: Value, at time: UInt64) {
    if let open {
      guard open.value != value else { return }
      if open.start == time {
        if let last = spans.last, last.end == time, last.value == value {
          spans.removeLast()
          self.open = (last.start, value)
        } else {
          self.open = (time, value)
        }
        return
      }
      if keepsSpans { spans.append(Span(start: open.start, end: time, value: open.value)) }
    }
    open = (time, value)
  }

  /// Ends the current value at `time` (a scene disconnecting): nothing is in effect after it. A value
  /// ended at the instant it took effect leaves no span.
  mutating func end(at time: UInt64) {
    guard let open else { return }
    if keepsSpans, open.start < time { spans.append(Span(start: open.start, end: time, value: open.value)) }
    self.open = nil
  }

  /// The spans, the current one ended at `time`.
  func finished(at time: UInt64) -> [Span<Value>] {
    var copy = self
    copy.end(at: max(time, open?.start ?? time))
    return copy.spans
  }
}
