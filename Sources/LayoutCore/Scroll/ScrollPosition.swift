/// The user's place in a scroll view, detached from any layout: what a scene hands to the next one when the
/// app moves between displays.
///
/// On iPhone Duo the item the user was looking at on the external display stays the anchor when the device
/// opens, and the scroll position and selection are kept (LayoutRules, "Spatial consistency across
/// displays"). The new scene has
/// another width, column count and perhaps insets, so the place is carried as an anchor (item + offset from
/// the viewing region's top), not as a content offset.
public struct ScrollPosition: Sendable, Hashable {
  /// The anchor: the item to keep in place and its offset from the viewing region's top, in points.
  public var anchor: ScrollAnchor?
  /// The selected item.
  public var selection: String?
  /// True when the view was scrolled to the very top (offset 0): the new scene starts at the top too.
  public var isAtTop: Bool

  /// Creates a position.
  public init(anchor: ScrollAnchor?, selection: String?, isAtTop: Bool) {
    self.anchor = anchor
    self.selection = selection
    self.isAtTop = isAtTop
  }
}

extension ScrollPosition {
  /// The content offset that puts this place into another layout, in points.
  ///
  /// At the top stays at the top; otherwise the anchor item's top in `layout` minus the saved offset; if the
  /// anchor item is absent, the selected item's top; with neither, 0. Clamped to 0…maxOffset of `viewport`.
  ///
  /// - Parameters:
  ///   - layout: The new scene's layout.
  ///   - viewport: The new scene's viewport.
  /// - Returns: The offset, in points.
  /// - Complexity: O(1) on average.
  public func contentOffset(in layout: ScrollLayout, viewport: ScrollViewport) -> Double {
    let desired: Double
    if isAtTop {
      desired = 0
    } else if let anchor, let top = layout.frame(of: anchor.itemID)?.minY {
      desired = top - anchor.offsetFromViewportTop
    } else if let selection, let top = layout.frame(of: selection)?.minY {
      desired = top
    } else {
      desired = 0
    }
    return min(max(0, desired), layout.maxOffset(in: viewport))
  }
}
