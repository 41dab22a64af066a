/// The names a screen gives its structure, for the plan invariants that depend on them
/// (``LayoutPlan/violations(in:vocabulary:)``). LayoutCore assumes none; a screen states its own (the
/// example app's is `PlanVocabulary.referenceScreen`).
public struct PlanVocabulary: Sendable, Hashable {
  /// The ids of the panes: each must be scrollable, and no two may overlap.
  public var paneIDs: [String]
  /// The id prefix of bar actions (for example `"action."`): every element with it must be listed in
  /// ``LayoutPlan/actions``. Nil: an element is an action when its id is listed there.
  public var actionIDPrefix: String?
  /// The id of the overflow button, which a plan must place whenever ``LayoutPlan/overflow`` is
  /// non-empty; nil when the screen has no overflow button to check.
  public var overflowElementID: String?

  /// Creates a vocabulary.
  public init(paneIDs: [String] = [], actionIDPrefix: String? = nil, overflowElementID: String? = nil) {
    self.paneIDs = paneIDs
    self.actionIDPrefix = actionIDPrefix
    self.overflowElementID = overflowElementID
  }

  /// No names: only the invariants every plan has are checked.
  public static let none = PlanVocabulary()
}

extension LayoutPlan {
  /// Every invariant this plan breaks in `context`, in a stable order (empty when the plan is sound).
  ///
  /// Checked, per plan (the cross-plan properties — columns non-decreasing with width, the same actions
  /// in every presentation — are checked by the tests):
  /// - no interactive element intersects ``LayoutContext/reservedRegions``;
  /// - every element lies inside ``LayoutContext/safeFrame`` (1e-6 pt tolerance);
  /// - ids are unique; no element is both interactive and scrollable;
  /// - ``overflow`` ⊆ ``actions``; every action is visible, in ``overflow`` or reported in ``unplaced``;
  /// - no id in ``unplaced`` is also in ``elements``;
  /// - with a `vocabulary`: panes are scrollable and do not overlap (by more than 1e-6 pt: rounding is
  ///   not overlap); every element with the action prefix is in ``actions``; ``overflow`` is non-empty
  ///   only with the overflow button placed.
  ///
  /// The context is checked as ``LayoutContext/sanitized()`` makes it (the geometry a policy lays out
  /// in), so the same preconditions apply. Source: LayoutRules, "Invariants".
  ///
  /// - Parameters:
  ///   - context: The context the plan was made for.
  ///   - vocabulary: The screen's names for its panes, actions and overflow button (default none).
  /// - Returns: The violations.
  /// - Complexity: O(n² + n·r) for n elements and r reserved regions.
  public func violations(
    in context: LayoutContext, vocabulary: PlanVocabulary = .none
  ) -> [LayoutViolation] {
    let context = context.sanitized()
    var found: [LayoutViolation] = []
    let safe = context.safeFrame
    let reserved = context.reservedRegions
    let paneIDs = vocabulary.paneIDs
    var seen: [String] = []
    for e in elements {
      if seen.contains(e.id) { found.append(.duplicateID(e.id)) }
      seen.append(e.id)
      if e.isInteractive, let r = reserved.first(where: { e.frame.intersects($0) }) {
        found.append(.interactiveInReservedRegion(element: e.id, region: r))
      }
      if !e.frame.isInside(safe) {
        found.append(.outsideSafeArea(element: e.id, frame: e.frame, safeFrame: safe))
      }
      if e.isInteractive && e.isScrollable || paneIDs.contains(e.id) && !e.isScrollable {
        found.append(.inconsistentFlags(e.id))
      }
    }
    let panes = elements.filter { paneIDs.contains($0.id) }
    for i in panes.indices {
      for j in panes.indices where j > i && panes[i].frame.overlaps(panes[j].frame) {
        found.append(.panesOverlap(panes[i].id, panes[j].id))
      }
    }
    let visible =
      if let prefix = vocabulary.actionIDPrefix {
        elements.map(\.id).filter { $0.hasPrefix(prefix) }
      } else {
        elements.map(\.id).filter { actions.contains($0) }
      }
    for id in visible + overflow where !actions.contains(id) { found.append(.actionNotReachable(id)) }
    for id in unplaced where seen.contains(id) { found.append(.unplacedElementPlaced(id)) }
    for id in actions where !visible.contains(id) && !overflow.contains(id) && !unplaced.contains(id) {
      found.append(.actionNotReachable(id))
    }
    if let button = vocabulary.overflowElementID, !overflow.isEmpty, element(button) == nil {
      found.append(.actionNotReachable(button))
    }
    return found
  }

  /// Traps when the plan breaks an invariant of ``violations(in:vocabulary:)``.
  ///
  /// Compiled only with `-DLAYOUTCORE_CHECKS` (`swift build -Xswiftc -DLAYOUTCORE_CHECKS`), like
  /// swift-collections' `_checkInvariants()`; the example app's screen calls it on every plan then.
  #if LAYOUTCORE_CHECKS
    public func _checkInvariants(in context: LayoutContext, vocabulary: PlanVocabulary = .none) {
      let found = violations(in: context, vocabulary: vocabulary)
      precondition(found.isEmpty, "LayoutPlan invariants broken: \(found)")
    }
  #endif
}
