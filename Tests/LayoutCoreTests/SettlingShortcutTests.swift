import FoldSim
import Foundation
import TestSupport
import Testing

@testable import LayoutCore

/// `SpringMotion.settlingTime(epsilon:)` skips the speed envelope's search when its envelope is proven
/// under tolerance from the position's settling time on; the result must stay the reference's, bit for
/// bit, and the proof must hold where it is used.
@Suite struct SettlingShortcutTests {
  /// Under-damped envelopes of position and speed are the same curve scaled (both √(x₀² + B²)-like terms
  /// on e^(−ζω₀t)), so their crossings meet and the proof has no room there: no skip expected.
  @Test(arguments: [(0, true), (0.25, false), (-0.5, true)])
  func reflowLikeMotionsEqualTheReferenceAndMostSkipTheSpeedSearch(bounce: Double, skips: Bool) {
    var random = SplitMix64(seed: 0x5401_7C47 &+ UInt64(bitPattern: Int64(bounce * 100)))
    var differences = 0
    var skipped = 0
    let count = 1500
    for _ in 0..<count {
      let spring = Spring(duration: random.pick([0.25, 0.4, random.double(in: 0.05...1.5)]), bounce: bounce)
      let displacement = random.double(in: -1...1) * pow(10, random.double(in: -1...3))
      let velocity = random.chance(0.5) ? 0 : random.double(in: -1...1) * pow(10, random.double(in: 0...4))
      let motion = SpringMotion(spring: spring, displacement: displacement, velocity: velocity)
      let epsilon = random.pick([0.001, 0.0001])
      let fast = motion.settlingTime(epsilon: epsilon)
      let reference = SettlingEquivalenceTests.referenceSettlingTime(motion, epsilon: epsilon)
      if fast.bitPattern != reference.bitPattern { differences += 1 }
      let position = SpringMotion.lastCrossing(of: motion.envelopes.position, below: epsilon)
      if CrossingBracket.staysBelow(
        motion.envelopes.velocity, tolerance: epsilon * spring.angularFrequency, from: position)
      {
        skipped += 1
        // Where the proof is used, the speed's own search indeed ends no later.
        let speed = SpringMotion.lastCrossing(
          of: motion.envelopes.velocity, below: epsilon * spring.angularFrequency)
        if speed > position { differences += 1 }
      }
    }
    #expect(differences == 0)
    if skips { #expect(skipped > count / 3) }
  }

  @Test func theProofRefusesWhatItCannotShow() {
    let motion = SpringMotion(spring: .reflow, displacement: 0, velocity: 900)
    let speed = motion.envelopes.velocity
    let tolerance = 0.001 * Spring.reflow.angularFrequency
    let crossing = SpringMotion.lastCrossing(of: speed, below: tolerance)
    // From well past the speed's own crossing: proven. Before it, or before the peak: not.
    #expect(CrossingBracket.staysBelow(speed, tolerance: tolerance, from: crossing * 1.01))
    #expect(!CrossingBracket.staysBelow(speed, tolerance: tolerance, from: crossing * 0.99))
    #expect(!CrossingBracket.staysBelow(speed, tolerance: tolerance, from: 0))
    #expect(!CrossingBracket.staysBelow(speed, tolerance: tolerance, from: .infinity))
    // An undamped spring never falls.
    let undamped = SpringMotion(spring: Spring(duration: 0.4, bounce: 1), displacement: 10, velocity: 0)
    #expect(!CrossingBracket.staysBelow(undamped.envelopes.velocity, tolerance: 1, from: 100))
  }
}
