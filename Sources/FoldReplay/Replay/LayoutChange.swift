import FoldTrace
import LayoutCore

/// One change of a scene's layout: the timeline's unit.
///
/// Recorded whenever a context change gives a different plan, or lays the scrolling content out
/// differently (a Dynamic Type change rewraps text without moving any element).
public struct LayoutChange: Sendable, Equatable {
  /// The scene.
  public var scene: SceneID
  /// Trace time, in nanoseconds.
  public var time: UInt64
  /// The index of the event that caused the change, counted from the trace's first event.
  public var eventIndex: Int
  /// The context the plan was made for.
  public var context: LayoutContext
  /// The new plan.
  public var plan: LayoutPlan
  /// The user's place before the relayout: the anchor item and its offset from the viewing region's top
  /// as kept since the user last scrolled or selected (for a handover, the departing scene's), if any.
  public var anchorBefore: ScrollAnchor?
  /// The same item's measured offset from the viewing region's top after the relayout (when it was removed,
  /// the new anchor's), if any.
  public var anchorAfter: ScrollAnchor?
  /// What anchoring was expected to do, which decides how the anchor is checked.
  public var anchorOutcome: AnchorOutcome
  /// The content offset before the relayout, in points.
  public var offsetBefore: Double
  /// The content offset after the relayout, in points.
  public var offsetAfter: Double
  /// The scene whose place this scene took over (Duo opening or closing), if this change is a handover.
  public var handoverFrom: SceneID?

  /// The shape the plan was made for.
  public var shape: LayoutShape { plan.shape }
  /// The plan's presentation.
  public var presentation: Presentation { plan.presentation }
  /// The plan's grid column count.
  public var columns: Int { plan.columns }

  /// How far the anchor moved relative to the viewport's top, in points (after − before), when the anchor
  /// was kept.
  public var anchorDrift: Double? {
    guard case .kept = anchorOutcome, let before = anchorBefore, let after = anchorAfter else {
      return nil
    }
    return after.offsetFromViewportTop - before.offsetFromViewportTop
  }

  /// Creates a layout change.
  public init(
    scene: SceneID, time: UInt64, eventIndex: Int, context: LayoutContext, plan: LayoutPlan,
    anchorBefore: ScrollAnchor? = nil, anchorAfter: ScrollAnchor? = nil,
    anchorOutcome: AnchorOutcome = .none, offsetBefore: Double = 0, offsetAfter: Double = 0,
    handoverFrom: SceneID? = nil
  ) {
    self.scene = scene
    self.time = time
    self.eventIndex = eventIndex
    self.context = context
    self.plan = plan
    self.anchorBefore = anchorBefore
    self.anchorAfter = anchorAfter
    self.anchorOutcome = anchorOutcome
    self.offsetBefore = offsetBefore
    self.offsetAfter = offsetAfter
    self.handoverFrom = handoverFrom
  }
}

/// What scroll anchoring should have done across one relayout. The replayer decides it from the content
/// alone, never from the strategy under test (CSS Scroll Anchoring, "suppression triggers" and
/// clamping).
public enum AnchorOutcome: Sendable, Equatable {
  /// Nothing to anchor: no scrolling content, or its first layout.
  case none
  /// The anchor must keep its distance from the viewport's top (within the tolerance).
  case kept
  /// Keeping the distance would scroll past either end; the offset must be clamped to this value
  /// (points).
  case clamped(Double)
  /// The view was at offset 0 and must stay there (CSS: no anchoring at the top).
  case atTop
  /// The anchor item no longer exists; the next surviving item becomes the anchor and no distance is
  /// promised.
  case removed
}
