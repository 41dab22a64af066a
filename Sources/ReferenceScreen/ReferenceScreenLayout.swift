import LayoutCore

/// The guide's reference screen, a record list with a detail, as a ``LayoutPolicy``.
///
/// Structure comes from the shape, density from continuous width (LayoutCore's LayoutRules, "L1: shape and
/// presentation" and "Density from continuous width"):
/// - **stack** (compactTall, compactShort): the list only; a record's detail is reached by push.
/// - **split** (regularShort, regularTall): list and detail side by side.
/// - **expanded** (regularWide): sidebar (periods), list and detail.
///
/// (LayoutCore's LayoutRules, "L1: shape and presentation": the guide's record list.) Every presentation
/// offers the same actions; bar items that do not fit go to the overflow menu by visibility priority and stay
/// in ``LayoutPlan/actions``. The list shows its records as an ``AdaptiveGrid``.
///
/// Space corrections (L2), applied in every presentation:
/// - every element lies inside ``LayoutContext/safeFrame`` (each edge inset separately);
/// - the bar stands on ``LayoutContext/toolbarVerticalEdge`` when it is set, otherwise it is horizontal:
///   on top of the trailing pane, or at the bottom in tabletop;
/// - book pose (an active vertical division): split panes meet at the fold — equal halves when the fold
///   is centred (LayoutCore's LayoutRules, "Folds and reserved regions");
/// - tabletop (an active horizontal division): the detail (media) above, list, controls and bar below
///   (LayoutCore's LayoutRules, "Folds and reserved regions");
/// - no interactive element intersects an active division or occlusion (``Displacement``); scrolling
///   panes are not displaced;
/// - the detail's body text is at most 85 characters wide (``TextMetrics``);
/// - at accessibility Dynamic Type sizes, or when the titles do not fit, the control row turns vertical.
///
/// Element ids: panes `"sidebar"`, `"list"`, `"detail"` (scrollable, not interactive); grid columns
/// `"grid.column.<i>"` and `"detail.text"` (scrollable); `"controls"` and `"control.<title>"`,
/// `"toolbar"`, `"action.<name>"` and `"overflow"` (interactive). The ids of elements that persist
/// across presentations do not change.
public struct ReferenceScreenLayout: LayoutPolicy {
  /// What the screen shows.
  public var content: ReferenceContent
  /// The numbers it lays out with.
  public var metrics: ReferenceMetrics

  /// The id of the element that scrolls the record list: the list pane, present in every plan.
  public static let scrollElementID = "list"

  /// Creates the reference screen.
  ///
  /// - Parameters:
  ///   - content: The bar actions and control row; `.default` is the guide's record list.
  ///   - metrics: The layout numbers; `.default` documents the chosen values.
  public init(content: ReferenceContent = .default, metrics: ReferenceMetrics = .default) {
    self.content = content
    self.metrics = metrics
  }

  /// The ids of the first grid columns, `"grid.column.<i>"`, made once (every plan names its columns).
  private static let gridColumnIDs = (0..<16).map { "grid.column.\($0)" }

  /// The plan for `context`.
  ///
  /// The context is first passed through ``LayoutContext/sanitized()``: finite degenerate geometry is
  /// accepted (elements then lie inside the safe frame, possibly zero-size), negative sizes and insets
  /// are clamped to 0, negative-size regions are standardized, and a NaN or infinite length is a
  /// precondition failure. An interactive group (the bar with its items, the control row) that has no
  /// clear place of at least one 44 × 44 pt hit target outside every reserved region is left out of
  /// ``LayoutPlan/elements`` and reported in ``LayoutPlan/unplaced``.
  ///
  /// - Parameter context: The space to lay out in.
  /// - Returns: The plan; a pure function of `context`, `content` and `metrics`.
  /// - Complexity: O(a + c + g) for a actions, c controls and g grid columns (the actions' ids are
  ///   sorted once, with the content).
  public func plan(for context: LayoutContext) -> LayoutPlan {
    let context = context.sanitized()
    let panes = arrangePanes(for: context)
    let bar = placeBar(for: context, panes: panes)
    let controls = placeControls(for: context, panes: panes, bar: bar)
    let grid = gridFrames(for: context, panes: panes, bar: bar, controls: controls)
    var elements: [LayoutElement] = []
    elements.reserveCapacity(4 + grid.count + controls.elements.count + bar.elements.count)
    if let sidebar = panes.sidebar {
      elements.append(.init(id: "sidebar", frame: sidebar, isScrollable: true))
    }
    elements.append(.init(id: "list", frame: panes.list, isScrollable: true))
    if let detail = panes.detail { elements.append(.init(id: "detail", frame: detail, isScrollable: true)) }

    for (i, column) in grid.enumerated() {
      let id = i < Self.gridColumnIDs.count ? Self.gridColumnIDs[i] : "grid.column.\(i)"
      elements.append(.init(id: id, frame: column, isScrollable: true))
    }
    if let text = detailTextFrame(for: context, panes: panes, bar: bar) {
      elements.append(.init(id: "detail.text", frame: text, isScrollable: true))
    }
    elements.append(contentsOf: controls.elements)
    elements.append(contentsOf: bar.elements)

    let plan = LayoutPlan(
      shape: context.shape, presentation: context.presentation, columns: grid.count, elements: elements,
      actions: content.sortedActionIDs, overflow: bar.overflow,
      unplaced: controls.unplaced + bar.unplaced)
    #if LAYOUTCORE_CHECKS
      plan._checkInvariants(in: context, vocabulary: .referenceScreen)
    #endif
    return plan
  }
}
