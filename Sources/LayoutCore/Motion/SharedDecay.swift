import Foundation

/// The exponential of the critically damped channels sampled at one instant, kept for the next channel
/// that has the same segment start and spring.
///
/// The four channels of a moving frame (and often the opacity, and other elements retargeted by the same
/// plan) start their segments together on the same spring, so their e^(−ω₀t) is one number: the sampler
/// computes it once instead of once per channel. The cached exponential is the one ``SpringMotion``
/// would compute from the same ω₀ and t, so every sampled value is bit-identical to an unshared
/// evaluation. Other regimes are evaluated unshared.
struct SharedDecay {
  /// The sampling time, in nanoseconds.
  let time: UInt64
  /// The segment start the cache holds, in nanoseconds.
  private var start: UInt64 = 0
  /// The spring duration the cache holds, in seconds; NaN (equal to no duration) while it holds nothing.
  private var duration = Double.nan
  /// Seconds from ``start`` to ``time``.
  private var seconds = 0.0
  /// ω₀ of the cached spring, in radians per second.
  private var omega = 0.0
  /// e^(−ω₀t).
  private var decay = 1.0

  /// Creates an empty cache for sampling at `time` (nanoseconds).
  init(time: UInt64) { self.time = time }

  /// `motion`'s displacement and velocity at ``time`` for a segment that started at `start`
  /// (nanoseconds): ``SpringMotion/state(at:)`` at the seconds since `start` (0 before it).
  @inline(__always)
  mutating func state(of motion: SpringMotion, since start: UInt64) -> (
    displacement: Double, velocity: Double
  ) {
    guard motion.spring.regime == .criticallyDamped else {
      return motion.state(at: time <= start ? 0 : Double(time - start) / 1e9)
    }
    if start != self.start || motion.spring.duration != duration {
      self.start = start
      duration = motion.spring.duration
      seconds = max(0, time <= start ? 0 : Double(time - start) / 1e9)
      omega = motion.spring.angularFrequency
      decay = exp(-omega * seconds)
    }
    return motion.criticallyDampedState(at: seconds, omega: omega, decay: decay)
  }
}
