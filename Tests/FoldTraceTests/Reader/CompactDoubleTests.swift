import Testing

@testable import FoldTrace

/// The reader's division-free `Double(n) / scale` gives the quotient bit for bit.
@Suite struct CompactDoubleTests {
  /// Every numerator near zero, a seeded spread up to the largest stored (2⁵³) and past it, and the
  /// edges of the range the scale-3 path takes (6 and 2⁵²), at every scale it treats specially and one
  /// it does not.
  @Test func valueIsTheQuotientBitForBit() {
    var generator = SeededGenerator(state: 3)
    var numerators = Array(Int64(-70_000)...70_000)
    for _ in 0..<200_000 {
      let bits = Int64.random(in: 1...54, using: &generator)
      let magnitude = Int64.random(in: 0..<(Int64(1) << (bits - 1)), using: &generator)
      numerators.append(Bool.random(using: &generator) ? magnitude : -magnitude)
    }
    for edge in [Int64(1) << 52, Int64(1) << 53, Int64(1) << 62] {
      numerators += (-8...8).flatMap { [edge + $0, -edge - $0] }
    }
    numerators += [Int64.max, Int64.min, Int64.min + 1]
    var mismatches: [String] = []
    for scale in [3.0, 2.0, 1.0, 2.625, 0.5] {
      for n in numerators
      where CompactDouble.value(n, scale: scale).bitPattern != (Double(n) / scale).bitPattern {
        mismatches.append("\(n) / \(scale)")
      }
    }
    #expect(mismatches.prefix(5) == [])
    // The identity the scale-3 path rests on: twice the nearest double to 1/3 is the nearest to 2/3.
    #expect(2 * (1.0 / 3.0) == 2.0 / 3.0)
  }
}
