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
  /// Near bounce 0 the under- and over-damped envelopes grow without bound (B ~ 1/ω_d, C₁ and C₂ ~ 1/d)
  /// although the motion tends to the critically damped one, so those regimes also have a bound of the
  /// critically damped form (``criticalFormEnvelopes``), and each crossing is the earlier of the two
  /// bounds' crossings: both bound |x| (and |v|), so the earlier one is still a time after which the
  /// motion stays within tolerance. The result tends to the critically damped time as the bounce tends
  /// to 0 from either side; away from 0 the regime's own envelope usually crosses first and decides it.
  ///
  /// - Parameter epsilon: The tolerance on the displacement, in the value's unit; must be positive.
  /// - Returns: Seconds since release; 0 when already within tolerance, `.infinity` for an undamped spring
  ///   that is not at rest.
  /// - Complexity: O(1).
  public func settlingTime(epsilon: Double) -> Double {
    precondition(epsilon > 0, "epsilon must be positive")
    // At rest every envelope term is 0 (|0|, |0 + ω₀·0|, √(0 + 0), |±0|), so the envelopes are 0 at the
    // peak (t = 0), within any positive tolerance: the search below would return 0 for both.
    if displacement == 0 && velocity == 0 { return 0 }
    let (position, speed) = envelopes
    let critical = criticalFormEnvelopes
    let speedTolerance = epsilon * spring.angularFrequency
    var positionSettled = Self.lastCrossing(of: position, below: epsilon)
    if let critical {
      positionSettled = min(positionSettled, Self.lastCrossing(of: critical.position, below: epsilon))
    }
    // When a speed envelope is proven under its tolerance from the position's time on, its own search
    // ends at or before that time, and the larger of the two is the position's: the search is skipped
    // (`CrossingBracket.staysBelow`), with the same result to the last bit.
    if CrossingBracket.staysBelow(speed, tolerance: speedTolerance, from: positionSettled) {
      return positionSettled
    }
    if let critical,
      CrossingBracket.staysBelow(critical.velocity, tolerance: speedTolerance, from: positionSettled)
    {
      return positionSettled
    }
    var still = Self.lastCrossing(of: speed, below: speedTolerance)
    if let critical { still = min(still, Self.lastCrossing(of: critical.velocity, below: speedTolerance)) }
    return max(positionSettled, still)
  }

  /// One envelope term (a + b·t)·e^(−λt) with a, b ≥ 0, λ ≥ 0.
  struct EnvelopeTerm {
    var a: Double
    var b: Double
    var lambda: Double

    func value(at t: Double) -> Double { (a + b * t) * exp(-lambda * t) }
  }

  /// A sum of one or two envelope terms, held inline (settling times are computed at every retarget of
  /// every channel; arrays would allocate twice per call).
  struct Envelope {
    var first: EnvelopeTerm
    var second: EnvelopeTerm?

    /// Σ terms(t), summed from 0 in term order.
    func value(at t: Double) -> Double {
      let sum = 0 + first.value(at: t)
      guard let second else { return sum }
      return sum + second.value(at: t)
    }

    /// True when every coefficient is finite (an envelope whose coefficients overflowed bounds nothing).
    var isFinite: Bool {
      first.a.isFinite && first.b.isFinite && (second.map { $0.a.isFinite && $0.b.isFinite } ?? true)
    }
  }

  /// The position and velocity envelopes of this motion.
  var envelopes: (position: Envelope, velocity: Envelope) {
    let x0 = displacement
    let v0 = velocity
    let omega = spring.angularFrequency
    switch spring.regime {
    case .criticallyDamped:
      let b = abs(v0 + omega * x0)
      return (
        Envelope(first: EnvelopeTerm(a: abs(x0), b: b, lambda: omega)),
        Envelope(first: EnvelopeTerm(a: abs(v0), b: omega * b, lambda: omega))
      )
    case .underDamped:
      let (lambda, omegaD, b) = underDampedTerms
      let amplitude = (x0 * x0 + b * b).squareRoot()
      let sine = x0 * omegaD + lambda * b
      let speed = (v0 * v0 + sine * sine).squareRoot()
      return (
        Envelope(first: EnvelopeTerm(a: amplitude, b: 0, lambda: lambda)),
        Envelope(first: EnvelopeTerm(a: speed, b: 0, lambda: lambda))
      )
    case .overDamped:
      let (r1, r2, _, c1, c2) = overDampedTerms
      return (
        Envelope(
          first: EnvelopeTerm(a: abs(c1), b: 0, lambda: -r1),
          second: EnvelopeTerm(a: abs(c2), b: 0, lambda: -r2)),
        Envelope(
          first: EnvelopeTerm(a: abs(r1 * c1), b: 0, lambda: -r1),
          second: EnvelopeTerm(a: abs(r2 * c2), b: 0, lambda: -r2))
      )
    }
  }

  /// Bounds of the critically damped form (a + b·t)·e^(−λt) on the position and the velocity of an
  /// under- or over-damped motion; nil when critically damped (``envelopes`` is that form already).
  ///
  /// Under-damped, with K = v₀ + λx₀: x(t) = e^(−λt)(x₀cos ω_d t + K·sin(ω_d t)/ω_d) and
  /// v(t) = e^(−λt)(v₀cos ω_d t − ω₀(ω₀x₀ + ζv₀)·sin(ω_d t)/ω_d) (ω_d² + λ² = ω₀²); |sin(ω_d t)/ω_d| ≤ t
  /// gives |x| ≤ (|x₀| + |K|t)e^(−λt) and |v| ≤ (|v₀| + ω₀|ω₀x₀ + ζv₀|t)e^(−λt). Over-damped, with
  /// K = v₀ − r₁x₀: |(e^(dt) − 1)/d| ≤ t for d < 0 gives |x| ≤ (|x₀| + |K|t)e^(r₁t) and
  /// |v| ≤ (|v₀| + |r₂K|t)e^(r₁t). At bounce 0 both are the critically damped envelope.
  var criticalFormEnvelopes: (position: Envelope, velocity: Envelope)? {
    let x0 = displacement
    let v0 = velocity
    let omega = spring.angularFrequency
    switch spring.regime {
    case .criticallyDamped:
      return nil
    case .underDamped:
      let lambda = spring.dampingRatio * omega
      let k = abs(v0 + lambda * x0)
      let m = omega * abs(omega * x0 + spring.dampingRatio * v0)
      return (
        Envelope(first: EnvelopeTerm(a: abs(x0), b: k, lambda: lambda)),
        Envelope(first: EnvelopeTerm(a: abs(v0), b: m, lambda: lambda))
      )
    case .overDamped:
      let (r1, r2, _, _, _) = overDampedTerms
      let k = abs(v0 - r1 * x0)
      return (
        Envelope(first: EnvelopeTerm(a: abs(x0), b: k, lambda: -r1)),
        Envelope(first: EnvelopeTerm(a: abs(v0), b: abs(r2) * k, lambda: -r1))
      )
    }
  }

  /// The smallest T with envelope(t) ≤ tolerance for every t ≥ T.
  ///
  /// - Complexity: O(1): at most 200 bisection steps after the doubling search.
  static func lastCrossing(of envelope: Envelope, below tolerance: Double) -> Double {
    guard envelope.isFinite else { return .infinity }
    let (peak, slowest) = peakAndSlowestRate(of: envelope)
    if envelope.value(at: peak) <= tolerance { return 0 }
    let slowestRate = slowest ?? 0
    if slowestRate <= 0 { return .infinity }
    var low = peak
    var high = peak + 1 / slowestRate
    // The bisection below compares the envelope with the tolerance some sixty times. A bracket proven
    // around the crossing answers every comparison outside it without evaluating the envelope, with the
    // answer the evaluation would give: the same steps, the same result to the last bit.
    let bracket = CrossingBracket(envelope, below: tolerance, peak: peak, start: high)
    func isAbove(_ t: Double) -> Bool {
      if let bracket {
        if t <= bracket.surelyAbove { return true }
        if t >= bracket.surelyBelow { return false }
      }
      return envelope.value(at: t) > tolerance
    }
    while isAbove(high) { high += high - peak }
    for _ in 0..<200 {
      let mid = low + (high - low) / 2
      if mid <= low || mid >= high { break }
      if isAbove(mid) { low = mid } else { high = mid }
    }
    return high
  }

  /// Where ``lastCrossing(of:below:)`` starts: the envelope's peak (0 unless a single critically damped
  /// term (a + bt)e^(−λt) rises first, to its peak at 1/λ − a/b) and the slowest rate of the terms that
  /// move (nil when none does).
  private static func peakAndSlowestRate(of envelope: Envelope) -> (peak: Double, slowest: Double?) {
    var peak = 0.0
    var slowest: Double?
    func consider(_ term: EnvelopeTerm) {
      if term.b > 0 && term.lambda > 0 { peak = max(peak, 1 / term.lambda - term.a / term.b) }
      // As `min()` over the terms that move: a later λ wins only when it is less.
      if term.a > 0 || term.b > 0, slowest.map({ term.lambda < $0 }) ?? true { slowest = term.lambda }
    }
    consider(envelope.first)
    if let second = envelope.second { consider(second) }
    return (peak, slowest)
  }

  /// Bounds on ``lastCrossing(of:below:)`` without its bisection: the result lies in `low...high`; nil
  /// when they cannot be proven.
  ///
  /// The search returns 0 exactly when the envelope at its peak is within the tolerance (the same
  /// evaluation is made here). Otherwise it returns the upper end of a bisection whose every step keeps
  /// a time evaluated (or proven) above the tolerance as its lower end and one not above as its upper
  /// end, until no Double lies between them. The ``CrossingBracket`` proves every time past the peak up
  /// to its lower end above and every time from its upper end on not above: so the result is past the
  /// lower end, and its lower neighbour, evaluated above, is before the upper end: the result is at
  /// most two Doubles past it (allowed for the rounding of the last midpoint).
  ///
  /// - Complexity: O(1): the bracket's Newton steps, no bisection.
  static func crossingBounds(of envelope: Envelope, below tolerance: Double) -> (low: Double, high: Double)? {
    guard envelope.isFinite else { return (.infinity, .infinity) }
    let (peak, slowest) = peakAndSlowestRate(of: envelope)
    if envelope.value(at: peak) <= tolerance { return (0, 0) }
    let slowestRate = slowest ?? 0
    guard slowestRate > 0,
      let bracket = CrossingBracket(envelope, below: tolerance, peak: peak, start: peak + 1 / slowestRate)
    else { return nil }
    // The bisection's first interval is at most twice the way from the peak to the bracket's upper end
    // (its doubling stops at the first time not above), or 1/λ: its 200 halvings must reach adjacent
    // Doubles.
    let width = max(2 * (bracket.surelyBelow - peak), 1 / slowestRate)
    guard width < bracket.surelyAbove.ulp * 0x1p150 else { return nil }
    return (bracket.surelyAbove, bracket.surelyBelow.nextUp.nextUp)
  }

  /// Bounds on ``settlingTime(epsilon:)`` without a bisection: the time lies in `low...high`; nil when
  /// they cannot be proven (then only the search gives it).
  ///
  /// The settling time is the later of the position's and the speed's crossings
  /// (``lastCrossing(of:below:)``, each the earlier of two envelopes' away from critical damping),
  /// bounded each by ``crossingBounds(of:below:)``. When the speed
  /// envelope is proven under its tolerance from the position's lower bound on
  /// (``CrossingBracket/staysBelow(_:tolerance:from:)``), its crossing is at most that bound and the
  /// position's bounds stand alone, as the search itself skips the speed then.
  ///
  /// - Parameter epsilon: The tolerance on the displacement, as for ``settlingTime(epsilon:)``.
  /// - Complexity: O(1): at most two brackets' Newton steps.
  func settlingBounds(epsilon: Double) -> (low: Double, high: Double)? {
    guard epsilon > 0 else { return nil }
    if displacement == 0 && velocity == 0 { return (0, 0) }
    let (position, speed) = envelopes
    let critical = criticalFormEnvelopes
    let speedTolerance = epsilon * spring.angularFrequency
    guard let settled = Self.earlierCrossingBounds(of: position, critical?.position, below: epsilon) else {
      return nil
    }
    if CrossingBracket.staysBelow(speed, tolerance: speedTolerance, from: settled.low) { return settled }
    if let critical,
      CrossingBracket.staysBelow(critical.velocity, tolerance: speedTolerance, from: settled.low)
    {
      return settled
    }
    guard let still = Self.earlierCrossingBounds(of: speed, critical?.velocity, below: speedTolerance) else {
      return nil
    }
    return (max(settled.low, still.low), max(settled.high, still.high))
  }

  /// Bounds on the earlier of two envelopes' ``lastCrossing(of:below:)`` (the first alone when there is
  /// no second): the lesser lower and the lesser upper bound, since `min` keeps order.
  private static func earlierCrossingBounds(
    of envelope: Envelope, _ other: Envelope?, below tolerance: Double
  ) -> (low: Double, high: Double)? {
    guard let first = crossingBounds(of: envelope, below: tolerance) else { return nil }
    guard let other else { return first }
    guard let second = crossingBounds(of: other, below: tolerance) else { return nil }
    return (min(first.low, second.low), min(first.high, second.high))
  }

  /// ``settlingTime(epsilon:)`` rounded up to whole nanoseconds, `(time × 10⁹).rounded(.up)`, as
  /// ``AnimatedValue`` schedules its rest: from ``settlingBounds(epsilon:)`` when both bounds round up to
  /// the same nanosecond (multiplying and rounding up keep order, so the time itself rounds there too),
  /// otherwise from the search.
  ///
  /// A retarget mid-flight starts a motion no earlier one had, so its settling time is computed afresh;
  /// the bounds need the brackets' few Newton steps instead of the bisection's sixty-odd steps.
  ///
  /// - Parameter epsilon: The tolerance on the displacement; must be positive.
  /// - Returns: Nanoseconds (a whole number, or `.infinity`).
  /// - Complexity: O(1).
  func settlingNanoseconds(epsilon: Double) -> Double {
    if let bounds = settlingBounds(epsilon: epsilon) {
      let low = (bounds.low * 1e9).rounded(.up)
      if low == (bounds.high * 1e9).rounded(.up) { return low }
    }
    return (settlingTime(epsilon: epsilon) * 1e9).rounded(.up)
  }
}
