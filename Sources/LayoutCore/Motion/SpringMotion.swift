import Foundation

/// The exact motion of a ``Spring`` released with a displacement and a velocity: closed form, no
/// numerical integration.
///
/// With x the displacement from the target (value − target), x₀ and v₀ at t = 0, ω₀ the natural angular
/// frequency and ζ the damping ratio, x'' + 2ζω₀x' + ω₀²x = 0 has the solutions (any calculus text; the
/// same equations Apple's `Spring.position(target:initialVelocity:time:)` evaluates):
///
/// - critically damped (ζ = 1): x(t) = (x₀ + (v₀ + ω₀x₀)t)·e^(−ω₀t),
///   v(t) = (v₀ − ω₀(v₀ + ω₀x₀)t)·e^(−ω₀t);
/// - under-damped (ζ < 1), λ = ζω₀, ω_d = ω₀√(1 − ζ²), B = (v₀ + λx₀)/ω_d:
///   x(t) = e^(−λt)(x₀cos ω_d t + B sin ω_d t), v(t) = e^(−λt)(v₀cos ω_d t − (x₀ω_d + λB) sin ω_d t);
/// - over-damped (ζ > 1), r₁,₂ = −ω₀(ζ ∓ √(ζ² − 1)), d = r₂ − r₁, K = v₀ − r₁x₀, C₂ = K/d, C₁ = x₀ − C₂:
///   x(t) = C₁e^(r₁t) + C₂e^(r₂t) = e^(r₁t)(x₀ + K·(e^(dt) − 1)/d),
///   v(t) = r₁C₁e^(r₁t) + r₂C₂e^(r₂t) = e^(r₁t)(v₀ + r₂K·(e^(dt) − 1)/d).
///
/// Near ζ = 1 the terms are taken from the bounce, not from ζ: 1 − ζ² = bounce·(2 − bounce) for
/// bounce > 0 and √(ζ² − 1) = √(−bounce·(2 + bounce)) / (1 + bounce) for bounce < 0, both exact
/// identities of ``Spring/dampingRatio`` that stay positive for every non-zero bounce, where 1 − ζ² itself
/// rounds to 0 once |bounce| < 2⁻⁵³ (ζ rounds to 1). So ω_d and d are never 0 off bounce 0, and the
/// over-damped motion is evaluated in its e^(r₁t)(…(e^(dt) − 1)/d) form, with `expm1`, which tends to the
/// critically damped one as d → 0 instead of cancelling two huge C₁, C₂: every sample is finite for every
/// bounce in −0.99…1.
///
/// A critically damped motion crosses the target at most once, at t = −x₀ / (v₀ + ω₀x₀), which is positive
/// only when the motion already heads toward the target faster than ω₀·|x₀|.
public struct SpringMotion: Sendable, Hashable {
  /// The spring.
  public let spring: Spring
  /// The displacement from the target at t = 0 (value − target), in points (or the value's unit).
  public let displacement: Double
  /// The velocity at t = 0, in points per second.
  public let velocity: Double

  /// Creates the motion of `spring` released `displacement` away from its target with `velocity`.
  ///
  /// - Parameters:
  ///   - spring: The spring.
  ///   - displacement: Value − target at t = 0.
  ///   - velocity: The value's rate of change at t = 0, per second.
  public init(spring: Spring, displacement: Double, velocity: Double) {
    self.spring = spring
    self.displacement = displacement
    self.velocity = velocity
  }

  /// The displacement from the target `t` seconds after release.
  ///
  /// - Parameter t: Seconds since release; negative times count as 0.
  /// - Returns: Value − target.
  /// - Complexity: O(1).
  public func displacement(at t: Double) -> Double { state(at: t).displacement }

  /// The velocity `t` seconds after release, per second.
  ///
  /// - Parameter t: Seconds since release; negative times count as 0.
  /// - Returns: The rate of change of the value.
  /// - Complexity: O(1).
  public func velocity(at t: Double) -> Double { state(at: t).velocity }

  /// ``displacement(at:)`` and ``velocity(at:)`` together, sharing the exponential (and the cosine and
  /// sine) the two evaluate; both are read from here, so sampling a channel costs one `exp`.
  ///
  /// - Parameter t: Seconds since release; negative times count as 0.
  /// - Complexity: O(1).
  func state(at t: Double) -> (displacement: Double, velocity: Double) {
    let t = max(0, t)
    let x0 = displacement
    let v0 = velocity
    let omega = spring.angularFrequency
    switch spring.regime {
    case .criticallyDamped:
      return criticallyDampedState(at: t, omega: omega, decay: exp(-omega * t))
    case .underDamped:
      let (lambda, omegaD, b) = underDampedTerms
      let decay = exp(-lambda * t)
      let cosine = cos(omegaD * t)
      let sine = sin(omegaD * t)
      return (
        decay * (x0 * cosine + b * sine), decay * (v0 * cosine - (x0 * omegaD + lambda * b) * sine)
      )
    case .overDamped:
      let (r1, r2, gap, _, _) = overDampedTerms
      let slow = exp(r1 * t)
      let k = v0 - r1 * x0
      // (e^(dt) − 1)/d: t when dt is below the resolution of a Double, 1/|d| for large t; never 0/0.
      let spread = expm1(gap * t) / gap
      return (slow * (x0 + k * spread), slow * (v0 + r2 * k * spread))
    }
  }

  /// The critically damped ``state(at:)`` at `t` seconds (not negative) given ω₀ and e^(−ω₀t): a sampler
  /// that evaluates several motions of one spring released at one instant computes the exponential once.
  @inline(__always)
  func criticallyDampedState(
    at t: Double, omega: Double, decay: Double
  ) -> (displacement: Double, velocity: Double) {
    let x0 = displacement
    let v0 = velocity
    return ((x0 + (v0 + omega * x0) * t) * decay, (v0 - omega * (v0 + omega * x0) * t) * decay)
  }

  /// λ = ζω₀, ω_d and B for the under-damped solution (bounce > 0).
  ///
  /// ω_d = ω₀√(bounce·(2 − bounce)), which equals ω₀√(1 − ζ²) and is positive for every bounce > 0.
  var underDampedTerms: (lambda: Double, omegaD: Double, b: Double) {
    let omega = spring.angularFrequency
    let bounce = spring.bounce
    let lambda = spring.dampingRatio * omega
    let omegaD = omega * (bounce * (2 - bounce)).squareRoot()
    return (lambda, omegaD, (velocity + lambda * displacement) / omegaD)
  }

  /// r₁ (slow), r₂ (fast), d = r₂ − r₁, C₁, C₂ for the over-damped solution (bounce < 0).
  ///
  /// With s = √(−bounce·(2 + bounce)) = (1 + bounce)√(ζ² − 1): r₁ = −ω₀(1 + bounce)/(1 + s),
  /// r₂ = −ω₀(1 + s)/(1 + bounce) and d = −2ω₀s/(1 + bounce), which is negative for every bounce < 0
  /// (r₂ − r₁ evaluated as a difference rounds to 0 near bounce 0); this r₁ is free of the cancellation
  /// in −ω₀(ζ − √(ζ² − 1)).
  var overDampedTerms: (r1: Double, r2: Double, gap: Double, c1: Double, c2: Double) {
    let omega = spring.angularFrequency
    let bounce = spring.bounce
    let s = (-bounce * (2 + bounce)).squareRoot()
    let r1 = -omega * (1 + bounce) / (1 + s)
    let r2 = -omega * (1 + s) / (1 + bounce)
    let gap = -2 * omega * s / (1 + bounce)
    let c2 = (velocity - r1 * displacement) / gap
    return (r1, r2, gap, displacement - c2, c2)
  }
}
