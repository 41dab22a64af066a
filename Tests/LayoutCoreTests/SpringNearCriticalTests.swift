import Foundation
import LayoutCore
import Testing

/// Springs whose bounce is at or next to 0, where the damping ratio rounds to 1 (1 − ζ² rounds to 0)
/// while the regime is still under- or over-damped. Expected values come from the closed forms written out
/// here, from the Lambert W solution of the critically damped settling time, and from a fourth-order
/// Runge–Kutta integration of x'' + 2ζω₀x' + ω₀²x = 0 (not from the code under test).
@Suite struct SpringNearCriticalTests {
  /// Bounces at and around every edge of −1…1: 0.1 + 0.2 − 0.3 = 2⁻⁵⁴·… rounds ζ = 1 − bounce to exactly 1.
  static let bounces: [Double] = [
    0, 1e-300, -1e-300, 1e-16, -1e-16, 1e-12, -1e-12, 0.1 + 0.2 - 0.3, -(0.1 + 0.2 - 0.3),
    0.999999, -0.999999, 1, -1, 0.5, -0.5, 2.2e-16, -2.2e-16, 1e-8, -1e-8,
  ]

  /// The spring equation's terms for `bounce`, by Apple's mapping (ω₀ = 2π / duration; ζ = 1 − bounce,
  /// or 1 / (1 + bounce) below 0), with the bounce clamped to −0.99…1 as `Spring` documents.
  static func omegaAndZeta(duration: Double, bounce: Double) -> (omega: Double, zeta: Double) {
    let bounce = min(1, max(-0.99, bounce))
    return (2 * Double.pi / duration, bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
  }

  /// Integrates x'' = −2ζω₀x' − ω₀²x from (x₀, v₀) with classic RK4 at `step` seconds, calling `visit`
  /// with (t, x, v) after every step until `end`.
  static func integrate(
    omega: Double, zeta: Double, x0: Double, v0: Double, step: Double, end: Double,
    _ visit: (Double, Double, Double) -> Void
  ) {
    func acceleration(_ x: Double, _ v: Double) -> Double { -2 * zeta * omega * v - omega * omega * x }
    var x = x0
    var v = v0
    let steps = Int((end / step).rounded())
    for index in 1...steps {
      let k1x = v
      let k1v = acceleration(x, v)
      let k2x = v + step / 2 * k1v
      let k2v = acceleration(x + step / 2 * k1x, v + step / 2 * k1v)
      let k3x = v + step / 2 * k2v
      let k3v = acceleration(x + step / 2 * k2x, v + step / 2 * k2v)
      let k4x = v + step * k3v
      let k4v = acceleration(x + step * k3x, v + step * k3v)
      x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
      visit(Double(index) * step, x, v)
    }
  }

  /// W₋₁(z) for −1/e < z < 0, by Newton's method on w·e^w = z from the asymptotic start
  /// ln(−z) − ln(−ln(−z)).
  static func lambertWMinus1(_ z: Double) -> Double {
    let l1 = log(-z)
    var w = l1 - log(-l1)
    for _ in 0..<60 {
      let e = exp(w)
      w -= (w * e - z) / (e * (w + 1))
    }
    return w
  }

  @Test func theRoundingCaseIsTheOneDescribed() {
    // 0.1 + 0.2 − 0.3 is 2⁻⁵⁴ (5.55…e−17), half an ulp below 1: 1 − bounce rounds to exactly 1.
    let bounce = 0.1 + 0.2 - 0.3
    #expect(bounce == 0x1p-54)
    let spring = Spring(duration: 0.4, bounce: bounce)
    #expect(spring.dampingRatio == 1)
    #expect(spring.regime == .underDamped)
    #expect(Spring(duration: 0.4, bounce: -bounce).dampingRatio == 1)
    #expect(Spring(duration: 0.4, bounce: -bounce).regime == .overDamped)
  }

  @Test(arguments: bounces)
  func everySampleIsFinite(bounce: Double) {
    let spring = Spring(duration: 0.4, bounce: bounce)
    for (x0, v0) in [(100.0, 0.0), (-50.0, 300.0), (20.0, -900.0), (0.0, 5000.0), (1e-3, 0.0)] {
      let motion = SpringMotion(spring: spring, displacement: x0, velocity: v0)
      for t in stride(from: 0.0, through: 30.0, by: 0.0137) {
        #expect(motion.displacement(at: t).isFinite, "bounce \(bounce) x0 \(x0) v0 \(v0) t \(t)")
        #expect(motion.velocity(at: t).isFinite, "bounce \(bounce) x0 \(x0) v0 \(v0) t \(t)")
      }
      // The envelopes bound the motion: finite settling for every damped spring; an undamped one never
      // settles unless its amplitude is within the tolerance (x₀ = 0.001 from rest).
      let settle = motion.settlingTime(epsilon: 0.001)
      if spring.bounce < 1 {
        #expect(settle.isFinite, "bounce \(bounce)")
      } else {
        #expect(settle == (x0 == 1e-3 ? 0 : .infinity), "bounce \(bounce) x0 \(x0)")
      }
    }
  }

  @Test(arguments: bounces)
  func animatedValuesStayFiniteAndSettle(bounce: Double) {
    let spring = Spring(duration: 0.4, bounce: bounce)
    var value = AnimatedValue(100, spring: spring)
    value.retarget(to: 0, at: 0)
    for time in stride(from: UInt64(0), through: 3_000_000_000, by: 8_333_333) {
      #expect(value.value(at: time).isFinite, "bounce \(bounce) at \(time) ns")
      // Retargeted mid-flight, from the presentation value and velocity there.
      if time == 99_999_996 { value.retarget(to: 40, at: time) }
    }
    // ζ = 10⁻⁶ (bounce 0.999999) and ζ = 100 (bounce −0.99) take minutes to settle; the rest within 3 s.
    if abs(spring.bounce) <= 0.5 {
      #expect(value.settleTime < 3_000_000_000)
      #expect(value.value(at: 3_000_000_000) == 40)
    } else {
      #expect(value.settleTime > 3_000_000_000)
    }
  }

  /// x(t) = (x₀ + (v₀ + ω₀x₀)t)e^(−ω₀t) and v(t) = (v₀ − ω₀(v₀ + ω₀x₀)t)e^(−ω₀t), ω₀ = 5π: a bounce
  /// within 10⁻¹² of 0 differs from them by less than 10⁻⁹ of the motion's scale.
  @Test(arguments: [1e-300, -1e-300, 1e-16, -1e-16, 1e-12, -1e-12, 0.1 + 0.2 - 0.3, -(0.1 + 0.2 - 0.3)])
  func nearCriticalSamplesAreTheCriticallyDampedClosedForm(bounce: Double) {
    let omega = 5 * Double.pi
    for (x0, v0) in [(100.0, 0.0), (-50.0, 300.0), (20.0, -900.0)] {
      let motion = SpringMotion(spring: Spring(duration: 0.4, bounce: bounce), displacement: x0, velocity: v0)
      let scale = max(abs(x0), abs(v0) / omega)
      for t in [0.0, 0.01, 0.05, 0.1, 0.2, 0.4, 1.0, 2.5] {
        let b = v0 + omega * x0
        let x = (x0 + b * t) * exp(-omega * t)
        let v = (v0 - omega * b * t) * exp(-omega * t)
        #expect(abs(motion.displacement(at: t) - x) <= 1e-9 * scale, "bounce \(bounce) t \(t)")
        #expect(abs(motion.velocity(at: t) - v) <= 1e-9 * scale * omega, "bounce \(bounce) t \(t)")
      }
    }
  }

  /// The closed forms against RK4 (step 10 µs, 1.5 s) for the regimes' edges.
  @Test(arguments: [1e-16, -1e-16, 1e-6, -1e-6, 0.999999, -0.999999, 0.5, -0.5])
  func samplesFollowTheIntegratedSpringEquation(bounce: Double) {
    let (omega, zeta) = Self.omegaAndZeta(duration: 0.4, bounce: bounce)
    let motion = SpringMotion(spring: Spring(duration: 0.4, bounce: bounce), displacement: 80, velocity: -200)
    var worst = 0.0
    var checked = 0
    Self.integrate(omega: omega, zeta: zeta, x0: 80, v0: -200, step: 1e-5, end: 1.5) { t, x, v in
      guard Int((t * 1e5).rounded()) % 997 == 0 else { return }
      checked += 1
      worst = max(worst, abs(motion.displacement(at: t) - x), abs(motion.velocity(at: t) - v) / omega)
    }
    #expect(checked == 150)
    #expect(worst < 1e-7, "bounce \(bounce): largest difference \(worst) pt")
  }

  /// Critically damped from a unit displacement at rest, (1 + ω₀T)e^(−ω₀T) = ε has the solution
  /// ω₀T = −1 − W₋₁(−ε/e) (the speed ω₀²Te^(−ω₀T) is under εω₀ by then). ε = 0.001: ω₀T = 9.2335…
  @Test func criticalSettlingDurationIsTheLambertWSolution() {
    let epsilon = 0.001
    let u = -1 - Self.lambertWMinus1(-epsilon / exp(1))
    #expect(abs(u - 9.2335) < 1e-4)
    #expect(abs((1 + u) * exp(-u) - epsilon) < 1e-15)
    let omega = 5 * Double.pi
    #expect(abs(Spring.reflow.settlingDuration(epsilon: epsilon) - u / omega) < 1e-12)
  }

  /// As the bounce tends to 0 from either side the settling duration tends to the critically damped one:
  /// within 1% for |bounce| ≤ 10⁻⁵ (the true motion's slowest rate is then within 0.5% of ω₀).
  @Test(arguments: [0.001, 0.0001])
  func settlingDurationIsContinuousAtBounceZero(epsilon: Double) {
    let omega = 5 * Double.pi
    let critical = (-1 - Self.lambertWMinus1(-epsilon / exp(1))) / omega
    var near: [Double] = [1e-300, 0.1 + 0.2 - 0.3, 2.2e-16]
    for exponent in 5...16 { near.append(pow(10, -Double(exponent))) }
    for bounce in near + near.map({ -$0 }) {
      let duration = Spring(duration: 0.4, bounce: bounce).settlingDuration(epsilon: epsilon)
      #expect(abs(duration / critical - 1) < 0.01, "bounce \(bounce): \(duration) s, critical \(critical) s")
    }
  }

  /// The settling duration is a time after which the integrated motion stays within ε (speed within
  /// εω₀): never before the last sample outside it, and near bounce 0 within 1% of it.
  @Test(arguments: [
    (1e-300, true), (-1e-300, true), (1e-16, true), (-1e-16, true), (1e-12, true), (-1e-12, true),
    (0.1 + 0.2 - 0.3, true), (-(0.1 + 0.2 - 0.3), true), (1e-6, true), (-1e-6, true), (0, true),
    (0.3, false), (-0.5, false), (0.7, false), (0.01, false), (-0.01, false),
  ])
  func settlingDurationBoundsTheBruteForceSettlingTime(bounce: Double, tight: Bool) {
    let epsilon = 0.001
    let step = 1e-5
    let (omega, zeta) = Self.omegaAndZeta(duration: 0.4, bounce: bounce)
    var lastOutside = 0.0
    Self.integrate(omega: omega, zeta: zeta, x0: 1, v0: 0, step: step, end: 4) { t, x, v in
      if abs(x) > epsilon || abs(v) > epsilon * omega { lastOutside = t }
    }
    let duration = Spring(duration: 0.4, bounce: bounce).settlingDuration(epsilon: epsilon)
    #expect(lastOutside > 0.5 && lastOutside < 3)
    #expect(duration >= lastOutside - step, "bounce \(bounce): \(duration) s, sampled \(lastOutside) s")
    if tight {
      #expect(duration <= lastOutside * 1.01, "bounce \(bounce): \(duration) s, sampled \(lastOutside) s")
    }
  }
}
