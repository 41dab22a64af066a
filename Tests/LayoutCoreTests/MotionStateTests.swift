import FoldSim
import Testing

@testable import LayoutCore

/// Sampling evaluates a channel's value and velocity together (one `exp` instead of two); every replay
/// digest depends on those numbers, so the pair must equal the separate evaluations bit for bit.
@Suite struct MotionStateTests {
  @Test(arguments: [-0.5, 0, 0.4])
  func stateEqualsDisplacementAndVelocityBitForBit(bounce: Double) {
    var random = SplitMix64(seed: 0x57a7_e &+ UInt64(bitPattern: Int64(bounce * 10)))
    var differences = 0
    for _ in 0..<500 {
      let motion = SpringMotion(
        spring: Spring(duration: random.double(in: 0.05...1.5), bounce: bounce),
        displacement: random.double(in: -900...900), velocity: random.double(in: -6000...6000))
      let t = random.chance(0.1) ? -0.01 : random.double(in: 0...2)
      let state = motion.state(at: t)
      if state.displacement.bitPattern != motion.displacement(at: t).bitPattern
        || state.velocity.bitPattern != motion.velocity(at: t).bitPattern
      {
        differences += 1
      }
    }
    #expect(differences == 0)
  }

  @Test func aRectStateEqualsItsValueAndVelocityAtEveryTick() {
    var rect = AnimatedRect(Rect(x: 0, y: 0, width: 100, height: 40))
    rect.retarget(to: Rect(x: 300, y: -20, width: 10, height: 400), at: 1_000_000_000)
    var moving = 0
    for tick in 0..<80 {
      // Before, at and after the segment start, through settling.
      let time = UInt64(991_666_667 + tick * 8_333_333)
      let state = rect.state(at: time)
      #expect(state.frame == rect.value(at: time))
      #expect(state.velocity == rect.velocity(at: time))
      if state.velocity != .zero { moving += 1 }
    }
    #expect(moving > 20)
  }
}
