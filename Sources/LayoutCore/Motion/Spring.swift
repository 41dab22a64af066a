import Foundation

/// A damped spring described the way SwiftUI's `Spring(duration:bounce:)` describes it.
///
/// The mapping to physical parameters is Apple's (SwiftUI `Spring` documentation: "Spring(duration: 0.5,
/// bounce: 0.3) → mass 1.0, stiffness 157.9, damping 17.6"):
///
/// - mass m = 1;
/// - natural angular frequency ω₀ = 2π / duration (radians per second), stiffness k = ω₀² = (2π / duration)²;
/// - damping ratio ζ = 1 − bounce for bounce ≥ 0, and ζ = 1 / (1 + bounce) for bounce < 0 (over-damped);
/// - damping c = 2ζω₀ = 4πζ / duration, which is 4π(1 − bounce) / duration for bounce ≥ 0 and
///   4π / (duration · (1 + bounce)) for bounce < 0.
///
/// Bounce 0 is critically damped (no overshoot from rest), positive bounce under-damped up to 1 (undamped
/// oscillation), negative bounce over-damped. The bounce < 0 branch is the one Flutter's
/// `SpringDescription.withDurationAndBounce` documents as producing "the same result as SwiftUI"; Apple's own
/// `Spring.bounce` documentation only gives the range (−1…1). Bounce is clamped to −0.99…1 because the
/// damping ratio 1 / (1 + bounce) is infinite at −1.
///
/// Accepted input (checked once, in ``init(duration:bounce:)``): a finite, positive duration, raised to at
/// least ``minimumDuration`` (1 ms: ω₀ ≤ 2000π s⁻¹, so stiffness, damping and every closed-form term stay
/// finite; a shorter spring is not perceptible at 120 Hz anyway); any bounce but NaN, clamped to −0.99…1.
/// A NaN bounce, or a duration that is NaN, infinite, zero or negative, is a precondition failure.
///
/// The seed asks for `.spring(duration: 0.4, bounce: 0)` for every re-arrangement
/// (LayoutRules, "Fold and resize motion"): that is ``reflow``.
public struct Spring: Sendable, Hashable {
  /// The shortest duration a spring has, in seconds (0.001): shorter durations are raised to it.
  public static let minimumDuration = 0.001

  /// The perceptual duration, in seconds: the period of the undamped oscillation, 2π / ω₀; at least
  /// ``minimumDuration``.
  public let duration: Double
  /// The bounce, −0.99…1 (clamped).
  public let bounce: Double

  /// Creates a spring from a perceptual duration and a bounce, as SwiftUI does.
  ///
  /// - Parameters:
  ///   - duration: The perceptual duration in seconds; must be finite and positive (precondition);
  ///     raised to at least ``minimumDuration``.
  ///   - bounce: 0 for critically damped, up to 1 for bouncier (1: undamped), down to −1 for over-damped;
  ///     clamped to −0.99…1; must not be NaN (precondition).
  public init(duration: Double = 0.5, bounce: Double = 0) {
    precondition(duration > 0 && duration.isFinite, "Spring duration must be positive and finite")
    precondition(!bounce.isNaN, "Spring bounce must not be NaN")
    self.duration = max(Self.minimumDuration, duration)
    self.bounce = min(1, max(-0.99, bounce))
  }

  /// The spring the Duo notes ask for when a layout re-arranges: `.spring(duration: 0.4, bounce: 0)`,
  /// critically damped (LayoutRules, "Fold and resize motion").
  public static let reflow = Spring(duration: 0.4, bounce: 0)

  /// The short cross-fade that replaces moves under Reduce Motion (LayoutRules, "Fold and resize motion"):
  /// critically damped, 0.25 s.
  public static let crossFade = Spring(duration: 0.25, bounce: 0)

  /// The mass, always 1.
  public var mass: Double { 1 }

  /// The natural angular frequency ω₀ = 2π / duration, in radians per second.
  public var angularFrequency: Double { 2 * Double.pi / duration }

  /// The stiffness k = (2π / duration)², in newtons per metre for a unit mass (s⁻²).
  public var stiffness: Double {
    let omega = angularFrequency
    return omega * omega
  }

  /// The damping ratio ζ: 1 − bounce for bounce ≥ 0, 1 / (1 + bounce) for bounce < 0.
  public var dampingRatio: Double { bounce >= 0 ? 1 - bounce : 1 / (1 + bounce) }

  /// The damping coefficient c = 2ζω₀ = 4πζ / duration, in s⁻¹ for a unit mass.
  public var damping: Double { 2 * dampingRatio * angularFrequency }

  /// The regime the closed-form motion uses.
  public var regime: Regime {
    if bounce == 0 { return .criticallyDamped }
    return bounce > 0 ? .underDamped : .overDamped
  }

  /// How a spring returns to rest.
  public enum Regime: Sendable, Hashable {
    /// ζ = 1: fastest return without oscillation; from rest it never crosses the target.
    case criticallyDamped
    /// ζ < 1: oscillates around the target with a decaying envelope.
    case underDamped
    /// ζ > 1: returns without oscillation, slower than critical damping.
    case overDamped
  }

  /// The time a unit displacement released from rest needs to stay within `epsilon` of the target (and
  /// its speed within `epsilon · ω₀` per second), in seconds.
  ///
  /// Computed from the closed-form envelope of the motion (see ``SpringMotion/settlingTime(epsilon:)``),
  /// not by simulation.
  ///
  /// A spring with bounce 1 is undamped (ζ = 0): it oscillates forever at full amplitude and never
  /// settles, so its settling duration is `.infinity` by definition, not by overflow.
  ///
  /// - Parameter epsilon: The tolerance as a fraction of the initial displacement; must be positive.
  /// - Returns: The settling duration in seconds; `.infinity` for bounce 1.
  /// - Complexity: O(1) (a fixed 200-step bisection).
  public func settlingDuration(epsilon: Double = 0.001) -> Double {
    SpringMotion(spring: self, displacement: 1, velocity: 0).settlingTime(epsilon: epsilon)
  }
}
