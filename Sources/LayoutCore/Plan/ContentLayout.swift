/// A layout whose plan depends on the content as well as the context: context and content in, plan out.
///
/// Most layouts decide from the context alone and are a ``LayoutPolicy``, which ``PolicyLayout`` wraps.
/// A layout whose plan also depends on the content (an empty state, a grid that never shows more columns
/// than items) conforms to this protocol directly. A replay drives either.
public protocol ContentLayout: Sendable {
  /// The plan for a scene's context and the content it shows. Must be a pure function of its input.
  ///
  /// - Parameters:
  ///   - context: The scene's layout context.
  ///   - content: The scrolling content the scene shows.
  /// - Returns: The plan.
  func plan(for context: LayoutContext, content: any ContentModel) -> LayoutPlan
}

/// A context-only ``LayoutPolicy`` used as a ``ContentLayout``: the content is not consulted.
public struct PolicyLayout: ContentLayout {
  /// The policy.
  public var policy: any LayoutPolicy

  /// Wraps a policy.
  public init(_ policy: any LayoutPolicy) { self.policy = policy }

  /// The policy's plan for `context`.
  ///
  /// - Complexity: The policy's.
  public func plan(for context: LayoutContext, content: any ContentModel) -> LayoutPlan {
    policy.plan(for: context)
  }
}
