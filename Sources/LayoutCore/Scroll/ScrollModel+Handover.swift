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
    restore(position)
  }

  /// ``init(restoring:items:viewport:configuration:)`` with the layout taken from `layouts` (and kept
  /// there): the same scroll view, without measuring the items again when another view over them has
  /// laid them out for the same width and configuration.
  ///
  /// - Parameters:
  ///   - position: The place taken from the old scene (``position``).
  ///   - items: The new scene's items.
  ///   - viewport: The new scene's viewport.
  ///   - configuration: The new scene's columns, spacing and text size.
  ///   - layouts: Layouts shared between scroll views over the same items.
  /// - Complexity: O(n) in the number of items on a miss of `layouts`.
  public init(
    restoring position: ScrollPosition, items: [ScrollItem], viewport: ScrollViewport,
    configuration: ScrollConfiguration, using layouts: inout ScrollLayoutCache
  ) {
    self.init(
      items: items, viewport: viewport, configuration: configuration, contentOffset: 0, selection: nil,
      using: &layouts)
    restore(position)
  }

  /// Goes to `position` from the top of a new view (see ``init(restoring:items:viewport:configuration:)``).
  private mutating func restore(_ position: ScrollPosition) {
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
