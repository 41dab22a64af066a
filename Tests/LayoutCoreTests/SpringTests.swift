import Foundation
import LayoutCore
import Testing

/// Springs: Apple's parameter mapping and the closed-form motion, checked against formulas written out
/// here by hand (not by calling the code under test).
@Suite struct SpringTests {
  @Test func applesDocumentedConversion() {
    // SwiftUI `Spring` overview: Spring(duration: 0.5, bounce: 0.3) → (mass 1.0, stiffness 157.9, damping
    // 17.6).
    let spring = Spring(duration: 0.5, bounce: 0.3)
    #expect(spring.mass == 1)
    #expect(abs(spring.stiffness - 157.9) < 0.05)
    #expect(abs(spring.damping - 17.6) < 0.05)
    // Exactly (2π / 0.5)² = 16π² and 4π · 0.7 / 0.5 = 5.6π.
    #expect(abs(spring.stiffness - 16 * Double.pi * Double.pi) < 1e-9)
    #expect(abs(spring.damping - 5.6 * Double.pi) < 1e-12)
    #expect(spring.regime == .underDamped)
  }

  @Test func overDampedMappingForNegativeBounce() {
    // bounce −0.5: ζ = 1 / (1 − 0.5) = 2, damping = 4π / (0.5 · 0.5) = 16π.
    let spring = Spring(duration: 0.5, bounce: -0.5)
    #expect(spring.dampingRatio == 2)
    #expect(abs(spring.damping - 16 * Double.pi) < 1e-12)
    #expect(spring.regime == .overDamped)
    #expect(Spring(duration: 1, bounce: -5).bounce == -0.99)
  }

  @Test func seedSpringIsCriticallyDamped() {
    // LayoutRules, "Fold and resize motion": .spring(duration: 0.4, bounce: 0).
    #expect(Spring.reflow == Spring(duration: 0.4, bounce: 0))
    #expect(Spring.reflow.regime == .criticallyDamped)
    #expect(Spring.reflow.dampingRatio == 1)
  }

  /// x(t) = (x₀ + (v₀ + ωx₀)t)e^(−ωt), v(t) = (v₀ − ω(v₀ + ωx₀)t)e^(−ωt), ω = 2π / 0.4 = 5π.
  @Test(arguments: [(100.0, 0.0), (-50.0, 300.0), (20.0, -900.0)])
  func criticallyDampedPositionsAndVelocities(x0: Double, v0: Double) {
    let omega = 5 * Double.pi
    let motion = SpringMotion(spring: .reflow, displacement: x0, velocity: v0)
    for t in [0.0, 0.05, 0.1, 0.2, 0.4, 1.0] {
      let b = v0 + omega * x0
      let x = (x0 + b * t) * exp(-omega * t)
      let v = (v0 - omega * b * t) * exp(-omega * t)
      #expect(abs(motion.displacement(at: t) - x) <= 1e-12 * max(1, abs(x0), abs(v0)))
      #expect(abs(motion.velocity(at: t) - v) <= 1e-12 * max(1, abs(x0), abs(v0)) * omega)
    }
  }

  @Test func criticallyDampedWorkedValues() {
    // From 100 pt away at rest, ω = 5π: at t = 0.1 s, ωt = π/2:
    // x = 100(1 + π/2)e^(−π/2) = 53.4416…, v = −ω²·100·t·e^(−ωt) = −(5π)²·10·e^(−π/2) = −512.9…
    let value = AnimatedValue(100)
    var moving = value
    moving.retarget(to: 0, at: 0)
    let x = 100 * (1 + Double.pi / 2) * exp(-Double.pi / 2)
    let v = -25 * Double.pi * Double.pi * 10 * exp(-Double.pi / 2)
    #expect(abs(x - 53.4416) < 1e-4)
    #expect(abs(moving.value(at: 100_000_000) - x) < 1e-9)
    #expect(abs(moving.velocity(at: 100_000_000) - v) < 1e-9)
  }

  /// All three regimes satisfy x'' + 2ζω₀x' + ω₀²x = 0 and v = dx/dt (central differences).
  @Test(arguments: [0.3, 0.0, -0.4, 0.9])
  func closedFormsSolveTheSpringEquation(bounce: Double) {
    let spring = Spring(duration: 0.5, bounce: bounce)
    let motion = SpringMotion(spring: spring, displacement: 80, velocity: -200)
    let omega = 2 * Double.pi / 0.5
    let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    let h = 1e-5
    for t in stride(from: 0.01, through: 1.0, by: 0.07) {
      let dx = (motion.displacement(at: t + h) - motion.displacement(at: t - h)) / (2 * h)
      let dv = (motion.velocity(at: t + h) - motion.velocity(at: t - h)) / (2 * h)
      #expect(abs(dx - motion.velocity(at: t)) < 1e-4)
      let residual =
        dv + 2 * zeta * omega * motion.velocity(at: t) + omega * omega * motion.displacement(at: t)
      #expect(abs(residual) < 1e-2)
    }
    #expect(motion.displacement(at: 0) == 80)
    #expect(abs(motion.velocity(at: 0) + 200) < 1e-9)
  }

  /// A bounce-0 spring crosses its target at most once, and only when it already moves toward it faster
  /// than ω × distance (x₀v₀ < 0 and |v₀| > ω|x₀|).
  @Test func bounceZeroCrossesAtMostOnce() {
    let omega = 5 * Double.pi
    var crossingCases = 0
    for x0 in [-120.0, -7.0, 3.0, 64.0] {
      for factor in [-3.0, -1.5, -0.5, 0.0, 0.5, 2.0] {
        let v0 = factor * omega * abs(x0)
        let motion = SpringMotion(spring: .reflow, displacement: x0, velocity: v0)
        var crossings = 0
        var previous = x0
        for tick in 1...360 {  // 3 s at 120 Hz
          let x = motion.displacement(at: Double(tick) / 120)
          if (previous > 0 && x < 0) || (previous < 0 && x > 0) { crossings += 1 }
          if x != 0 { previous = x }
        }
        let expected = x0 * v0 < 0 && abs(v0) > omega * abs(x0)
        #expect(crossings == (expected ? 1 : 0), "x0 \(x0) v0 \(v0)")
        if expected { crossingCases += 1 }
      }
    }
    #expect(crossingCases == 6)
  }

  @Test func settlesWithinEpsilonBySettlingDuration() {
    let epsilon = 0.001
    let duration = Spring.reflow.settlingDuration(epsilon: epsilon)
    // From rest the envelope is the motion: (1 + ωT)e^(−ωT) = 0.001 → ωT ≈ 9.2335.
    let omega = 5 * Double.pi
    #expect(abs((1 + omega * duration) * exp(-omega * duration) - epsilon) < 1e-12)
    #expect(abs(omega * duration - 9.2335) < 1e-3)
    #expect((1 + omega * (duration - 0.001)) * exp(-omega * (duration - 0.001)) > epsilon)
    for bounce in [0.0, 0.3, 0.7, -0.5] {
      let spring = Spring(duration: 0.4, bounce: bounce)
      let settle = spring.settlingDuration(epsilon: epsilon)
      let motion = SpringMotion(spring: spring, displacement: 1, velocity: 0)
      for step in 0...2400 {
        let t = settle + Double(step) / 1200
        #expect(abs(motion.displacement(at: t)) <= epsilon, "bounce \(bounce) at \(t)")
      }
    }
    #expect(Spring(duration: 0.4, bounce: 1).settlingDuration() == .infinity)
  }

  /// Under-damped (duration 0.5, bounce 0.3): ω₀ = 4π, ζ = 0.7, λ = 2.8π, ω_d = 4π√0.51, from 10 at rest:
  /// x(t) = e^(−λt)(10 cos ω_d t + (10λ/ω_d) sin ω_d t). Over-damped (bounce −0.5): ζ = 2,
  /// r = −4π(2 ∓ √3), from 10 at rest C₂ = −10r₁/(r₂ − r₁), C₁ = 10 − C₂.
  @Test func underAndOverDampedWorkedValues() {
    let omega = 4 * Double.pi
    let lambda = 0.7 * omega
    let omegaD = omega * 0.51.squareRoot()
    let under = SpringMotion(spring: Spring(duration: 0.5, bounce: 0.3), displacement: 10, velocity: 0)
    let r1 = -omega * (2 - 3.0.squareRoot())
    let r2 = -omega * (2 + 3.0.squareRoot())
    let c2 = -10 * r1 / (r2 - r1)
    let over = SpringMotion(spring: Spring(duration: 0.5, bounce: -0.5), displacement: 10, velocity: 0)
    for t in [0.05, 0.2, 0.37, 0.8] {
      let x = exp(-lambda * t) * (10 * cos(omegaD * t) + 10 * lambda / omegaD * sin(omegaD * t))
      #expect(abs(under.displacement(at: t) - x) < 1e-12)
      let y = (10 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
      #expect(abs(over.displacement(at: t) - y) < 1e-12)
    }
    // The under-damped spring overshoots (first crossing at ω_d t = π − atan(ω_d/λ)); the over-damped never.
    #expect(under.displacement(at: 0.37) < 0)
    #expect(over.displacement(at: 0.37) > 0)
  }
}
