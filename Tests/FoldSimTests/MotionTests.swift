import FoldSim
import Testing

struct MotionTests {
  @Test func minimumJerkEndpointsAreExact() {
    #expect(MinimumJerk.progress(0) == 0)
    #expect(MinimumJerk.progress(1) == 1)
    #expect(MinimumJerk.progress(0.5) == 0.5)
    let motion = MinimumJerk(from: 12.5, to: 171.25)
    #expect(motion.value(at: 0) == 12.5)
    #expect(motion.value(at: 1) == 171.25)
  }

  @Test func minimumJerkIsMonotonicWithZeroEndVelocity() {
    var previous = -1.0
    for i in 0...1000 {
      let p = MinimumJerk.progress(Double(i) / 1000)
      #expect(p >= previous)
      previous = p
    }
    // Velocity 30τ²(1−τ)² vanishes at both ends and peaks at 1.875 in the middle.
    let h = 1e-4
    #expect(MinimumJerk.progress(h) / h < 1e-3)
    #expect((1 - MinimumJerk.progress(1 - h)) / h < 1e-3)
    let mid = (MinimumJerk.progress(0.5 + h) - MinimumJerk.progress(0.5 - h)) / (2 * h)
    #expect(abs(mid - 1.875) < 1e-6)
  }

  @Test func frameClockSamplesAt120HzWithBoundedJitter() {
    let clock = FrameClock(jitterBound: 1_000_000)
    var random = SplitMix64(seed: 9)
    let duration: UInt64 = 600_000_000
    let times = clock.samples(start: 5_000_000_000, duration: duration, random: &random)
    #expect(times.first == 5_000_000_000)
    #expect(times.last == 5_600_000_000)
    #expect(times.count == 73)  // 72 frames of 8.333 ms, plus the start
    var sawJitter = false
    for (i, t) in times.enumerated() {
      let nominal = 5_000_000_000 + Double(i) * Double(duration) / 72
      #expect(abs(Double(t) - nominal) <= 1_000_000.5)
      if abs(Double(t) - nominal) > 1000 { sawJitter = true }
      if i > 0 { #expect(t > times[i - 1]) }
    }
    #expect(sawJitter)
  }

  @Test func seedsAreDeterministic() {
    var a = SplitMix64(seed: 42)
    var b = SplitMix64(seed: 42)
    var c = SplitMix64(seed: 43)
    let xs = (0..<8).map { _ in a.next() }
    #expect(xs == (0..<8).map { _ in b.next() })
    #expect(xs != (0..<8).map { _ in c.next() })
    // SplitMix64's published first output for seed 0.
    var zero = SplitMix64(seed: 0)
    #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
  }

  @Test func uniformStaysInRange() {
    var r = SplitMix64(seed: 3)
    for _ in 0..<10_000 {
      let x = r.uniform(0.3...0.9)
      #expect(x >= 0.3 && x < 0.9)
      let n = r.integer(0...11)
      #expect((0...11).contains(n))
    }
  }
}
