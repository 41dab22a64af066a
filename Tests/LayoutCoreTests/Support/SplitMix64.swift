/// SplitMix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014): a
/// tiny, seeded, deterministic generator for property tests. Same seed, same sequence, on every platform.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// Creates a generator from a seed.
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `range`, uniform, from 53 random bits.
  mutating func double(in range: ClosedRange<Double>) -> Double {
    let unit = Double(next() >> 11) / Double(1 << 53)
    return range.lowerBound + unit * (range.upperBound - range.lowerBound)
  }

  /// True with probability `p`.
  mutating func chance(_ p: Double) -> Bool { double(in: 0...1) < p }

  /// A uniformly chosen element.
  mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
}
