import FoldSim
import Testing

@testable import FoldReplay

/// The frame digest rounds nine values per element to thousandths without calling libm; it must give
/// exactly what `rounded()` gives, or every golden digest would move.
@Suite struct DigestRoundingTests {
  /// The replaced implementation.
  static func reference(_ value: Double) -> Int64 {
    let scaled = (value * 1000).rounded()
    return scaled.isFinite && abs(scaled) < 9e18 ? Int64(scaled) : .min
  }

  @Test(arguments: [
    0, -0.0, 0.0005, -0.0005, 0.0015, -0.0015, 0.0004999999, 0.49999999999999994 / 1000, 1.2345,
    -1.2345, 2.5e-3, -2.5e-3, 1e15, -1e15, 4.5e12, 9e15, -9e15, 8.999e15, 9e18 / 1000, 1e300,
    -1e300, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
  ])
  func edgeValuesRoundAsRoundedDoes(value: Double) {
    #expect(FNV1a64.thousandths(value) == Self.reference(value))
  }

  @Test func halvesAndRandomValuesRoundAsRoundedDoes() {
    var random = SplitMix64(seed: 0xd1_6e57)
    var differences: [Double] = []
    for step in 0..<20_000 {
      let half = (Double(step) - 10_000) / 1000 + 0.0005  // exactly representable or the nearest double
      let any = random.uniform(-1e7...1e7)
      let ulp = random.uniform(-2...2) * Double(step).ulp
      for value in [half, any, ulp, half.nextUp, half.nextDown]
      where
        FNV1a64.thousandths(value) != Self.reference(value)
      {
        differences.append(value)
      }
    }
    #expect(differences.isEmpty)
  }
}
