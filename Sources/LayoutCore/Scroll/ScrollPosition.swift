/// The user's place in a scroll view, detached from any layout: what a scene hands to the next one when the
/// app moves between displays.
///
/// On iPhone Duo the item the user was looking at on the external display stays the anchor when the device
/// opens, and the scroll position and selection are kept (`003_f6edf847a2b0c034.txt`, "디스플레이 간 공간
/// 일관성": "외부 디스플레이에서 보고 있던 항목이 앵커로 유지 … 스크롤 위치와 선택 유지"). The new scene has
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

extension ScrollModel {
  /// The user's place, to hand to another scene.
  public var position: ScrollPosition {
    ScrollPosition(anchor: anchor, selection: selection, isAtTop: contentOffset == 0)
  }

  /// Creates the scroll view of a new scene (for example the Duo's internal display after the external
  /// one) at the place `position` describes.
  ///
  /// The selection carries over when its item exists. At the top stays at the top. Otherwise the anchor item
  /// gets the same offset from the viewing region's top: offset = its top in the new layout − the saved
  /// offset, clamped to 0…``maxOffset``. If the anchor item is not in the new content, the selected item is
  /// shown at the top of the viewing region; with neither, the view starts at the top.
  ///
  /// - Parameters:
  ///   - position: The place taken from the old scene (``position``).
  ///   - items: The new scene's items.
  ///   - viewport: The new scene's viewport.
  ///   - configuration: The new scene's columns, spacing and text size.
  /// - Complexity: O(n) in the number of items.
  public init(
    restoring position: ScrollPosition, items: [ScrollItem], viewport: ScrollViewport,
    configuration: ScrollConfiguration = .init()
  ) {
    self.init(items: items, viewport: viewport, configuration: configuration)
    select(position.selection.flatMap { layout.index(of: $0) == nil ? nil : $0 })
    guard !position.isAtTop else { return }
    if let saved = position.anchor, let top = layout.frame(of: saved.itemID)?.minY {
      let desired = top - saved.offsetFromViewportTop
      contentOffset = min(max(0, desired), maxOffset)
      anchor = saved
      anchorOriginTop = top
      anchorOriginOffset = desired
    } else if let id = selection, let top = layout.frame(of: id)?.minY {
      scroll(to: top)
    }
  }
}
