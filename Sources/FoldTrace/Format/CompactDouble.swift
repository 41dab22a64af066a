/// The compact double form: values that are whole multiples of `1 / scale` points.
enum CompactDouble {
  /// The largest numerator magnitude stored compactly (2⁵³, where doubles stop being exact integers).
  static let limit: Double = 9_007_199_254_740_992

  /// The integer `n` with `Double(n) / scale == value` bit for bit, if there is one below ``limit``.
  static func numerator(of value: Double, scale: Double) -> Int64? {
    guard value.isFinite, scale.isFinite, scale > 0 else { return nil }
    let scaled = (value * scale).rounded()
    guard scaled.isFinite, abs(scaled) < limit else { return nil }
    let n = Int64(scaled)
    guard (Double(n) / scale).bitPattern == value.bitPattern else { return nil }
    return n
  }

  static func zigzag(_ n: Int64) -> UInt64 { UInt64(bitPattern: (n << 1) ^ (n >> 63)) }

  static func unzigzag(_ u: UInt64) -> Int64 { Int64(bitPattern: u >> 1) ^ -Int64(bitPattern: u & 1) }
}
