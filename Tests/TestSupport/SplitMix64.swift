import FoldSim

/// Property-test helpers on FoldSim's seeded SplitMix64 (Steele, Lea, Flood, OOPSLA 2014): same seed, same
/// sequence, on every platform. LayoutCore itself never sees FoldSim; only its tests borrow the generator.
extension SplitMix64 {
  /// A value in `range`, uniform, from 53 random bits.
  package mutating func double(in range: ClosedRange<Double>) -> Double { uniform(range) }

  /// True with probability `p`.
  package mutating func chance(_ p: Double) -> Bool { double(in: 0...1) < p }

  /// A uniformly chosen element.
  package mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
}
