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

  /// `Double(n) / scale`, bit for bit, without a division at the scales of current displays (1, 2, 3
  /// pixels per point); other scales divide.
  ///
  /// Scale 1 and 2 are exact: dividing by 1 or 2 is multiplying by 1 or ½ (IEEE 754 §5.4.1, both
  /// correctly rounded from the same real value). For scale 3 and `6 <= |n| < 2⁵²`: with `q = |n| / 3`
  /// and `r = |n| % 3` (integers), `Double(q)` is exact (`q < 2⁵¹`) and `Double(r) * (1.0 / 3.0)` is the
  /// nearest double to `r / 3` (exact for 0; `2 · RN(1/3) = RN(2/3)`), within 2⁻⁵⁴ of it. The real
  /// `|n| / 3 = q + r / 3` is at least ⅓ from any integer and, where `r ≠ 0`, at least a sixth of the
  /// grid spacing (≥ 2⁻⁵¹ from 2 up) from any point halfway between doubles, so the sum rounds to the
  /// same double as the quotient; the sign is symmetric. Outside that range (|n| < 6, or numerators
  /// no writer stores) it divides.
  /// - Complexity: O(1); the branch on `scale` is the same for every value of a scene.
  @inline(__always)
  static func value(_ n: Int64, scale: Double) -> Double {
    if scale == 3 {
      let m = n.magnitude
      if m >= 6 && m < 1 << 52 {
        // Signed conversions (both values are below 2⁵¹): one instruction each, where an unsigned one
        // takes six on x86-64.
        let q = m / 3
        let v = Double(Int64(bitPattern: q)) + Double(Int64(bitPattern: m &- q &* 3)) * (1.0 / 3.0)
        return n < 0 ? -v : v
      }
    } else if scale == 2 {
      return Double(n) * 0.5
    } else if scale == 1 {
      return Double(n)
    }
    return Double(n) / scale
  }

  /// The value of a compact double's even wire form `u` (the zigzagged numerator shifted left by one;
  /// <doc:TraceFormat>, "Event bodies", Doubles), in points: ``value(_:scale:)`` of its numerator.
  ///
  /// 0 / scale is +0 for every scale above zero (+∞ included), so the zero that a scroll record's x
  /// offset mostly is takes no division; a zero scale, a negative one or NaN divides as any other
  /// numerator does (NaN, -0).
  /// - Complexity: O(1).
  @inline(__always)
  static func value(ofEvenForm u: UInt64, scale: Double) -> Double {
    if u == 0 && scale > 0 { return 0 }
    return value(unzigzag(u &>> 1), scale: scale)
  }
}
