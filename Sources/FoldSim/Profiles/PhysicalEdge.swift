/// A physical screen edge: unlike leading/trailing it does not flip in right-to-left languages. The Duo
/// keeps its side bars on the same physical side in RTL (LayoutCore's LayoutRules, "L2: safe area and
/// bars").
public enum PhysicalEdge: String, Sendable, Hashable, CaseIterable {
  /// The left edge.
  case left
  /// The right edge.
  case right
}
