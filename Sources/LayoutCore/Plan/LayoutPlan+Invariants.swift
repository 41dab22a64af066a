extension LayoutPlan {
  /// The pane ids whose frames must never overlap.
  public static let paneIDs = ["sidebar", "list", "detail"]

  /// Every invariant this plan breaks in `context`, in a stable order (empty when the plan is sound).
  ///
  /// Checked, per plan (the cross-plan properties — columns non-decreasing with width, the same actions
  /// in every presentation — are checked by the tests):
  /// - no interactive element intersects ``LayoutContext/reservedRegions``;
  /// - every element lies inside ``LayoutContext/safeFrame`` (1e-6 pt tolerance);
  /// - panes do not overlap (by more than 1e-6 pt: rounding is not overlap);
  /// - ids are unique;
  /// - every action element (`"action.*"`) is in ``actions``; ``overflow`` ⊆ ``actions``; every action
  ///   is visible, in ``overflow`` or reported in ``unplaced``, and ``overflow`` is non-empty only with an
  ///   `"overflow"` element;
  /// - no id in ``unplaced`` is also in ``elements``;
  /// - no element is both interactive and scrollable; panes are scrollable.
  ///
  /// The context is checked as ``LayoutContext/sanitized()`` makes it (the geometry a policy lays out
  /// in), so the same preconditions apply.
  ///
  /// - Parameter context: The context the plan was made for.
  /// - Returns: The violations.
  /// - Complexity: O(n² + n·r) for n elements and r reserved regions.
  public func violations(in context: LayoutContext) -> [LayoutViolation] {
    let context = context.sanitized()
    var found: [LayoutViolation] = []
    let safe = context.safeFrame
    let reserved = context.reservedRegions
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
      if e.isInteractive && e.isScrollable || Self.paneIDs.contains(e.id) && !e.isScrollable {
        found.append(.inconsistentFlags(e.id))
      }
    }
    let panes = elements.filter { Self.paneIDs.contains($0.id) }
    for i in panes.indices {
      for j in panes.indices where j > i && panes[i].frame.overlaps(panes[j].frame) {
        found.append(.panesOverlap(panes[i].id, panes[j].id))
      }
    }
    let visible = elements.map(\.id).filter { $0.hasPrefix("action.") }
    for id in visible + overflow where !actions.contains(id) { found.append(.actionNotReachable(id)) }
    for id in unplaced where seen.contains(id) { found.append(.unplacedElementPlaced(id)) }
    for id in actions where !visible.contains(id) && !overflow.contains(id) && !unplaced.contains(id) {
      found.append(.actionNotReachable(id))
    }
    if !overflow.isEmpty && element("overflow") == nil { found.append(.actionNotReachable("overflow")) }
    return found
  }

  /// Traps when the plan breaks an invariant of ``violations(in:)``.
  ///
  /// Compiled only with `-DLAYOUTCORE_CHECKS` (`swift build -Xswiftc -DLAYOUTCORE_CHECKS`), like
  /// swift-collections' `_checkInvariants()`; ``ReferenceScreenLayout`` calls it on every plan then.
  #if LAYOUTCORE_CHECKS
    public func _checkInvariants(in context: LayoutContext) {
      let found = violations(in: context)
      precondition(found.isEmpty, "LayoutPlan invariants broken: \(found)")
    }
  #endif
}
