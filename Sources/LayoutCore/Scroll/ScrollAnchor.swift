/// The item a scroll view keeps in place across layout changes, and where its top edge was.
///
/// Selection follows CSS Scroll Anchoring §2.2 ("anchor node selection algorithm") on a flat list of items,
/// and SwiftUI's `scrollPosition(id:anchor:)` with a `.top` anchor:
///
/// 1. the priority candidate (the selected or focused item; CSS: "the DOM anchor of the focused area") when
///    it is at least partially visible;
/// 2. otherwise the first item, in order, fully inside the viewing region (CSS "fully visible");
/// 3. otherwise the first partially visible item.
///
/// The viewing region is the viewport minus its top and bottom insets (CSS "optimal viewing region"); an
/// item's offset is its top minus the viewing region's top, negative when it starts above it.
public struct ScrollAnchor: Sendable, Hashable {
  /// The anchor item's identifier.
  public var itemID: String
  /// The item's top edge minus the viewing region's top edge, in points.
  public var offsetFromViewportTop: Double

  /// Creates an anchor.
  public init(itemID: String, offsetFromViewportTop: Double) {
    self.itemID = itemID
    self.offsetFromViewportTop = offsetFromViewportTop
  }

  /// Selects the anchor of `layout` scrolled to `contentOffset` in `viewport`.
  ///
  /// - Parameters:
  ///   - layout: The laid-out items.
  ///   - viewport: The viewport; its visible height bounds the viewing region.
  ///   - contentOffset: The scroll offset, in points (content y at the viewing region's top).
  ///   - priority: The selected or focused item, preferred when visible.
  /// - Returns: The anchor, or nil when no item is visible.
  /// - Complexity: O(n) in the number of items.
  public static func select(
    in layout: ScrollLayout, viewport: ScrollViewport, contentOffset: Double, priority: String?
  ) -> ScrollAnchor? {
    selectIndex(in: layout, viewport: viewport, contentOffset: contentOffset, priority: priority).map {
      ScrollAnchor(itemID: layout.items[$0].id, offsetFromViewportTop: layout.frames[$0].minY - contentOffset)
    }
  }

  /// The position in `layout` of the item ``select(in:viewport:contentOffset:priority:)`` anchors to.
  ///
  /// - Complexity: O(log n) to find the first item at or below the top, then O(k) for the k items
  ///   checked from there; when none is fully visible, O(log n) to find the first item that can reach
  ///   below the top, then O(m) for the m items from there to the bottom (O(n) with unordered tops).
  static func selectIndex(
    in layout: ScrollLayout, viewport: ScrollViewport, contentOffset: Double, priority: String?
  ) -> Int? {
    let top = contentOffset
    let bottom = contentOffset + viewport.visibleHeight
    func isFullyVisible(_ frame: Rect) -> Bool { frame.minY >= top && frame.maxY <= bottom }
    func isPartiallyVisible(_ frame: Rect) -> Bool { frame.minY < bottom && frame.maxY > top }
    if let priority, let index = layout.index(of: priority) {
      let frame = layout.frames[index]
      if isFullyVisible(frame) || isPartiallyVisible(frame) { return index }
    }
    // No frame that starts above the viewport is fully visible: skip them by bisection (same result).
    // With ordered tops, a frame that starts below the viewing region's bottom ends the search: every
    // later frame starts there too, so none is fully (or partially) visible.
    let start = layout.firstIndex(withTopAtLeast: top)
    let ordered = layout.topsAreOrdered
    return layout.frames.withUnsafeBufferPointer { frames in
      for index in start..<frames.count {
        if isFullyVisible(frames[index]) { return index }
        if ordered && frames[index].minY > bottom { break }
      }
      // Frames that end at or above the viewing region's top are not partially visible: skipped by
      // bisection too.
      for index in layout.firstIndex(withBottomPossiblyBelow: top)..<frames.count {
        if isPartiallyVisible(frames[index]) { return index }
        if ordered && frames[index].minY >= bottom { break }
      }
      return nil
    }
  }
}
