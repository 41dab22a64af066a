/// A rectangle whose x, y, width and height each move on the same ``Spring`` (four ``AnimatedValue``s).
///
/// Retargeting starts every channel from its current presentation value and velocity, so the frame never
/// jumps (LayoutRules, "Fold and resize motion"). Width and height are clamped at 0 in the
/// presented rectangle (a retargeted bounce-0 spring may cross its target once).
public struct AnimatedRect: Sendable, Hashable {
  /// The x channel, in points.
  public private(set) var x: AnimatedValue
  /// The y channel, in points.
  public private(set) var y: AnimatedValue
  /// The width channel, in points.
  public private(set) var width: AnimatedValue
  /// The height channel, in points.
  public private(set) var height: AnimatedValue

  /// Creates a rectangle at rest.
  ///
  /// - Parameters:
  ///   - rect: The initial frame and target, in points (x, y, width, height).
  ///   - spring: The spring later retargets use; default ``Spring/reflow``.
  ///   - epsilon: The settling tolerance in points; default 0.001.
  public init(_ rect: Rect, spring: Spring = .reflow, epsilon: Double = 0.001) {
    x = AnimatedValue(rect.x, spring: spring, epsilon: epsilon)
    y = AnimatedValue(rect.y, spring: spring, epsilon: epsilon)
    width = AnimatedValue(rect.width, spring: spring, epsilon: epsilon)
    height = AnimatedValue(rect.height, spring: spring, epsilon: epsilon)
  }

  /// The frame the motion heads for, in points.
  public var target: Rect {
    Rect(x: x.target, y: y.target, width: width.target, height: height.target)
  }

  /// The presentation frame at `time` (nanoseconds), in points.
  ///
  /// - Complexity: O(1).
  public func value(at time: UInt64) -> Rect {
    Rect(
      x: x.value(at: time), y: y.value(at: time), width: max(0, width.value(at: time)),
      height: max(0, height.value(at: time)))
  }

  /// The velocity of each channel at `time` (nanoseconds), in points per second.
  ///
  /// - Complexity: O(1).
  public func velocity(at time: UInt64) -> RectVelocity {
    RectVelocity(
      x: x.velocity(at: time), y: y.velocity(at: time), width: width.velocity(at: time),
      height: height.velocity(at: time))
  }

  /// ``value(at:)`` and ``velocity(at:)`` together, one evaluation per channel (the same results).
  ///
  /// - Complexity: O(1).
  func state(at time: UInt64) -> (frame: Rect, velocity: RectVelocity) {
    var shared = SharedDecay(time: time)
    return state(sharing: &shared)
  }

  /// ``state(at:)`` at `shared`'s time: channels that start together on one spring share one exponential
  /// (the same results).
  @inline(__always)
  func state(sharing shared: inout SharedDecay) -> (frame: Rect, velocity: RectVelocity) {
    let x = x.state(sharing: &shared)
    let y = y.state(sharing: &shared)
    let width = width.state(sharing: &shared)
    let height = height.state(sharing: &shared)
    return (
      Rect(x: x.value, y: y.value, width: max(0, width.value), height: max(0, height.value)),
      RectVelocity(x: x.velocity, y: y.velocity, width: width.velocity, height: height.velocity)
    )
  }

  /// True when all four channels have come to rest at the target by `time` (nanoseconds).
  public func isSettled(at time: UInt64) -> Bool {
    x.isSettled(at: time) && y.isSettled(at: time) && width.isSettled(at: time)
      && height.isSettled(at: time)
  }

  /// Starts a new segment toward `target` at `time`, each channel from its presentation value and velocity.
  ///
  /// - Parameters:
  ///   - target: The new frame, in points.
  ///   - time: Nanoseconds.
  ///   - spring: The spring for the new segment; nil keeps the current one.
  /// - Complexity: O(1).
  public mutating func retarget(to target: Rect, at time: UInt64, spring: Spring? = nil) {
    var memo = SettlingMemo(capacity: 0)
    retarget(to: target, at: time, spring: spring, memo: &memo)
  }

  /// ``retarget(to:at:spring:)``, taking settling times from `memo` when it has seen the same motion.
  mutating func retarget(
    to target: Rect, at time: UInt64, spring: Spring? = nil, memo: inout SettlingMemo
  ) {
    x.retarget(to: target.x, at: time, spring: spring, memo: &memo)
    y.retarget(to: target.y, at: time, spring: spring, memo: &memo)
    width.retarget(to: target.width, at: time, spring: spring, memo: &memo)
    height.retarget(to: target.height, at: time, spring: spring, memo: &memo)
  }

  /// Puts the frame at rest at `rect` immediately (direct tracking, no animation).
  ///
  /// - Parameters:
  ///   - rect: The new frame and target, in points.
  ///   - time: Nanoseconds.
  public mutating func jump(to rect: Rect, at time: UInt64) {
    x.jump(to: rect.x, at: time)
    y.jump(to: rect.y, at: time)
    width.jump(to: rect.width, at: time)
    height.jump(to: rect.height, at: time)
  }
}

/// The rate of change of a rectangle's x, y, width and height, in points per second.
public struct RectVelocity: Sendable, Hashable {
  /// Horizontal velocity of the origin, in points per second.
  public var x: Double
  /// Vertical velocity of the origin, in points per second.
  public var y: Double
  /// Rate of change of the width, in points per second.
  public var width: Double
  /// Rate of change of the height, in points per second.
  public var height: Double

  /// Creates a velocity, in points per second.
  public init(x: Double = 0, y: Double = 0, width: Double = 0, height: Double = 0) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// At rest.
  public static let zero = RectVelocity()
}
