extension ScrollModel {
  /// Lays the content out again — new width, column count, text size or items — keeping the user's place.
  ///
  /// Rules (CSS Scroll Anchoring §2.2 "Scroll Adjustment" and §2.2.2 "Suppression Triggers"):
  ///
  /// 1. **At the top stays at the top.** If the offset is 0, it stays 0 and the anchor is selected afresh
  ///    (CSS suppresses anchoring when "the scroll offset of the scrollable element [is] zero"). The offset
  ///    is measured below the top inset, which is the viewing region's `scroll-padding`: offset 0 is the
  ///    top whatever the inset is before or after.
  /// 2. **Anchored.** Otherwise the kept anchor's new top `y1` gives the new offset `y1 − saved offset`
  ///    (CSS: adjust by `y1 − y0`), clamped to 0…``maxOffset``. When `y1` equals the top the anchor had
  ///    when it was taken, the offset of that moment is restored exactly, so reflows that come back to an
  ///    earlier layout come back to the earlier offset bit for bit.
  /// 3. **Anchor gone.** If the anchor item is no longer among the items, a new anchor is selected in the
  ///    layout *before* the relayout, at the offset then, among the items that survive
  ///    (``ScrollAnchor/select(in:viewport:contentOffset:priority:)``: the surviving selection when it was
  ///    visible, else the first surviving item that was not fully clipped), and keeps the offset it had
  ///    then: the items that stay on screen stay where they were and the gap closes (CSS selects the
  ///    anchor before the layout change, from the nodes still in the document). With no surviving item
  ///    visible there is no anchor: the offset is only clamped.
  ///
  /// The anchor is kept even when the offset had to be clamped, so a later relayout that makes room again
  /// brings the user back to it. A selection whose item disappeared is cleared.
  ///
  /// - Parameters:
  ///   - items: The new items; nil keeps the current ones.
  ///   - viewport: The new viewport; nil keeps the current one.
  ///   - configuration: The new configuration; nil keeps the current one.
  /// - Returns: What happened, for timelines and assertions.
  /// - Complexity: O(n) in the number of items.
  @discardableResult
  public mutating func relayout(
    items: [ScrollItem]? = nil, viewport: ScrollViewport? = nil, configuration: ScrollConfiguration? = nil
  ) -> ScrollAdjustment {
    withOwnLayouts { model, layouts in
      model.relayout(items: items, viewport: viewport, configuration: configuration, using: &layouts)
    }
  }

  /// ``relayout(items:viewport:configuration:)`` taking the new layout from `layouts` (and keeping it
  /// there): the same result, without measuring the items again when this or another view over them has
  /// laid them out for the same width and configuration.
  ///
  /// - Parameters:
  ///   - items: The new items; nil keeps the current ones.
  ///   - viewport: The new viewport; nil keeps the current one.
  ///   - configuration: The new configuration; nil keeps the current one.
  ///   - layouts: Layouts shared between scroll views over the same items.
  /// - Returns: What happened, for timelines and assertions.
  /// - Complexity: O(n) in the number of items on a miss of `layouts`.
  @discardableResult
  public mutating func relayout(
    items: [ScrollItem]?, viewport: ScrollViewport?, configuration: ScrollConfiguration?,
    using layouts: inout ScrollLayoutCache
  ) -> ScrollAdjustment {
    let oldLayout = layout
    let oldViewport = self.viewport
    let oldOffset = contentOffset
    let before = anchor
    let origin = (top: anchorOriginTop, offset: anchorOriginOffset)
    replaceLayout(
      items: items ?? layout.items, viewport: viewport ?? self.viewport,
      configuration: configuration ?? self.configuration, using: &layouts)
    dropMissingSelection()

    if oldOffset == 0 {
      contentOffset = 0
      reselectAnchor()
      return ScrollAdjustment(
        anchorBefore: before, anchorAfter: anchor, offsetBefore: 0, offsetAfter: 0, rule: .atTop,
        isClamped: false)
    }

    var rule = ScrollAdjustment.Rule.anchored
    var kept: (id: String, saved: Double, originTop: Double?, originOffset: Double)?
    if let before {
      if layout.index(of: before.itemID) != nil {
        kept = (before.itemID, before.offsetFromViewportTop, origin.top, origin.offset)
      } else if let survivor = Self.replacement(
        in: oldLayout, viewport: oldViewport, offset: oldOffset, priority: selection, surviving: layout)
      {
        let oldTop = oldLayout.frames[survivor].minY
        kept = (oldLayout.items[survivor].id, oldTop - oldOffset, oldTop, oldOffset)
        rule = .anchorReplaced
      }
    }
    guard let kept, let newTop = layout.frame(of: kept.id)?.minY else {
      contentOffset = min(max(0, oldOffset), maxOffset)
      reselectAnchor()
      return ScrollAdjustment(
        anchorBefore: before, anchorAfter: anchor, offsetBefore: oldOffset, offsetAfter: contentOffset,
        rule: .noAnchor, isClamped: contentOffset != oldOffset)
    }
    let desired = newTop == kept.originTop ? kept.originOffset : newTop - kept.saved
    contentOffset = min(max(0, desired), maxOffset)
    anchor = ScrollAnchor(itemID: kept.id, offsetFromViewportTop: kept.saved)
    anchorOriginTop = kept.originTop
    anchorOriginOffset = kept.originOffset
    return ScrollAdjustment(
      anchorBefore: before,
      anchorAfter: ScrollAnchor(itemID: kept.id, offsetFromViewportTop: newTop - contentOffset),
      offsetBefore: oldOffset, offsetAfter: contentOffset, rule: rule, isClamped: contentOffset != desired)
  }

  /// The position in `oldLayout` of the anchor selected at `offset` in `viewport` among the items that
  /// `newLayout` still has, `priority` first.
  ///
  /// - Complexity: O(log n) plus O(1) on average per item examined.
  static func replacement(
    in oldLayout: ScrollLayout, viewport: ScrollViewport, offset: Double, priority: String?,
    surviving newLayout: ScrollLayout
  ) -> Int? {
    ScrollAnchor.selectIndex(in: oldLayout, viewport: viewport, contentOffset: offset, priority: priority) {
      newLayout.index(of: oldLayout.items[$0].id) != nil
    }
  }
}
