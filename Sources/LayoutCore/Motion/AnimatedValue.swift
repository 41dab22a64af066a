/// A scalar that moves toward its target on a ``Spring`` and can be retargeted mid-flight without a snap.
///
/// The value is a pure function of time: it stores the start of the current segment (time in nanoseconds,
/// the value and the velocity there) and evaluates the closed-form ``SpringMotion`` at any later time, so
/// the same calls give the same values on every run. ``retarget(to:at:spring:)`` starts the new segment from
/// the *current presentation value and velocity* (LayoutRules, "Fold and resize motion": always start from
/// the current on-screen value, never snap to the final state).
///
/// Once the motion has settled (within ``epsilon`` of the target with its speed within `epsilon · ω₀` per
/// second, forever after; see ``SpringMotion/settlingTime(epsilon:)``) the value *is* the target, exactly:
/// the last step is at most `epsilon`.
///
/// Times are nanoseconds on the caller's clock (a trace's virtual clock) and must not decrease between
/// calls; a time before the segment start counts as the start.
public struct AnimatedValue: Sendable, Hashable {
  /// The value the motion heads for.
  public private(set) var target: Double
  /// The spring of the current segment.
  public private(set) var spring: Spring
  /// The settling tolerance, in the value's unit (points for frames).
  public let epsilon: Double
  /// Start of the current segment, in nanoseconds.
  public private(set) var segmentStart: UInt64
  /// The presentation value at ``segmentStart``, returned exactly there (target + (value − target) may
  /// differ from it in the last bit).
  public private(set) var segmentStartValue: Double
  /// The motion of the current segment, relative to ``target``.
  public private(set) var motion: SpringMotion
  /// First time, in nanoseconds, at which the segment counts as settled (`UInt64.max` for never).
  public private(set) var settleTime: UInt64

  /// Creates a value at rest.
  ///
  /// - Parameters:
  ///   - value: The initial value, also the target.
  ///   - spring: The spring later retargets use; default ``Spring/reflow``.
  ///   - epsilon: The settling tolerance in the value's unit; default 0.001.
  public init(_ value: Double, spring: Spring = .reflow, epsilon: Double = 0.001) {
    precondition(epsilon > 0, "epsilon must be positive")
    self.target = value
    self.spring = spring
    self.epsilon = epsilon
    self.segmentStart = 0
    self.segmentStartValue = value
    self.motion = SpringMotion(spring: spring, displacement: 0, velocity: 0)
    self.settleTime = 0
  }

  /// The presentation value at `time`.
  ///
  /// - Parameter time: Nanoseconds.
  /// - Returns: The target once settled, otherwise target + x(t).
  /// - Complexity: O(1).
  public func value(at time: UInt64) -> Double {
    if time >= settleTime { return target }
    if time <= segmentStart { return segmentStartValue }
    return target + motion.displacement(at: seconds(since: time))
  }

  /// The velocity at `time`, per second (0 once settled).
  ///
  /// - Parameter time: Nanoseconds.
  /// - Complexity: O(1).
  public func velocity(at time: UInt64) -> Double {
    if time >= settleTime { return 0 }
    return motion.velocity(at: seconds(since: time))
  }

  /// ``value(at:)`` and ``velocity(at:)`` together, from one evaluation of the motion (the same results).
  ///
  /// - Complexity: O(1).
  func state(at time: UInt64) -> (value: Double, velocity: Double) {
    var shared = SharedDecay(time: time)
    return state(sharing: &shared)
  }

  /// ``state(at:)`` at `shared`'s time, taking the exponential from `shared` when a channel sampled before
  /// had the same segment start and spring (the same results).
  @inline(__always)
  func state(sharing shared: inout SharedDecay) -> (value: Double, velocity: Double) {
    if shared.time >= settleTime { return (target, 0) }
    let (displacement, speed) = shared.state(of: motion, since: segmentStart)
    return (shared.time <= segmentStart ? segmentStartValue : target + displacement, speed)
  }

  /// True when the value has come to rest at its target by `time`.
  public func isSettled(at time: UInt64) -> Bool { time >= settleTime }

  /// Starts a new segment toward `newTarget` at `time`, from the presentation value and velocity there.
  ///
  /// - Parameters:
  ///   - newTarget: The new target.
  ///   - time: Nanoseconds; the new segment's start.
  ///   - spring: The spring for the new segment; nil keeps the current one.
  /// - Complexity: O(1).
  public mutating func retarget(to newTarget: Double, at time: UInt64, spring: Spring? = nil) {
    var memo = SettlingMemo(capacity: 0)
    retarget(to: newTarget, at: time, spring: spring, memo: &memo)
  }

  /// ``retarget(to:at:spring:)``, taking the settling time from `memo` when it has seen the same motion.
  mutating func retarget(
    to newTarget: Double, at time: UInt64, spring: Spring? = nil, memo: inout SettlingMemo
  ) {
    let start = max(time, segmentStart)
    let current = value(at: start)
    let speed = velocity(at: start)
    if let spring { self.spring = spring }
    target = newTarget
    segmentStart = start
    segmentStartValue = current
    motion = SpringMotion(spring: self.spring, displacement: current - newTarget, velocity: speed)
    // The settling time rounded up to whole nanoseconds: `(settlingTime × 10⁹).rounded(.up)`.
    let nanoseconds = memo.settlingNanoseconds(of: motion, epsilon: epsilon)
    settleTime =
      nanoseconds < Double(UInt64.max - start) ? start + UInt64(nanoseconds) : UInt64.max
  }

  /// Puts the value at rest at `value` immediately, without animation (direct tracking).
  ///
  /// - Parameters:
  ///   - value: The new value and target.
  ///   - time: Nanoseconds; the value is at rest from then on.
  public mutating func jump(to value: Double, at time: UInt64) {
    target = value
    segmentStart = max(time, segmentStart)
    segmentStartValue = value
    motion = SpringMotion(spring: spring, displacement: 0, velocity: 0)
    settleTime = segmentStart
  }

  private func seconds(since time: UInt64) -> Double {
    time <= segmentStart ? 0 : Double(time - segmentStart) / 1e9
  }
}
