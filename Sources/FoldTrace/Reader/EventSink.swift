/// Where the reader builds a frame's events: the uninitialized storage of the array that will hold them,
/// written in place (an `Array.append` per event copied each 120-byte event through a generic call).
///
/// The reader checks for room before each record and parses at most one event per record, so `count`
/// never passes `capacity` by input; ``append(_:)`` checks it anyway.
struct EventSink {
  /// The storage's start; nil only when `capacity` is 0.
  let base: UnsafeMutablePointer<TraceEvent>?
  let capacity: Int
  /// The events written so far, from `base`.
  private(set) var count = 0

  init(base: UnsafeMutablePointer<TraceEvent>?, capacity: Int) {
    self.base = base
    self.capacity = capacity
  }

  /// Writes `event` after the others.
  @inline(__always)
  mutating func append(_ event: TraceEvent) {
    precondition(count < capacity, "a frame's events outnumber its framed records")
    (base.unsafelyUnwrapped + count).initialize(to: event)
    count += 1
  }

  /// Copies `events` after the others (a run that outgrew its storage moving to larger storage).
  mutating func append(contentsOf events: [TraceEvent]) {
    guard !events.isEmpty else { return }
    precondition(capacity - count >= events.count, "a frame's events outnumber its storage")
    events.withUnsafeBufferPointer { source in
      (base.unsafelyUnwrapped + count).initialize(
        from: source.baseAddress.unsafelyUnwrapped, count: source.count)
    }
    count += events.count
  }
}
