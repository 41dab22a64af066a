import FoldSim
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

  /// Seeded random retarget sequences sampled at 120 Hz: at each retarget the value and velocity carry
  /// over, between ticks the value moves no further than its fastest sampled speed allows, and the end is
  /// the last target exactly.
  @Test func randomRetargetsNeverSnap() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {  // SplitMix64
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    let tick: UInt64 = 8_333_333
    for _ in 0..<50 {
      var value = AnimatedValue(Double(next() % 1000))
      var time: UInt64 = 0
      var retargets: [UInt64: Double] = [:]
      var t: UInt64 = 0
      for _ in 0..<6 {
        t += (next() % 300 + 1) * Self.ms
        retargets[t] = Double(next() % 2000) - 1000
      }
      let times = retargets.keys.sorted()
      var previous = value.value(at: 0)
      var index = 0
      while time <= times.last! + 3000 * Self.ms {
        let next = time + tick
        let old = value
        while index < times.count && times[index] <= next {
          let at = times[index]
          let before = (value.value(at: at), value.velocity(at: at))
          value.retarget(to: retargets[at]!, at: at)
          #expect(value.value(at: at) == before.0)
          #expect(value.velocity(at: at) == before.1)
          index += 1
        }
        let current = value.value(at: next)
        var fastest = 0.0
        for sub in 0...16 {
          let at = time + tick * UInt64(sub) / 16
          fastest = max(fastest, abs(value.velocity(at: at)), abs(old.velocity(at: at)))
        }
        #expect(abs(current - previous) <= fastest * Double(tick) / 1e9 * 1.05 + value.epsilon)
        previous = current
        time = next
      }
      #expect(previous == retargets[times.last!]!)
    }
  }
}
