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
  /// Where ``anchorBefore``'s item starts in the new content layout, in points from the content's top;
  /// nil when there is no such anchor or the layout no longer has the item.
  public var anchorItemTop: Double?
  /// The largest content offset the new layout allows in its viewport, in points.
  public var maximumOffset: Double
  /// Whether the view was at content offset 0 before the relayout (for a handover, the departing scene).
  public var wasAtTop: Bool
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

  /// Creates a layout change.
  public init(
    scene: SceneID, time: UInt64, eventIndex: Int, context: LayoutContext, plan: LayoutPlan,
    anchorBefore: ScrollAnchor? = nil, anchorAfter: ScrollAnchor? = nil, anchorItemTop: Double? = nil,
    maximumOffset: Double = 0, wasAtTop: Bool = false, offsetBefore: Double = 0, offsetAfter: Double = 0,
    handoverFrom: SceneID? = nil
  ) {
    self.scene = scene
    self.time = time
    self.eventIndex = eventIndex
    self.context = context
    self.plan = plan
    self.anchorBefore = anchorBefore
    self.anchorAfter = anchorAfter
    self.anchorItemTop = anchorItemTop
    self.maximumOffset = maximumOffset
    self.wasAtTop = wasAtTop
    self.offsetBefore = offsetBefore
    self.offsetAfter = offsetAfter
    self.handoverFrom = handoverFrom
  }
}
