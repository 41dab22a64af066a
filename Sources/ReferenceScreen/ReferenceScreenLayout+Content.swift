import LayoutCore

extension ReferenceScreenLayout {
  /// The list's grid columns: the list's content area below the control row (in tabletop stack, the part
  /// above the fold), split by ``AdaptiveGrid``: even counts when the context can fold, a wide gutter
  /// over an active vertical division.
  ///
  /// - Complexity: O(g) for g columns.
  func gridFrames(
    for context: LayoutContext, panes: ReferencePanes, bar: PlacedBar, controls: PlacedControls
  ) -> [Rect] {
    var area: Rect
    if context.presentation == .stack, let t = panes.tabletop {
      area = contentArea(of: t.top, bar: bar)
    } else {
      area = contentArea(of: panes.list, bar: bar)
      if controls.frame.width > 0, controls.frame.maxY > area.minY, controls.frame.minY < area.maxY {
        area = area.verticalSpan(from: controls.frame.maxY + metrics.controlSpacing, to: area.maxY)
      }
    }
    let fold = context.verticalDivisions.filter { $0.minX > area.minX && $0.maxX < area.maxX }
      .min(by: { abs($0.midX - area.midX) < abs($1.midX - area.midX) })
    return metrics.grid.columnFrames(
      in: area, canFold: context.hasDivision, division: fold, direction: context.layoutDirection)
  }

  /// The detail's body text column: the detail's content area, at most
  /// ``TextMetrics/readableWidth(characters:)`` (85 characters at the current Dynamic Type size) wide,
  /// centred (LayoutCore's LayoutRules, "Readable width and Dynamic Type": a line over 85 characters is a
  /// readability bug).
  ///
  /// - Returns: `nil` in stack, where the detail is pushed rather than shown.
  /// - Complexity: O(1).
  func detailTextFrame(for context: LayoutContext, panes: ReferencePanes, bar: PlacedBar) -> Rect? {
    guard let detail = panes.detail else { return nil }
    let area = contentArea(of: detail, bar: bar)
    let readable = TextMetrics(dynamicTypeSize: context.dynamicTypeSize).readableWidth()
    let width = min(area.width, readable)
    return Rect(x: area.midX - width / 2, y: area.y, width: width, height: area.height)
  }
}
