import FoldSim
import Foundation
import TestSupport
import Testing

@testable import LayoutCore

/// `SpringMotion.settlingTime(epsilon:)` keeps its envelope terms inline (no arrays) for speed; these
/// tests hold it to the array-based reference it replaced, bit for bit, since every replay digest
/// depends on the settle times it gives.
@Suite struct SettlingEquivalenceTests {
  /// The replaced implementation: envelopes as arrays of terms, summed with `reduce(0)`.
  static func referenceSettlingTime(_ motion: SpringMotion, epsilon: Double) -> Double {
    typealias Term = SpringMotion.EnvelopeTerm
    let x0 = motion.displacement
    let v0 = motion.velocity
    let omega = motion.spring.angularFrequency
    let position: [Term]
    let speed: [Term]
    switch motion.spring.regime {
    case .criticallyDamped:
      let b = abs(v0 + omega * x0)
      position = [Term(a: abs(x0), b: b, lambda: omega)]
      speed = [Term(a: abs(v0), b: omega * b, lambda: omega)]
    case .underDamped:
      let (lambda, omegaD, b) = motion.underDampedTerms
      let sine = x0 * omegaD + lambda * b
      position = [Term(a: (x0 * x0 + b * b).squareRoot(), b: 0, lambda: lambda)]
      speed = [Term(a: (v0 * v0 + sine * sine).squareRoot(), b: 0, lambda: lambda)]
    case .overDamped:
      let (r1, r2, c1, c2) = motion.overDampedTerms
      position = [Term(a: abs(c1), b: 0, lambda: -r1), Term(a: abs(c2), b: 0, lambda: -r2)]
      speed = [Term(a: abs(r1 * c1), b: 0, lambda: -r1), Term(a: abs(r2 * c2), b: 0, lambda: -r2)]
    }
    func lastCrossing(_ terms: [Term], _ tolerance: Double) -> Double {
      func envelope(_ t: Double) -> Double { terms.reduce(0) { $0 + $1.value(at: t) } }
      var peak = 0.0
      for term in terms where term.b > 0 && term.lambda > 0 {
        peak = max(peak, 1 / term.lambda - term.a / term.b)
      }
      if envelope(peak) <= tolerance { return 0 }
      let slowest = terms.filter { $0.a > 0 || $0.b > 0 }.map(\.lambda).min() ?? 0
      if slowest <= 0 { return .infinity }
      var low = peak
      var high = peak + 1 / slowest
      while envelope(high) > tolerance { high += high - peak }
      for _ in 0..<200 {
        let mid = low + (high - low) / 2
        if mid <= low || mid >= high { break }
        if envelope(mid) > tolerance { low = mid } else { high = mid }
      }
      return high
    }
    return max(lastCrossing(position, epsilon), lastCrossing(speed, epsilon * omega))
  }

  @Test(arguments: [-0.5, 0, 0.3, 0.7])
  func settlingTimeEqualsTheArrayReferenceBitForBit(bounce: Double) {
    var random = SplitMix64(seed: 0x5e77_1e &+ UInt64(bitPattern: Int64(bounce * 10)))
    var differences = 0
    for _ in 0..<400 {
      let spring = Spring(duration: random.double(in: 0.05...1.5), bounce: bounce)
      let motion = SpringMotion(
        spring: spring, displacement: random.chance(0.1) ? 0 : random.double(in: -900...900),
        velocity: random.chance(0.2) ? 0 : random.double(in: -6000...6000))
      let epsilon = random.pick([0.001, 0.0001, 0.5])
      let fast = motion.settlingTime(epsilon: epsilon)
      let reference = Self.referenceSettlingTime(motion, epsilon: epsilon)
      if fast.bitPattern != reference.bitPattern { differences += 1 }
    }
    #expect(differences == 0)
  }

  @Test(arguments: [-0.5, 0, 0.3])
  func wideRangesAndTolerancesNearThePeakEqualTheReference(bounce: Double) {
    // Displacements from a hundredth of a point to 10⁵ points, velocities up to 10⁶ pt/s, and tolerances
    // from 10⁻⁹ up to just under and over the envelope's own peak (where the crossing sits next to the
    // peak and the bracket must give up): every case bit for bit.
    var random = SplitMix64(seed: 0xb7ac_4e7 &+ UInt64(bitPattern: Int64(bounce * 10)))
    var differences = 0
    for _ in 0..<1500 {
      let spring = Spring(duration: random.double(in: 0.02...3), bounce: bounce)
      let scale = pow(10, random.double(in: -2...5))
      let motion = SpringMotion(
        spring: spring, displacement: random.double(in: -1...1) * scale,
        velocity: random.chance(0.3) ? 0 : random.double(in: -1...1) * scale * random.double(in: 0...10))
      let peak = max(abs(motion.displacement), abs(motion.velocity) / spring.angularFrequency)
      let epsilon =
        random.chance(0.5)
        ? pow(10, random.double(in: -9...0)) : peak * random.double(in: 0.5...1.5)
      guard epsilon > 0 else { continue }
      let fast = motion.settlingTime(epsilon: epsilon)
      let reference = Self.referenceSettlingTime(motion, epsilon: epsilon)
      if fast.bitPattern != reference.bitPattern { differences += 1 }
    }
    #expect(differences == 0)
  }

  @Test func theBracketSkipsEvaluationsOnlyWhereItCanProveThem() {
    // A typical reflow move gets a bracket a few ulps wide around the crossing, and the evaluated
    // envelope lies on the proven side at both ends.
    let motion = SpringMotion(spring: .reflow, displacement: 300, velocity: -40)
    let envelope = motion.envelopes.position
    let bracket = CrossingBracket(envelope, below: 0.001, peak: 0, start: 1 / Spring.reflow.angularFrequency)
    #expect(bracket != nil)
    if let bracket {
      #expect(bracket.surelyAbove < bracket.surelyBelow)
      #expect(bracket.surelyBelow - bracket.surelyAbove < 1e-12)
      #expect(envelope.value(at: bracket.surelyAbove) > 0.001)
      #expect(envelope.value(at: bracket.surelyBelow) <= 0.001)
    }
    // A tolerance at the envelope's peak value has its crossing at the peak: no proof, no bracket.
    let rising = SpringMotion(spring: .reflow, displacement: 0, velocity: 500)
    let position = rising.envelopes.position
    let peak = 1 / Spring.reflow.angularFrequency
    let top = position.value(at: peak)
    #expect(CrossingBracket(position, below: top * (1 - 1e-15), peak: peak, start: 2 * peak) == nil)
  }

  @Test func theReferenceItselfSeesMotion() {
    // A motion released far from rest takes time to settle; one at rest takes none.
    let moving = SpringMotion(spring: .reflow, displacement: 300, velocity: -40)
    #expect(Self.referenceSettlingTime(moving, epsilon: 0.001) > 0.3)
    #expect(moving.settlingTime(epsilon: 0.001) == Self.referenceSettlingTime(moving, epsilon: 0.001))
    let resting = SpringMotion(spring: .reflow, displacement: 0, velocity: 0)
    #expect(resting.settlingTime(epsilon: 0.001) == 0)
  }
}
