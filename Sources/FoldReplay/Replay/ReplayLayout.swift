import LayoutCore

/// The layout a replay drives: context and content in, plan out.
///
/// Most layouts decide from the context alone and are a LayoutCore `LayoutPolicy`, which
/// ``ReplayConfiguration/init(policy:animator:scrollAnchoring:content:tickRate:settleLimit:handoverWindow:scrollElementID:)``
/// wraps in ``PolicyLayout``. A layout whose plan also depends on the content (an empty state, a grid
/// that never shows more columns than items) conforms to this protocol directly.
public protocol ReplayLayout: Sendable {
  /// The plan for a scene's context and the content it shows. Must be a pure function of its input.
  ///
  /// - Parameters:
  ///   - context: The scene's layout context.
  ///   - content: The scrolling content (``ReplayConfiguration/content``).
  /// - Returns: The plan.
  func plan(for context: LayoutContext, content: any ContentModel) -> LayoutPlan
}

/// A context-only `LayoutPolicy` used as a ``ReplayLayout``: the content is not consulted.
public struct PolicyLayout: ReplayLayout {
  /// The policy.
  public var policy: any LayoutPolicy

  /// Wraps a policy.
  public init(_ policy: any LayoutPolicy) { self.policy = policy }

  /// The policy's plan for `context`.
  public func plan(for context: LayoutContext, content: any ContentModel) -> LayoutPlan {
    policy.plan(for: context)
  }
}
