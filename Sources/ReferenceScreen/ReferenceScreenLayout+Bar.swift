import LayoutCore

/// The placed bar: its frame, axis, elements and the actions in its overflow menu.
struct PlacedBar: Sendable {
  /// The bar's frame, in points.
  var frame: Rect
  /// True when the bar stands vertically on `toolbarVerticalEdge`.
  var isVertical: Bool
  /// `"toolbar"`, the visible `"action.<name>"` items and `"overflow"` when needed.
  var elements: [LayoutElement]
  /// Ids of the overflowed actions, in declared order.
  var overflow: [String]
  /// When the bar has no clear place: `"toolbar"` and every action id, in declared order; else empty.
  var unplaced: [String] = []
}

extension ReferenceScreenLayout {
  /// Places the bar and its items.
  ///
  /// - Vertical (`toolbarVerticalEdge` set): a `barThickness`-wide strip on that edge of the safe frame
  ///   (of the part below the fold in tabletop), items from the top, the overflow button after them
  ///   (LayoutCore's LayoutRules, "L2: safe area and bars").
  /// - Horizontal: a `barThickness`-tall strip on top of the trailing pane (detail, or the list in stack);
  ///   in tabletop at the bottom of the list (LayoutCore's LayoutRules, "Folds and reserved regions").
  ///   A title keeps `titleReserveFraction` of its length (at most `titleReserveMaximum`);
  ///   the items and the overflow button run to the trailing end.
  ///
  /// The bar and its items are one group for ``Displacement``: the bar frame is cleared, then the items
  /// are laid out inside it, so they move together; a shorter bar overflows more items. When no clear
  /// frame of even one 44 × 44 pt item exists, the bar is unplaced: no elements, a zero frame, and
  /// `"toolbar"` plus every action id in ``PlacedBar/unplaced``.
  ///
  /// - Complexity: O(a log a) for a actions.
  func placeBar(for context: LayoutContext, panes: ReferencePanes) -> PlacedBar {
    let m = metrics
    let dir = context.layoutDirection
    let allowed = panes.tabletop?.bottom ?? context.safeFrame
    let isVertical = context.toolbarVerticalEdge != nil
    var frame: Rect
    switch context.toolbarVerticalEdge {
    case .leading?: frame = allowed.leadingSlice(m.barThickness, direction: dir)
    case .trailing?: frame = allowed.trailingSlice(m.barThickness, direction: dir)
    case nil:
      if let t = panes.tabletop {
        let host = t.bottom.horizontalSpan(from: panes.list.minX, to: panes.list.maxX)
        frame = host.bottomSlice(m.barThickness)
      } else {
        frame = (panes.detail ?? panes.list).topSlice(m.barThickness)
      }
    }
    // The bar needs its thickness; failing that, one 44 pt hit target (the overflow button).
    let obstacles = context.reservedRegions
    guard
      let cleared = Displacement.clear(
        frame, within: allowed, avoiding: obstacles,
        minimumSize: Size(width: m.barThickness, height: m.barThickness), direction: dir)
        ?? Displacement.clear(
          frame, within: allowed, avoiding: obstacles, minimumSize: Size(width: m.barItem, height: m.barItem),
          direction: dir)
    else {
      return PlacedBar(
        frame: .zero, isVertical: isVertical, elements: [], overflow: [],
        unplaced: ["toolbar"] + content.actions.map(\.id))
    }
    return layOutItems(in: cleared, isVertical: isVertical, direction: dir)
  }

  /// Lays the visible items and the overflow button out inside a bar frame.
  func layOutItems(in frame: Rect, isVertical: Bool, direction: LayoutDirection) -> PlacedBar {
    let m = metrics
    let inset = (m.barThickness - m.barItem) / 2
    let length: Double
    if isVertical {
      length = frame.height - 2 * inset
    } else {
      let run = frame.width - 2 * inset
      length = run - min(run * m.titleReserveFraction, m.titleReserveMaximum)
    }
    let slots = BarOverflow.slots(length: length, item: m.barItem, spacing: m.barSpacing)
    let (visible, overflowed) = BarOverflow.partition(content.actions, slots: slots)
    var ids = visible.map(\.id)
    if !overflowed.isEmpty { ids.append("overflow") }

    var elements: [LayoutElement] = []
    elements.reserveCapacity(ids.count + 1)
    elements.append(LayoutElement(id: "toolbar", frame: frame, isInteractive: true))
    let step = m.barItem + m.barSpacing
    if isVertical {
      let x = frame.midX - m.barItem / 2
      for (i, id) in ids.enumerated() {
        let y = frame.minY + inset + Double(i) * step
        elements.append(
          .init(
            id: id, frame: Rect(x: x, y: y, width: m.barItem, height: m.barItem).clamped(to: frame),
            isInteractive: true))
      }
    } else {
      // The run of items ends at the trailing edge; items keep leading-to-trailing order.
      let y = frame.midY - m.barItem / 2
      let count = Double(ids.count)
      let runLength = count * m.barItem + max(0, count - 1) * m.barSpacing
      let run = frame.insetBy(dx: inset, dy: 0).trailingSlice(runLength, direction: direction)
      for (i, id) in ids.enumerated() {
        let offset = Double(i) * step
        let x = direction == .leftToRight ? run.minX + offset : run.maxX - offset - m.barItem
        elements.append(
          .init(
            id: id, frame: Rect(x: x, y: y, width: m.barItem, height: m.barItem).clamped(to: frame),
            isInteractive: true))
      }
    }
    return PlacedBar(frame: frame, isVertical: isVertical, elements: elements, overflow: overflowed.map(\.id))
  }
}
