import LayoutCore

/// The panes of one plan, in points, before bars and controls are placed.
struct ReferencePanes: Sendable {
  /// The sidebar (expanded only).
  var sidebar: Rect?
  /// The list.
  var list: Rect
  /// The detail (split and expanded only).
  var detail: Rect?
  /// In book pose, the active vertical division the panes meet at.
  var fold: Rect?
  /// In tabletop, the part above the fold (media) and below it (controls).
  var tabletop: (top: Rect, bottom: Rect)?
}

extension ReferenceScreenLayout {
  /// Tiles the safe frame with the presentation's panes.
  ///
  /// - Stack: the list fills the safe frame (scrolling content is not displaced, so a fold may cross it).
  /// - Split: list (`splitListFraction` of the width, 280…420 pt, at most half) then detail; in book pose
  ///   they meet at the fold instead.
  /// - Expanded: sidebar (0.22, 180…280 pt), list (0.3, 280…400 pt), detail (the rest, at least 35 %);
  ///   in book pose sidebar and list share the half before the fold (0.4 / 0.6) and the detail takes the
  ///   half after it.
  /// - Tabletop (split and expanded): the detail fills the part above the fold, the list (and sidebar)
  ///   the part below it.
  ///
  /// Panes never overlap; leading to trailing follows the layout direction.
  ///
  /// - Complexity: O(d) in the number of active divisions.
  func arrangePanes(for context: LayoutContext) -> ReferencePanes {
    let safe = context.safeFrame
    let dir = context.layoutDirection
    let m = metrics
    let tabletop = tabletopHalves(in: context)
    let fold = tabletop == nil ? bookPoseFold(in: context) : nil

    switch context.presentation {
    case .stack:
      return ReferencePanes(list: safe, fold: fold, tabletop: tabletop)
    case .split:
      if let t = tabletop {
        return ReferencePanes(list: t.bottom, detail: t.top, tabletop: t)
      }
      if let f = fold {
        let (before, after) = sides(of: safe, around: f, direction: dir)
        return ReferencePanes(list: before, detail: after, fold: f)
      }
      let listWidth = min(
        safe.width / 2, clamp(safe.width * m.splitListFraction, m.splitListMinimum, m.splitListMaximum))
      let list = safe.leadingSlice(listWidth, direction: dir)
      return ReferencePanes(list: list, detail: safe.remainder(after: list, direction: dir))
    case .expanded:
      if let t = tabletop {
        let sidebarWidth = clamp(t.bottom.width * m.sidebarFraction, m.sidebarMinimum, m.sidebarMaximum)
        let sidebar = t.bottom.leadingSlice(min(sidebarWidth, t.bottom.width / 2), direction: dir)
        return ReferencePanes(
          sidebar: sidebar, list: t.bottom.remainder(after: sidebar, direction: dir), detail: t.top,
          tabletop: t)
      }
      if let f = fold {
        let (before, after) = sides(of: safe, around: f, direction: dir)
        let sidebar = before.leadingSlice(before.width * m.bookPoseSidebarFraction, direction: dir)
        return ReferencePanes(
          sidebar: sidebar, list: before.remainder(after: sidebar, direction: dir), detail: after, fold: f)
      }
      var sidebarWidth = clamp(safe.width * m.sidebarFraction, m.sidebarMinimum, m.sidebarMaximum)
      var listWidth = clamp(safe.width * m.expandedListFraction, m.expandedListMinimum, m.expandedListMaximum)
      let primaryLimit = safe.width * m.expandedPrimaryMaximumFraction
      if sidebarWidth + listWidth > primaryLimit {
        let scale = primaryLimit / (sidebarWidth + listWidth)
        sidebarWidth *= scale
        listWidth *= scale
      }
      let sidebar = safe.leadingSlice(sidebarWidth, direction: dir)
      let rest = safe.remainder(after: sidebar, direction: dir)
      let list = rest.leadingSlice(listWidth, direction: dir)
      return ReferencePanes(sidebar: sidebar, list: list, detail: rest.remainder(after: list, direction: dir))
    }
  }

  /// The parts of the safe frame above and below the active horizontal division nearest its centre,
  /// when the division lies inside it and both parts are at least `tabletopMinimumHalf` tall.
  func tabletopHalves(in context: LayoutContext) -> (top: Rect, bottom: Rect)? {
    let safe = context.safeFrame
    let candidates = context.horizontalDivisions.filter { $0.minY > safe.minY && $0.maxY < safe.maxY }
    guard let d = candidates.min(by: { abs($0.midY - safe.midY) < abs($1.midY - safe.midY) }) else {
      return nil
    }
    let top = safe.verticalSpan(from: safe.minY, to: d.minY)
    let bottom = safe.verticalSpan(from: d.maxY, to: safe.maxY)
    guard top.height >= metrics.tabletopMinimumHalf, bottom.height >= metrics.tabletopMinimumHalf else {
      return nil
    }
    return (top, bottom)
  }

  /// The active vertical division nearest the safe frame's centre that lies strictly inside it, with at
  /// least `splitListMinimum / 2` points on each side.
  func bookPoseFold(in context: LayoutContext) -> Rect? {
    let safe = context.safeFrame
    let room = metrics.splitListMinimum / 2
    let candidates = context.verticalDivisions.filter {
      $0.minX - safe.minX >= room && safe.maxX - $0.maxX >= room
    }
    return candidates.min(by: { abs($0.midX - safe.midX) < abs($1.midX - safe.midX) })
  }

  /// The parts of `rect` before (leading) and after (trailing) the fold.
  private func sides(of rect: Rect, around fold: Rect, direction: LayoutDirection) -> (Rect, Rect) {
    let left = rect.horizontalSpan(from: rect.minX, to: fold.minX)
    let right = rect.horizontalSpan(from: fold.maxX, to: rect.maxX)
    return direction == .leftToRight ? (left, right) : (right, left)
  }
}

/// `value` clamped to `lower…upper` (`upper` wins when `lower > upper`).
private func clamp(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
  min(upper, max(lower, value))
}
