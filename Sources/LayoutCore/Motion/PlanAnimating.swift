/// Animates a scene's elements from plan to plan: ``PlanAnimator`` or an app's own animator.
///
/// A replay keeps one copy of the configured value per scene, calls ``update(to:context:at:)`` at every
/// plan change and samples ``presentations(at:)`` at each tick until ``isSettled(at:)``. Times are trace
/// times in nanoseconds; implementations must be pure functions of the calls made so far.
///
/// Three requirements carry the meaning. ``presentations(at:into:)`` has a default that assigns
/// ``presentations(at:)``; an animator implements it only to reuse the caller's storage.
public protocol PlanAnimating: Sendable {
  /// Moves every element toward its frame in `plan`, starting at `time` (nanoseconds). The first call
  /// places elements at rest.
  mutating func update(to plan: LayoutPlan, context: LayoutContext, at time: UInt64)
  /// Every element on screen at `time` (nanoseconds), in a deterministic order.
  func presentations(at time: UInt64) -> [ElementPresentation]
  /// True when nothing moves or fades at `time` (nanoseconds).
  func isSettled(at time: UInt64) -> Bool
  /// Replaces `buffer`'s contents with ``presentations(at:)`` at `time` (nanoseconds), reusing its storage
  /// where the implementation can; the default assigns ``presentations(at:)``.
  func presentations(at time: UInt64, into buffer: inout [ElementPresentation])
}

extension PlanAnimating {
  /// Assigns ``presentations(at:)`` at `time` (nanoseconds) to `buffer`.
  ///
  /// - Parameters:
  ///   - time: Nanoseconds.
  ///   - buffer: Receives the presentations.
  public func presentations(at time: UInt64, into buffer: inout [ElementPresentation]) {
    buffer = presentations(at: time)
  }
}

extension PlanAnimator: PlanAnimating {}
