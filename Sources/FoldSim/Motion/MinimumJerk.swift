/// The minimum-jerk profile of a human reaching movement (Flash and Hogan, "The coordination of arm
/// movements", J. Neurosci. 1985): position follows `10τ³ − 15τ⁴ + 6τ⁵` of the way, with zero velocity and
/// acceleration at both ends. FoldSim moves hinges, window edges, dividers and scroll views with it.
public struct MinimumJerk: Sendable, Equatable {
  /// The start value (degrees, points, …).
  public var from: Double
  /// The end value, in the same unit.
  public var to: Double

  /// Creates a movement from `from` to `to`.
  public init(from: Double, to: Double) {
    self.from = from
    self.to = to
  }

  /// The normalised progress `10τ³ − 15τ⁴ + 6τ⁵` at normalised time `tau` (clamped to 0…1).
  /// - Parameter tau: Normalised time, 0 at the start and 1 at the end.
  /// - Returns: Progress from 0 to 1, monotonically non-decreasing in `tau`.
  /// - Complexity: O(1).
  public static func progress(_ tau: Double) -> Double {
    let t = min(1, max(0, tau))
    return t * t * t * (10 + t * (-15 + 6 * t))
  }

  /// The value at normalised time `tau`: exactly `from` at 0 and exactly `to` at 1.
  /// - Parameter tau: Normalised time, 0…1.
  public func value(at tau: Double) -> Double {
    if tau >= 1 { return to }
    return from + (to - from) * Self.progress(tau)
  }
}
