import Foundation

extension SpringMotion {
  /// The time after which the motion stays within `epsilon` of its target and its speed within
  /// `epsilon · ω₀` per second, in seconds.
  ///
  /// Each closed form is bounded by an envelope E(t) ≥ |x(t)| that is a sum of terms (a + b·t)·e^(−λt):
  /// critically damped (|x₀| + |v₀ + ω₀x₀|·t)·e^(−ω₀t); under-damped √(x₀² + B²)·e^(−ζω₀t); over-damped
  /// |C₁|e^(r₁t) + |C₂|e^(r₂t) (and the same for the velocity). Every such envelope rises to at most one
  /// peak and then decreases, so the answer is the point past the peak where the envelope meets the
  /// tolerance, found by a fixed 200-step bisection (deterministic, exact to the last bit of a Double).
  /// For a critically damped motion from rest the envelope is the motion itself, so the returned time is
  /// the exact moment |x| falls to `epsilon`.
  ///
  /// - Parameter epsilon: The tolerance on the displacement, in the value's unit; must be positive.
  /// - Returns: Seconds since release; 0 when already within tolerance, `.infinity` for an undamped spring
  ///   that is not at rest.
  /// - Complexity: O(1).
  public func settlingTime(epsilon: Double) -> Double {
    precondition(epsilon > 0, "epsilon must be positive")
    let (position, speed) = envelopes
    return max(
      Self.lastCrossing(of: position, below: epsilon),
      Self.lastCrossing(of: speed, below: epsilon * spring.angularFrequency))
  }

  /// One envelope term (a + b·t)·e^(−λt) with a, b ≥ 0, λ ≥ 0.
  struct EnvelopeTerm {
    var a: Double
    var b: Double
    var lambda: Double

    func value(at t: Double) -> Double { (a + b * t) * exp(-lambda * t) }
  }

  /// The position and velocity envelopes of this motion.
  var envelopes: (position: [EnvelopeTerm], velocity: [EnvelopeTerm]) {
    let x0 = displacement
    let v0 = velocity
    let omega = spring.angularFrequency
    switch spring.regime {
    case .criticallyDamped:
      let b = abs(v0 + omega * x0)
      return (
        [EnvelopeTerm(a: abs(x0), b: b, lambda: omega)],
        [EnvelopeTerm(a: abs(v0), b: omega * b, lambda: omega)]
      )
    case .underDamped:
      let (lambda, omegaD, b) = underDampedTerms
      let amplitude = (x0 * x0 + b * b).squareRoot()
      let sine = x0 * omegaD + lambda * b
      let speed = (v0 * v0 + sine * sine).squareRoot()
      return (
        [EnvelopeTerm(a: amplitude, b: 0, lambda: lambda)], [EnvelopeTerm(a: speed, b: 0, lambda: lambda)]
      )
    case .overDamped:
      let (r1, r2, c1, c2) = overDampedTerms
      return (
        [EnvelopeTerm(a: abs(c1), b: 0, lambda: -r1), EnvelopeTerm(a: abs(c2), b: 0, lambda: -r2)],
        [EnvelopeTerm(a: abs(r1 * c1), b: 0, lambda: -r1), EnvelopeTerm(a: abs(r2 * c2), b: 0, lambda: -r2)]
      )
    }
  }

  /// The smallest T with Σ terms(t) ≤ tolerance for every t ≥ T.
  static func lastCrossing(of terms: [EnvelopeTerm], below tolerance: Double) -> Double {
    func envelope(_ t: Double) -> Double { terms.reduce(0) { $0 + $1.value(at: t) } }
    // The only rising term shape is a single critically damped (a + bt)e^(−λt), peaking at 1/λ − a/b.
    var peak = 0.0
    for term in terms where term.b > 0 && term.lambda > 0 {
      peak = max(peak, 1 / term.lambda - term.a / term.b)
    }
    if envelope(peak) <= tolerance { return 0 }
    let slowest = terms.filter { $0.a > 0 || $0.b > 0 }.map(\.lambda).min() ?? 0
    if slowest <= 0 { return .infinity }
    var low = peak
    var high = peak + 1 / slowest
    while envelope(high) > tolerance { high += high - peak }
    for _ in 0..<200 {
      let mid = low + (high - low) / 2
      if mid <= low || mid >= high { break }
      if envelope(mid) > tolerance { low = mid } else { high = mid }
    }
    return high
  }
}
