/// A small, fast, seedable pseudo-random generator: SplitMix64 (Steele, Lea and Flood, "Fast Splittable
/// Pseudorandom Number Generators", OOPSLA 2014).
///
/// Every random choice FoldSim makes (gesture durations, frame-time jitter, mixed-use sessions) comes from
/// one of these, seeded from the scenario's `seed`, so the same scenario always gives the same events and the
/// same bytes. FoldSim never uses `SystemRandomNumberGenerator`.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
  /// The generator's state. Each call to ``next()`` advances it by the golden-ratio increment.
  public private(set) var state: UInt64

  /// Creates a generator from a seed. Equal seeds give equal sequences.
  /// - Parameter seed: Any 64-bit value, zero included.
  public init(seed: UInt64) { state = seed }

  /// Returns the next 64 random bits.
  /// - Complexity: O(1).
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform double in `0 ..< 1` built from the top 53 bits, so it is exact and platform independent.
  public mutating func unit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A uniform double in `range` (lower bound included, upper bound excluded unless the range is empty).
  /// - Parameter range: The closed range to draw from.
  /// - Returns: `range.lowerBound + unit() × (upper − lower)`.
  public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + unit() * (range.upperBound - range.lowerBound)
  }

  /// A uniform integer in `range`, by rejection-free multiply-shift (Lemire); the bias is below 2⁻⁶⁰
  /// for the small ranges FoldSim uses.
  /// - Parameter range: The closed integer range to draw from.
  public mutating func integer(_ range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
  }

  /// A generator for a sub-task, derived from this one without disturbing the caller's later draws more
  /// than one step.
  public mutating func split() -> SplitMix64 { SplitMix64(seed: next()) }
}
