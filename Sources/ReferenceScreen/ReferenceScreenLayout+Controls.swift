import LayoutCore

/// The placed control row: its frame, axis and elements.
struct PlacedControls: Sendable {
  /// The row's frame, in points (zero-sized when the content has no controls).
  var frame: Rect
  /// True when the row runs top to bottom.
  var isVertical: Bool
  /// `"controls"` and one `"control.<title>"` per title.
  var elements: [LayoutElement]
  /// When the row has no clear place: `"controls"` and every `"control.<title>"`; else empty.
  var unplaced: [String] = []
}

extension ReferenceScreenLayout {
  /// The height of one control, in points: the body line height plus 2 × 8 pt, at least 44 pt.
  func controlHeight(_ text: TextMetrics) -> Double { max(metrics.barItem, text.lineHeight + 16) }

  /// True when the control row must run vertically: at the accessibility Dynamic Type sizes, or when
  /// the titles (each `controlPadding` plus its text width) do not fit side by side in `width` points
  /// (LayoutCore's LayoutRules, "Readable width and Dynamic Type": when text grows, horizontal
  /// arrangements turn vertical).
  func controlsAreVertical(width: Double, text: TextMetrics) -> Bool {
    if text.dynamicTypeSize.isAccessibilitySize { return true }
    let needed = content.controls.reduce(0) {
      $0 + text.width(ofCharacters: $1.count) + metrics.controlPadding
    }
    return needed + Double(max(0, content.controls.count - 1)) * metrics.controlSpacing > width
  }

  /// Places the control row at the top of the list, below a horizontal bar on the list; in tabletop just
  /// below the fold. The row is one group for ``Displacement`` and also avoids the bar; when no clear
  /// place holds the whole row, it shrinks to the largest clear piece of at least 44 × 44 pt (and would
  /// scroll there). When not even that exists, the row is unplaced: no elements, a zero frame, and its
  /// ids in ``PlacedControls/unplaced``.
  ///
  /// - Complexity: O(c) for c controls, plus one
  ///   ``Displacement/clear(_:within:avoiding:minimumSize:direction:)``.
  func placeControls(for context: LayoutContext, panes: ReferencePanes, bar: PlacedBar) -> PlacedControls {
    let m = metrics
    let text = TextMetrics(dynamicTypeSize: context.dynamicTypeSize)
    let count = content.controls.count
    guard count > 0 else { return PlacedControls(frame: .zero, isVertical: false, elements: []) }
    let host = contentArea(
      of: panes.tabletop?.bottom.horizontalSpan(from: panes.list.minX, to: panes.list.maxX) ?? panes.list,
      bar: bar)
    let isVertical = controlsAreVertical(width: host.width, text: text)
    let h = controlHeight(text)
    let n = Double(count)
    let rowHeight = isVertical ? n * h + (n - 1) * m.controlSpacing : h
    var frame = Rect(x: host.x, y: host.y, width: host.width, height: min(rowHeight, host.height))
    let minimum =
      isVertical
      ? Size(width: m.barItem, height: frame.height)
      : Size(width: n * m.barItem + (n - 1) * m.controlSpacing, height: frame.height)
    let allowed = panes.tabletop?.bottom ?? context.safeFrame
    let obstacles = context.reservedRegions + (bar.unplaced.isEmpty ? [bar.frame] : [])
    let smallest = Size(width: m.barItem, height: m.barItem)
    // If the whole row fits nowhere, it shrinks to the largest clear piece of at least one hit target
    // and scrolls (its controls share that piece).
    guard
      let cleared = Displacement.clear(
        frame, within: allowed, avoiding: obstacles, minimumSize: minimum, direction: context.layoutDirection)
        ?? Displacement.clear(
          frame, within: allowed, avoiding: obstacles, minimumSize: smallest,
          direction: context.layoutDirection)
    else {
      return PlacedControls(
        frame: .zero, isVertical: isVertical, elements: [],
        unplaced: ["controls"] + content.controls.map { "control." + $0 })
    }
    frame = cleared

    var elements = [LayoutElement(id: "controls", frame: frame, isInteractive: true)]
    for (i, title) in content.controls.enumerated() {
      let cell: Rect
      if isVertical {
        let cellHeight = (frame.height - (n - 1) * m.controlSpacing) / n
        cell = Rect(
          x: frame.x, y: frame.y + Double(i) * (cellHeight + m.controlSpacing), width: frame.width,
          height: cellHeight)
      } else {
        let cellWidth = (frame.width - (n - 1) * m.controlSpacing) / n
        let offset = Double(i) * (cellWidth + m.controlSpacing)
        let x =
          context.layoutDirection == .leftToRight ? frame.minX + offset : frame.maxX - offset - cellWidth
        cell = Rect(x: x, y: frame.y, width: cellWidth, height: frame.height)
      }
      elements.append(.init(id: "control." + title, frame: cell.clamped(to: frame), isInteractive: true))
    }
    return PlacedControls(frame: frame, isVertical: isVertical, elements: elements)
  }

  /// A pane's content area: inset by `margin` on each side, below a horizontal bar standing on the pane's
  /// top and beside a vertical bar standing over the pane.
  func contentArea(of pane: Rect, bar: PlacedBar) -> Rect {
    let m = metrics
    var area = pane
    if bar.isVertical, bar.frame.overlaps(area) {
      if bar.frame.midX < area.midX {
        area = area.horizontalSpan(from: bar.frame.maxX, to: area.maxX)
      } else {
        area = area.horizontalSpan(from: area.minX, to: bar.frame.minX)
      }
    } else if !bar.isVertical, bar.frame.overlaps(area) {
      if bar.frame.midY < area.midY {
        area = area.verticalSpan(from: bar.frame.maxY, to: area.maxY)
      } else {
        area = area.verticalSpan(from: area.minY, to: bar.frame.minY)
      }
    }
    return area.insetBy(dx: m.margin, dy: m.controlSpacing)
  }
}
