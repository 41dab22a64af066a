/// A broken layout invariant, found by ``LayoutPlan/violations(in:vocabulary:)``.
public enum LayoutViolation: Sendable, Hashable, CustomStringConvertible {
  /// An interactive element intersects an active division or occlusion (LayoutRules, "Folds and reserved
  /// regions").
  case interactiveInReservedRegion(element: String, region: Rect)
  /// An element lies (partly) outside the safe frame (LayoutRules, "L2: safe area and bars").
  case outsideSafeArea(element: String, frame: Rect, safeFrame: Rect)
  /// Two panes (``PlanVocabulary/paneIDs``) overlap.
  case panesOverlap(String, String)
  /// Two elements share an id.
  case duplicateID(String)
  /// A visible action or an overflowed action is missing from `actions`, or an action is neither
  /// visible nor in the overflow menu (LayoutRules, "L2: safe area and bars": never delete, only stow).
  case actionNotReachable(String)
  /// An element that scrolls is also marked interactive, or a pane is not scrollable.
  case inconsistentFlags(String)
  /// An id listed in ``LayoutPlan/unplaced`` is also placed in ``LayoutPlan/elements``.
  case unplacedElementPlaced(String)

  public var description: String {
    switch self {
    case .interactiveInReservedRegion(let id, let r):
      "interactive element \(id) intersects reserved region \(r)"
    case .outsideSafeArea(let id, let f, let s): "element \(id) \(f) lies outside the safe frame \(s)"
    case .panesOverlap(let a, let b): "panes \(a) and \(b) overlap"
    case .duplicateID(let id): "duplicate element id \(id)"
    case .actionNotReachable(let id): "action \(id) is neither visible, in the overflow menu nor listed"
    case .inconsistentFlags(let id): "element \(id) has inconsistent isInteractive/isScrollable flags"
    case .unplacedElementPlaced(let id): "element \(id) is both placed and reported unplaced"
    }
  }
}
