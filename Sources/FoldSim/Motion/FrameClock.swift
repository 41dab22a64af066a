/// Sample times for a continuous gesture: 120 Hz display frames with bounded frame-time jitter.
///
/// Real frame callbacks never land exactly every 8.333 ms; FoldSim moves each intermediate sample by a
/// seeded uniform jitter of at most ``jitterBound`` nanoseconds, keeps the first sample at the gesture's
/// start and the last exactly at its end, and keeps times strictly increasing.
public struct FrameClock: Sendable, Equatable {
  /// Nominal frame interval in nanoseconds: 1/120 s.
  public static let frameInterval: UInt64 = 8_333_333
  /// The largest jitter in nanoseconds (default 1 ms, an assumption: ProMotion frame pacing stays within
  /// about an eighth of a frame under light load).
  public var jitterBound: UInt64

  /// Creates a clock.
  /// - Parameter jitterBound: The largest frame-time deviation, in nanoseconds; must be below half the
  ///   frame interval so samples stay ordered.
  public init(jitterBound: UInt64 = 1_000_000) {
    precondition(jitterBound < Self.frameInterval / 2, "jitter must stay below half a frame")
    self.jitterBound = jitterBound
  }

  /// The sample times of a gesture.
  /// - Parameters:
  ///   - start: The gesture's first sample, in nanoseconds.
  ///   - duration: The gesture's length, in nanoseconds.
  ///   - random: The session's generator; one draw per intermediate sample.
  /// - Returns: `start`, then one time per frame with jitter, then `start + duration`. A zero duration
  ///   gives `[start]`.
  /// - Complexity: O(duration / frame interval).
  public func samples(start: UInt64, duration: UInt64, random: inout SplitMix64) -> [UInt64] {
    guard duration > 0 else { return [start] }
    let count = max(1, Int((duration + Self.frameInterval / 2) / Self.frameInterval))
    var times: [UInt64] = [start]
    times.reserveCapacity(count + 1)
    let bound = Double(jitterBound)
    for i in 1..<count {
      let nominal = Double(i) * Double(duration) / Double(count)
      let jitter = random.uniform(-bound...bound)
      times.append(start + UInt64(max(1, (nominal + jitter).rounded())))
    }
    times.append(start + duration)
    return times
  }
}
