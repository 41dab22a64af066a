/// What one relayout did to a scroll view's position: the anchor and offset before and after, and the rule
/// that decided it. The replayer's timeline records these (scroll anchor before and after).
public struct ScrollAdjustment: Sendable, Hashable {
  /// The kept anchor before the relayout.
  public var anchorBefore: ScrollAnchor?
  /// The anchor after the relayout, with its *measured* offset from the viewing region's top (equal to the
  /// saved offset unless the offset was clamped), in points.
  public var anchorAfter: ScrollAnchor?
  /// The content offset before, in points.
  public var offsetBefore: Double
  /// The content offset after, in points.
  public var offsetAfter: Double
  /// The rule that placed the content.
  public var rule: Rule
  /// True when the anchored offset fell outside 0…maxOffset and was clamped.
  public var isClamped: Bool

  /// Creates an adjustment.
  public init(
    anchorBefore: ScrollAnchor?, anchorAfter: ScrollAnchor?, offsetBefore: Double, offsetAfter: Double,
    rule: Rule, isClamped: Bool
  ) {
    self.anchorBefore = anchorBefore
    self.anchorAfter = anchorAfter
    self.offsetBefore = offsetBefore
    self.offsetAfter = offsetAfter
    self.rule = rule
    self.isClamped = isClamped
  }

  /// The rule a relayout applied.
  public enum Rule: String, Sendable, Hashable, CaseIterable {
    /// The anchor kept its offset from the viewing region's top.
    case anchored
    /// The offset was 0 and stays 0 (CSS Scroll Anchoring, suppression triggers: "the scroll offset of the
    /// scrollable element being zero").
    case atTop
    /// The anchor item disappeared; the anchor selected before the relayout among the surviving items
    /// (the visible selection, else the first not fully clipped) kept its own offset instead.
    case anchorReplaced
    /// No anchor (nothing was visible, or no surviving item was): the offset was only clamped.
    case noAnchor
  }
}
