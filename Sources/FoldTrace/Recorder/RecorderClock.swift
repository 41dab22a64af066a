/// The time source of a ``SessionRecorder``: nanoseconds since the session started, never decreasing.
///
/// Recording measures real time, so the default is a monotonic clock; tests inject a scripted one.
public struct RecorderClock: Sendable {
  /// Where the time comes from. The monotonic clock is read directly, not through a closure: the
  /// recorder reads it on every event, and the indirect call and its context cost as much
  /// as the clock read itself (callgrind, `tracebench _child profile record`).
  enum Source: Sendable {
    /// The system's boot-time clock, minus its reading when the clock was made, in nanoseconds.
    case monotonic(start: UInt64)
    /// A function returning session time in nanoseconds.
    case custom(@Sendable () -> UInt64)
  }

  let source: Source

  /// Creates a clock from a function returning session time in nanoseconds.
  ///
  /// - Parameter now: Called on every event, on the recording thread before the recorder takes its lock
  ///   (so from several threads at once when several record), and once more under the lock when the
  ///   reading is earlier than the previous event's time; keep it fast and non-decreasing. An event's
  ///   time is the larger of its last reading and the previous event's time.
  public init(_ now: @escaping @Sendable () -> UInt64) {
    self.source = .custom(now)
  }

  /// Returns the current session time in nanoseconds.
  @inline(__always)
  public func now() -> UInt64 {
    switch source {
    case .monotonic(let start): continuousNanoseconds() &- start
    case .custom(let now): now()
    }
  }

  /// A monotonic clock that reads 0 ns at the moment this function is called.
  ///
  /// It keeps counting while the device sleeps (as `ContinuousClock`), so a pause in a session shows as
  /// the real gap.
  public static func monotonic() -> RecorderClock {
    RecorderClock(source: .monotonic(start: continuousNanoseconds()))
  }

  init(source: Source) {
    self.source = source
  }
}
