import Foundation
import LayoutCore
import Testing

/// The accepted input of ``Spring``: a minimum duration, NaN bounce refused, bounce 1 never settles.
@Suite struct SpringInputTests {
  @Test func subMillisecondDurationsAreRaisedToOneMillisecond() {
    // Before: duration 5e-324 gave ω₀ = ∞, stiffness ∞ and a NaN displacement.
    for tiny in [Double.leastNonzeroMagnitude, 1e-300, 1e-9, 0.0009] {
      let spring = Spring(duration: tiny, bounce: 0)
      #expect(spring.duration == 0.001)
      #expect(spring.angularFrequency == 2000 * Double.pi)
      #expect(spring.stiffness.isFinite && spring.damping.isFinite)
      let motion = SpringMotion(spring: spring, displacement: 100, velocity: 0)
      // x(t) = 100(1 + ω₀t)e^(−ω₀t); at t = 1 ms, ω₀t = 2π.
      let expected = 100 * (1 + 2 * Double.pi) * exp(-2 * Double.pi)
      #expect(abs(motion.displacement(at: 0.001) - expected) < 1e-9)
      #expect(motion.displacement(at: 1) == 0)
      #expect(spring.settlingDuration().isFinite)
    }
    #expect(Spring(duration: 0.001).duration == 0.001)
    #expect(Spring(duration: 0.4).duration == 0.4)
  }

  @Test func nanBounceIsAPreconditionFailure() async {
    // Before: min(1, max(−0.99, .nan)) silently gave −0.99.
    await #expect(processExitsWith: .failure) { _ = Spring(duration: 0.4, bounce: .nan) }
    await #expect(processExitsWith: .failure) { _ = Spring(duration: .nan) }
    await #expect(processExitsWith: .failure) { _ = Spring(duration: .infinity) }
  }

  @Test func undampedSpringNeverSettles() {
    let spring = Spring(duration: 0.5, bounce: 1)
    #expect(spring.dampingRatio == 0)
    #expect(spring.damping == 0)
    #expect(spring.settlingDuration() == .infinity)
    // It oscillates at full amplitude: back at +1 after one period, −1 after half.
    let motion = SpringMotion(spring: spring, displacement: 1, velocity: 0)
    #expect(abs(motion.displacement(at: 0.5) - 1) < 1e-12)
    #expect(abs(motion.displacement(at: 0.25) + 1) < 1e-12)
    #expect(Spring(duration: 0.5, bounce: 2).bounce == 1)
    #expect(Spring(duration: 0.5, bounce: -.infinity).bounce == -0.99)
  }
}
