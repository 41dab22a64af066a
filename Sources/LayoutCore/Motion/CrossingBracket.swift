import Foundation

/// Two times around the point past the peak where a settling envelope falls to its tolerance, with every
/// comparison `envelope.value(at: t) > tolerance` proven for t outside them: true up to ``surelyAbove``,
/// false from ``surelyBelow`` on.
///
/// ``SpringMotion/lastCrossing(of:below:)`` bisects to the last bit of a Double; only the handful of
/// steps inside the bracket still evaluate the envelope, so the result is the one the full bisection
/// gives, bit for bit.
///
/// The proof: Newton's method on ln E(t) − ln(tolerance) finds the crossing t*. Each envelope term
/// (a + b·t)·e^(−λt) evaluates with a relative error below N = (λ_max·t + 16)·2⁻⁵² (the rounding of −λt
/// scaled by the exponent, `exp`'s own ulp, and four roundings of the products and sums). The bracket
/// t* ∓ δ, δ = 16N ÷ |(ln E)'(t*)| ≤ t*/1000, is kept only when the evaluated envelope exceeds
/// tolerance·(1 + 4N) at t* − δ and at the peak and stays under tolerance·(1 − 4N) at t* + δ. The true
/// envelope rises to at most one peak and then falls (see ``SpringMotion/settlingTime(epsilon:)``), so
/// between the peak and t* − δ it stays above tolerance·(1 + 2N), and past t* + δ below tolerance·(1 − 2N),
/// falling at least at the slope |(ln E)'| it has at t* + δ (one term; past its peak b/(a + bt) only shrinks)
/// or at the slowest rate (two terms, a log-sum-exp, convex) — required to be at least 10⁻³·λ_max, so the
/// fall outruns the error growing with t. Any evaluation therefore lands on the same side. When a
/// condition fails (a crossing next to the peak, Newton not converging, non-finite values) there is no
/// bracket and every step evaluates.
struct CrossingBracket {
  /// Every t ≤ this (and not before the peak) has an envelope above the tolerance.
  let surelyAbove: Double
  /// Every t ≥ this has an envelope at or below the tolerance.
  let surelyBelow: Double

  /// Brackets the crossing of `envelope` below `tolerance` after `peak`, starting Newton's method at
  /// `start`; nil when the bracket cannot be proven.
  ///
  /// - Complexity: O(1): at most 60 Newton steps.
  init?(_ envelope: SpringMotion.Envelope, below tolerance: Double, peak: Double, start: Double) {
    guard tolerance > 0, tolerance.isFinite, peak.isFinite, start > peak, start.isFinite else {
      return nil
    }
    let first = envelope.first
    let second = envelope.second
    var fastest = first.lambda
    var slowest = first.lambda
    if let second {
      // Two terms occur only without a linear part (b = 0); both must decay.
      guard first.b == 0, second.b == 0, first.a > 0, second.a > 0 else { return nil }
      fastest = max(fastest, second.lambda)
      slowest = min(slowest, second.lambda)
    }
    guard slowest > 0, fastest.isFinite else { return nil }
    let logTolerance = log(tolerance)
    // ln E(t) − ln tolerance and its derivative.
    func logRatio(_ t: Double) -> (value: Double, slope: Double) {
      if let second {
        let e1 = first.a * exp(-first.lambda * t)
        let e2 = second.a * exp(-second.lambda * t)
        let sum = e1 + e2
        return (log(sum) - logTolerance, -(first.lambda * e1 + second.lambda * e2) / sum)
      }
      let linear = first.a + first.b * t
      return (log(linear) - first.lambda * t - logTolerance, first.b / linear - first.lambda)
    }
    var t = start
    var converged = false
    for _ in 0..<60 {
      let (value, slope) = logRatio(t)
      guard value.isFinite, slope < 0 else { return nil }
      var next = t - value / slope
      // Newton may overshoot to before the peak, where the slope turns; halve the way there instead.
      if next <= peak { next = peak + (t - peak) / 2 }
      let step = abs(next - t)
      t = next
      if step <= t * 0x1p-50 {
        converged = true
        break
      }
    }
    guard converged, t.isFinite else { return nil }
    let slope = -logRatio(t).slope
    guard slope.isFinite, slope > 0 else { return nil }
    // The error bound at t + δ, with δ ≤ t ÷ 1000 (checked below).
    let noise = (fastest * t * 1.001 + 16) * 0x1p-52
    let delta = 16 * noise / slope
    guard delta <= t / 1000 else { return nil }
    let low = t - delta
    let upper = t + delta
    // The crossing must sit clear of the peak, and the envelope past it must fall fast enough.
    guard low - peak > 1e-9 * max(1, t) else { return nil }
    let fall = second == nil ? -logRatio(upper).slope : slowest
    guard fall >= 1e-3 * fastest else { return nil }
    guard envelope.value(at: peak) > tolerance * (1 + 4 * noise),
      envelope.value(at: low) > tolerance * (1 + 4 * noise),
      envelope.value(at: upper) < tolerance * (1 - 4 * noise)
    else { return nil }
    surelyAbove = low
    surelyBelow = upper
  }

  /// True when every evaluation `envelope.value(at: t) > tolerance` for t ≥ `time` is proven false: the
  /// same proof as the bracket's upper end, made at `time` itself.
  ///
  /// ``SpringMotion/lastCrossing(of:below:)`` ends on a time whose evaluation is not above the tolerance
  /// with the one just before it above; when no evaluation from `time` on is above, that time is at most
  /// `time`. ``SpringMotion/settlingTime(epsilon:)`` uses it to skip the speed envelope's search when
  /// the position's time already bounds it.
  ///
  /// The conditions: `time` is at or past the envelope's peak, so the true envelope only falls from
  /// there, at least at the rate it falls at `time` (one term) or at the slowest rate (two terms), which
  /// must be at least 10⁻³·λ_max; and the evaluated envelope at `time` is under tolerance·(1 − 4N), N =
  /// (λ_max·t·1.001 + 16)·2⁻⁵² the relative evaluation error. The true envelope then stays under
  /// tolerance·(1 − 2N) and falls faster than the error grows, so every evaluation lands under the
  /// tolerance. When a condition fails the answer is false (not proven), never wrong.
  ///
  /// - Complexity: O(1): one evaluation.
  static func staysBelow(_ envelope: SpringMotion.Envelope, tolerance: Double, from time: Double) -> Bool {
    guard tolerance > 0, tolerance.isFinite, time >= 0, time.isFinite else { return false }
    let first = envelope.first
    var fastest = first.lambda
    var slowest = first.lambda
    let fall: Double
    if let second = envelope.second {
      guard first.b == 0, second.b == 0, first.a > 0, second.a > 0 else { return false }
      fastest = max(fastest, second.lambda)
      slowest = min(slowest, second.lambda)
      fall = slowest
    } else {
      // Past the peak 1/λ − a/b the slope of ln E, b/(a + bt) − λ, is negative and only steepens.
      if first.b > 0 { guard time >= 1 / first.lambda - first.a / first.b else { return false } }
      fall = first.lambda - first.b / (first.a + first.b * time)
    }
    guard slowest > 0, fastest.isFinite, fall.isFinite, fall > 0, fall >= 1e-3 * fastest else { return false }
    let noise = (fastest * time * 1.001 + 16) * 0x1p-52
    return envelope.value(at: time) < tolerance * (1 - 4 * noise)
  }
}
