/// A physical screen edge: unlike leading/trailing it does not flip in right-to-left languages. The Duo
/// keeps its side bars on the same physical side in RTL (`003_f6edf847a2b0c034.txt`, 세로 컨트롤).
public enum PhysicalEdge: String, Sendable, Hashable, CaseIterable {
  /// The left edge.
  case left
  /// The right edge.
  case right
}
