/// The time source of a ``SessionRecorder``: nanoseconds since the session started, never decreasing.
///
/// Recording measures real time, so the default is a monotonic clock; tests inject a scripted one.
public struct RecorderClock: Sendable {
  /// Returns the current session time in nanoseconds.
  public var now: @Sendable () -> UInt64

  /// Creates a clock from a function returning session time in nanoseconds.
  ///
  /// - Parameter now: Called under the recorder's lock on every event; keep it fast and non-decreasing.
  public init(_ now: @escaping @Sendable () -> UInt64) {
    self.now = now
  }

  /// A monotonic clock (`ContinuousClock`) that reads 0 ns at the moment this function is called.
  ///
  /// It keeps counting while the device sleeps, so a pause in a session shows as the real gap.
  public static func monotonic() -> RecorderClock {
    let start = ContinuousClock.now
    return RecorderClock {
      let elapsed = (ContinuousClock.now - start).components
      return UInt64(max(0, elapsed.seconds)) * 1_000_000_000 + UInt64(max(0, elapsed.attoseconds))
        / 1_000_000_000
    }
  }
}
