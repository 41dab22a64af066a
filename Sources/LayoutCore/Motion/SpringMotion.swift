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
/// - over-damped (ζ > 1), r₁,₂ = −ω₀(ζ ∓ √(ζ² − 1)), C₂ = (v₀ − r₁x₀)/(r₂ − r₁), C₁ = x₀ − C₂:
///   x(t) = C₁e^(r₁t) + C₂e^(r₂t), v(t) = r₁C₁e^(r₁t) + r₂C₂e^(r₂t).
///
/// A critically damped motion crosses the target at most once, at t = −x₀ / (v₀ + ω₀x₀), which is positive
/// only when the motion already heads toward the target faster than ω₀·|x₀| (issue 4).
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
      let (r1, r2, c1, c2) = overDampedTerms
      let slow = exp(r1 * t)
      let fast = exp(r2 * t)
      return (c1 * slow + c2 * fast, r1 * c1 * slow + r2 * c2 * fast)
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

  /// λ = ζω₀, ω_d and B for the under-damped solution.
  var underDampedTerms: (lambda: Double, omegaD: Double, b: Double) {
    let omega = spring.angularFrequency
    let zeta = spring.dampingRatio
    let lambda = zeta * omega
    let omegaD = omega * (1 - zeta * zeta).squareRoot()
    return (lambda, omegaD, (velocity + lambda * displacement) / omegaD)
  }

  /// r₁ (slow), r₂ (fast), C₁, C₂ for the over-damped solution.
  var overDampedTerms: (r1: Double, r2: Double, c1: Double, c2: Double) {
    let omega = spring.angularFrequency
    let zeta = spring.dampingRatio
    let root = (zeta * zeta - 1).squareRoot()
    let r1 = -omega * (zeta - root)
    let r2 = -omega * (zeta + root)
    let c2 = (velocity - r1 * displacement) / (r2 - r1)
    return (r1, r2, displacement - c2, c2)
  }
}
