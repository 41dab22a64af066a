import Foundation
import LayoutCore
import Testing

/// Animated values: retargeting from the presentation value and velocity, determinism, no end snap.
@Suite struct AnimatedValueTests {
  static let ms: UInt64 = 1_000_000

  @Test func retargetKeepsValueAndVelocity() {
    var value = AnimatedValue(0)
    value.retarget(to: 100, at: 0)
    let before = (value.value(at: 150 * Self.ms), value.velocity(at: 150 * Self.ms))
    value.retarget(to: 40, at: 150 * Self.ms)
    #expect(value.value(at: 150 * Self.ms) == before.0)
    #expect(value.velocity(at: 150 * Self.ms) == before.1)
    // Hand check of the new segment, ω = 5π: x₀ = p − 40, v₀ = v; one 120 Hz tick later.
    let omega = 5 * Double.pi
    let x0 = before.0 - 40
    let v0 = before.1
    let t = 1.0 / 120
    let expected = 40 + (x0 + (v0 + omega * x0) * t) * exp(-omega * t)
    #expect(abs(value.value(at: 150 * Self.ms + 8_333_333) - expected) < 1e-6)
    // First segment by hand at 150 ms: 100 − 100(1 + ωt)e^(−ωt).
    let first = 100 - 100 * (1 + omega * 0.15) * exp(-omega * 0.15)
    #expect(abs(before.0 - first) < 1e-9)
    #expect(abs(before.1 - 100 * omega * omega * 0.15 * exp(-omega * 0.15)) < 1e-9)
  }

  @Test func endsExactlyAtTargetWithoutASnap() {
    var value = AnimatedValue(0)
    value.retarget(to: 250, at: 10 * Self.ms)
    #expect(!value.isSettled(at: value.settleTime - 1))
    #expect(abs(value.value(at: value.settleTime - 1) - 250) <= value.epsilon * 1.0001)
    #expect(value.value(at: value.settleTime) == 250)
    #expect(value.velocity(at: value.settleTime) == 0)
    #expect(value.isSettled(at: value.settleTime))
    // 250 pt at rest → settled when 250(1 + ωT)e^(−ωT) ≤ 0.001, ωT ≈ 15.7: about 1.0 s.
    let seconds = Double(value.settleTime - 10 * Self.ms) / 1e9
    #expect(seconds > 0.95 && seconds < 1.1)
  }

  @Test func evaluationIsAPureFunctionOfTime() {
    var a = AnimatedValue(10)
    a.retarget(to: -30, at: 5 * Self.ms)
    a.retarget(to: 70, at: 90 * Self.ms)
    let b = a
    let forward = stride(from: UInt64(90), to: 1500, by: 7).map { a.value(at: $0 * Self.ms) }
    let backward = stride(from: UInt64(90), to: 1500, by: 7).reversed().map { b.value(at: $0 * Self.ms) }
    #expect(forward == Array(backward.reversed()))
  }

  /// Retargeted mid-flight toward 20 (it moves at 462 pt/s, 11.9 pt short: faster than ω × distance =
  /// 186 pt/s) it crosses once; toward 90 (1285 pt/s needed) it does not.
  @Test(arguments: [(20.0, 1), (90.0, 0)])
  func bounceZeroRetargetCrossesOnlyWhenAlreadyFasterThanOmegaTimesDistance(
    newTarget: Double, expected: Int
  ) {
    var value = AnimatedValue(0)
    value.retarget(to: 100, at: 0)
    let t0 = 30 * Self.ms
    let (p, v) = (value.value(at: t0), value.velocity(at: t0))
    value.retarget(to: newTarget, at: t0)
    let omega = 5 * Double.pi
    let faster = (p - newTarget) * v < 0 && abs(v) > omega * abs(p - newTarget)
    #expect(faster == (expected == 1))
    var crossings = 0
    var previous = p - newTarget
    for tick in 1...600 {
      let x = value.value(at: t0 + UInt64(tick) * 8_333_333) - newTarget
      if (previous > 0 && x < 0) || (previous < 0 && x > 0) { crossings += 1 }
      if x != 0 { previous = x }
    }
    #expect(crossings == expected)
  }

  @Test func rectChannelsMoveTogetherAndClampSize() {
    var rect = AnimatedRect(Rect(x: 0, y: 0, width: 100, height: 50))
    rect.retarget(to: Rect(x: 200, y: 20, width: 300, height: 50), at: 0)
    let frame = rect.value(at: 100 * Self.ms)
    let omega = 5 * Double.pi
    let progress = 1 - (1 + omega * 0.1) * exp(-omega * 0.1)
    #expect(abs(frame.x - 200 * progress) < 1e-9)
    #expect(abs(frame.width - (100 + 200 * progress)) < 1e-9)
    #expect(frame.height == 50)
    #expect(rect.velocity(at: 100 * Self.ms).height == 0)
    #expect(rect.value(at: rect.x.settleTime).x == 200)
    var shrinking = AnimatedRect(Rect(x: 0, y: 0, width: 10, height: 10))
    shrinking.retarget(to: Rect(x: 0, y: 0, width: 0, height: 0), at: 0)
    for tick in 0..<240 { #expect(shrinking.value(at: UInt64(tick) * 8_333_333).width >= 0) }
  }
}
