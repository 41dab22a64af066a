import FoldSim
import Foundation
import TestSupport
import Testing

@testable import LayoutCore

/// `SpringMotion.settlingNanoseconds(epsilon:)` takes the settling time in whole nanoseconds from the
/// crossing brackets' bounds when both round up to the same nanosecond, and from the bisection
/// otherwise: the result must be the bisection's, rounded up, in every case.
@Suite struct SettlingBoundsTests {
  /// The search's settling time rounded up to whole nanoseconds, as `AnimatedValue` schedules its rest.
  static func searched(_ motion: SpringMotion, epsilon: Double) -> Double {
    (motion.settlingTime(epsilon: epsilon) * 1e9).rounded(.up)
  }

  @Test(arguments: [0, 0.25, -0.5])
  func boundsHoldTheSearchedTimeAndDecideMostNanoseconds(bounce: Double) {
    var random = SplitMix64(seed: 0xB0_0D5 &+ UInt64(bitPattern: Int64(bounce * 100)))
    var differences = 0
    var outside = 0
    var decided = 0
    let count = 1200
    for _ in 0..<count {
      let spring = Spring(duration: random.pick([0.25, 0.4, random.double(in: 0.05...1.5)]), bounce: bounce)
      // From rest, and started mid-flight (fast, toward or away from the target).
      let displacement = random.double(in: -1...1) * pow(10, random.double(in: -2...3))
      let velocity = random.chance(0.3) ? 0 : random.double(in: -1...1) * pow(10, random.double(in: 0...4))
      let motion = SpringMotion(spring: spring, displacement: displacement, velocity: velocity)
      let epsilon = random.pick([0.001, 0.0001])
      let exact = motion.settlingTime(epsilon: epsilon)
      if motion.settlingNanoseconds(epsilon: epsilon).bitPattern
        != Self.searched(motion, epsilon: epsilon).bitPattern
      {
        differences += 1
      }
      if let bounds = motion.settlingBounds(epsilon: epsilon) {
        if !(bounds.low <= exact && exact <= bounds.high) { outside += 1 }
        if (bounds.low * 1e9).rounded(.up) == (bounds.high * 1e9).rounded(.up) { decided += 1 }
      }
    }
    #expect(differences == 0)
    #expect(outside == 0)
    // Critically damped moves (every reflow and fade) are decided without the search.
    if bounce == 0 { #expect(decided > count * 9 / 10) }
  }

  /// A motion whose settling time falls just past a whole nanosecond: its bounds straddle the
  /// nanosecond, so only the search gives the answer (the shortcut without its condition would round
  /// the lower bound up to the nanosecond before).
  @Test(arguments: [0.001, 0.0001])
  func boundsStraddlingANanosecondFallBackToTheSearch(epsilon: Double) {
    // Bisect the release displacement between two that settle in different nanoseconds (the time grows
    // with the displacement), down to adjacent Doubles.
    let spring = Spring.reflow
    func nanoseconds(_ displacement: Double) -> Double {
      Self.searched(SpringMotion(spring: spring, displacement: displacement, velocity: 0), epsilon: epsilon)
    }
    var low = 100.0
    var high = 100.0.nextUp
    let floor = nanoseconds(low)
    while nanoseconds(high) == floor { high = low + 2 * (high - low) }
    while low.nextUp < high {
      let middle = low + (high - low) / 2
      if middle <= low || middle >= high { break }
      if nanoseconds(middle) == floor { low = middle } else { high = middle }
    }
    let motion = SpringMotion(spring: spring, displacement: high, velocity: 0)
    let expected = Self.searched(motion, epsilon: epsilon)
    #expect(expected == floor + 1)
    let bounds = try! #require(motion.settlingBounds(epsilon: epsilon))
    #expect((bounds.low * 1e9).rounded(.up) == floor)
    #expect((bounds.high * 1e9).rounded(.up) == expected)
    #expect(motion.settlingNanoseconds(epsilon: epsilon) == expected)
    // The same through the memo, and through an animated value's rest.
    var memo = SettlingMemo()
    #expect(memo.settlingNanoseconds(of: motion, epsilon: epsilon) == expected)
    var value = AnimatedValue(high, spring: spring, epsilon: epsilon)
    value.retarget(to: 0, at: 1_000)
    #expect(value.settleTime == 1_000 + UInt64(expected))
  }

  /// A slot the memo filled with nanoseconds only does not answer a request for seconds.
  @Test func aSlotWithNanosecondsOnlyIsAMissForSeconds() {
    var memo = SettlingMemo()
    let motion = SpringMotion(spring: .reflow, displacement: 37, velocity: -420)
    let nanoseconds = memo.settlingNanoseconds(of: motion, epsilon: 0.001)
    #expect(nanoseconds == Self.searched(motion, epsilon: 0.001))
    #expect(
      memo.settlingTime(of: motion, epsilon: 0.001).bitPattern
        == motion.settlingTime(epsilon: 0.001).bitPattern)
    // And the other way round: seconds stored, nanoseconds read from the same slot.
    let other = SpringMotion(spring: .reflow, displacement: -12, velocity: 300)
    _ = memo.settlingTime(of: other, epsilon: 0.0001)
    #expect(memo.settlingNanoseconds(of: other, epsilon: 0.0001) == Self.searched(other, epsilon: 0.0001))
  }
}
