/// Limits the checks on an app's recorded output allow (<doc:CheckingRecordings>). The defaults suit real
/// display-link sampling at 60 or 120 Hz with jitter and dropped frames.
public struct RecordingTolerances: Sendable, Equatable {
  /// How far the anchor item's `anchorTop` may move across a relayout or a display handover, in points
  /// (default 1).
  public var anchor: Double
  /// The shortest time a decision (shape, presentation, columns) may be held before it changes back, in
  /// nanoseconds (default 250 ms), unless the size classes crossed back too.
  public var minimumDwell: UInt64
  /// The duration of the spring layout moves use, in seconds (default 0.4: `.spring(duration: 0.4,
  /// bounce: 0)`, LayoutRules.md "Fold and resize motion"); sets ω = 2π / duration for the step bound.
  public var springDuration: Double
  /// How close two positions must be to count as equal, in points (default 0.5, a pixel at 2×): the
  /// slack on every step, start, overshoot and region test.
  public var position: Double
  /// How close the last presented sample must come to the recorded layout to count as at rest on it, in
  /// points (default 0.01: the presented grid's rounding is 1/3072 pt).
  public var rest: Double
  /// How long after a layout or a change of reserved regions the app may take to lay out again before
  /// its elements count as at rest, in nanoseconds (default 100 ms: six refreshes at 60 Hz).
  public var settle: UInt64
  /// A presented sample this close before a new layout means the element was still moving: the layout
  /// retargets it rather than starting from rest, in nanoseconds (default 50 ms: three refreshes at 60 Hz,
  /// so one or two dropped frames do not count as rest).
  public var retargetGap: UInt64
  /// The bound on one refresh's step, as a share of the move per second of ω (default 0.55): a critically
  /// damped spring from rest peaks at ω·d/e ≈ 0.37·ω·d per second, and the rest is the margin for
  /// display-link jitter. The step between samples Δt apart may be at most
  /// `position + d × min(1, stepFactor × ω × Δt)` for a move of d points, so a dropped frame widens the
  /// bound by its own time.
  public var stepFactor: Double

  /// Creates tolerances.
  public init(
    anchor: Double = 1, minimumDwell: UInt64 = 250_000_000, springDuration: Double = 0.4,
    position: Double = 0.5, rest: Double = 0.01, settle: UInt64 = 100_000_000,
    retargetGap: UInt64 = 50_000_000, stepFactor: Double = 0.55
  ) {
    self.anchor = anchor
    self.minimumDwell = minimumDwell
    self.springDuration = springDuration
    self.position = position
    self.rest = rest
    self.settle = settle
    self.retargetGap = retargetGap
    self.stepFactor = stepFactor
  }

  /// The spring's angular frequency ω = 2π / duration, in radians per second.
  public var omega: Double { 2 * Double.pi / springDuration }

  /// The default tolerances.
  public static let `default` = RecordingTolerances()
}
