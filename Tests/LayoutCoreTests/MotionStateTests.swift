import Testing

@testable import LayoutCore

/// Sampling evaluates a rect's value and velocity together; every replay digest depends on those numbers,
/// so the pair must equal the separate evaluations bit for bit.
@Suite struct MotionStateTests {
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
