/// The item a scroll view keeps in place across layout changes, and where its top edge was.
///
/// Selection is CSS Scroll Anchoring's anchor node selection algorithm (§2.1, "Anchor Node Selection") on
/// a flat list of items, with a `.top` anchor as in SwiftUI's `scrollPosition(id:anchor:)`:
///
/// 1. the priority candidate (the selected or focused item; CSS: "the DOM anchor of the focused area of
///    the document") when it is a viable candidate, that is fully or partially visible;
/// 2. otherwise the candidate examination of each item in order, which selects the first item that is not
///    fully clipped: a fully visible item is selected; a partially visible one is descended into, and an
///    item has nothing inside to pick, so it is selected too.
///
/// The viewing region is the viewport minus its top and bottom insets (CSS "optimal viewing region", the
/// scroll container shrunk by `scroll-padding`). An item is fully visible when its frame lies within it,
/// fully clipped when its frame lies entirely outside it (touching an edge from outside counts as outside),
/// and partially visible otherwise. An item's offset is its top minus the viewing region's top, negative
/// when it starts above it.
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
  /// - Complexity: O(log n) to find the first item that can reach into the viewing region, then O(k) for
  ///   the k items checked from there (O(n) with unordered tops).
  static func selectIndex(
    in layout: ScrollLayout, viewport: ScrollViewport, contentOffset: Double, priority: String?
  ) -> Int? {
    selectIndex(in: layout, viewport: viewport, contentOffset: contentOffset, priority: priority) { _ in
      true
    }
  }

  /// ``selectIndex(in:viewport:contentOffset:priority:)`` among the items whose positions satisfy
  /// `isCandidate` (the others are skipped as CSS skips an excluded subtree); the priority candidate must
  /// satisfy it too.
  ///
  /// - Complexity: as ``selectIndex(in:viewport:contentOffset:priority:)``, plus the skipped items.
  @inline(__always)
  static func selectIndex(
    in layout: ScrollLayout, viewport: ScrollViewport, contentOffset: Double, priority: String?,
    where isCandidate: (Int) -> Bool
  ) -> Int? {
    let top = contentOffset
    let bottom = contentOffset + viewport.visibleHeight
    // Fully visible: within the region, edges included. Partially visible: overlapping it. A frame that is
    // neither is fully clipped; a zero-height frame on an edge is fully visible.
    func isVisible(_ frame: Rect) -> Bool {
      (frame.minY >= top && frame.maxY <= bottom) || (frame.minY < bottom && frame.maxY > top)
    }
    if let priority, let index = layout.index(of: priority), isCandidate(index),
      isVisible(layout.frames[index])
    {
      return index
    }
    // Frames before both bisection points end at or above the top without starting at or below it: not
    // visible. With ordered tops, a frame that starts below the viewing region's bottom ends the scan:
    // every later frame starts there too.
    let start = min(layout.firstIndex(withBottomPossiblyBelow: top), layout.firstIndex(withTopAtLeast: top))
    let frames = layout.frames
    let ordered = layout.topsAreOrdered
    for index in start..<frames.count {
      let frame = frames[index]
      if ordered && frame.minY > bottom { break }
      if isVisible(frame) && isCandidate(index) { return index }
    }
    return nil
  }
}
