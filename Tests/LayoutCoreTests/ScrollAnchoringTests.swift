import LayoutCore
import Testing

/// Scroll anchoring scenarios (CSS Scroll Anchoring on a flat list). Every expected offset is worked out by
/// hand in the comments from the documented layout rules: items stacked in rows, row height = tallest item,
/// text height = ⌈characters / ⌊width / (point size × 0.5)⌋⌉ × line height (TextMetrics).
@Suite struct ScrollAnchoringTests {
  static func fixed(_ count: Int, height: Double, from start: Int = 0) -> [ScrollItem] {
    (start..<(start + count)).map { ScrollItem(id: "item\($0)", content: .fixed(height: height)) }
  }

  static let phone = ScrollViewport(size: Size(width: 400, height: 800))

  /// 50 items of 100 pt scrolled to 1050: item10 (1000–1100) is cut at the top, so it is the first item
  /// that is not fully clipped (CSS candidate examination: partially visible, nothing inside, selected),
  /// 50 pt above the viewport top.
  static func scrolledList() -> ScrollModel {
    ScrollModel(items: fixed(50, height: 100), viewport: phone, contentOffset: 1050)
  }

  @Test func anchorIsTheFirstItemNotFullyClipped() {
    let model = Self.scrolledList()
    #expect(model.anchor == ScrollAnchor(itemID: "item10", offsetFromViewportTop: -50))
    // At 1100 item10 ends on the top edge: entirely outside the viewing region, fully clipped.
    let edge = ScrollModel(items: Self.fixed(50, height: 100), viewport: Self.phone, contentOffset: 1100)
    #expect(edge.anchor == ScrollAnchor(itemID: "item11", offsetFromViewportTop: 0))
    // At 1099.5 half a point of it shows: partially visible, selected.
    let sliver = ScrollModel(items: Self.fixed(50, height: 100), viewport: Self.phone, contentOffset: 1099.5)
    #expect(sliver.anchor == ScrollAnchor(itemID: "item10", offsetFromViewportTop: -99.5))
  }

  @Test func growthAboveTheAnchor() {
    var model = Self.scrolledList()
    var items = model.items
    items[3] = ScrollItem(id: "item3", content: .fixed(height: 160))
    let adjustment = model.relayout(items: items)
    // item10's top moves from 1000 to 1060; 1060 + 50 = 1110.
    #expect(model.contentOffset == 1110)
    #expect(adjustment.rule == .anchored)
    #expect(adjustment.anchorAfter == ScrollAnchor(itemID: "item10", offsetFromViewportTop: -50))
  }

  @Test func shrinkAboveTheAnchor() {
    var model = Self.scrolledList()
    var items = model.items
    items[3] = ScrollItem(id: "item3", content: .fixed(height: 40))
    model.relayout(items: items)
    // 1000 − 60 = 940; 940 + 50 = 990.
    #expect(model.contentOffset == 990)
  }

  @Test func clampingAtTheEndAndReturning() {
    var model = ScrollModel(items: Self.fixed(50, height: 100), viewport: Self.phone, contentOffset: 4200)
    // max offset 5000 − 800 = 4200; item42 (4200–4300) is the anchor at offset 0.
    #expect(model.anchor == ScrollAnchor(itemID: "item42", offsetFromViewportTop: 0))
    let all = model.items
    let adjustment = model.relayout(items: Array(all.prefix(44)))
    // Content 4400, max 3600; the anchor asks for 4200 and is clamped to 3600.
    #expect(model.contentOffset == 3600)
    #expect(adjustment.isClamped)
    #expect(adjustment.anchorAfter == ScrollAnchor(itemID: "item42", offsetFromViewportTop: 600))
    // The anchor was kept, so restoring the items restores the place: 4200 again.
    model.relayout(items: all)
    #expect(model.contentOffset == 4200)
  }

  @Test func clampingAtTheStart() {
    var model = ScrollModel(items: Self.fixed(50, height: 100), viewport: Self.phone, contentOffset: 250)
    // Anchor item2 (200–300) at −50. Removing item0…item2 takes it: the new anchor, selected before the
    // relayout among the rest, is item3 (300–400) at 50; it moves to 0, which asks for −50 → 0.
    model.relayout(items: Array(model.items.dropFirst(3)))
    #expect(model.contentOffset == 0)
  }

  @Test func zeroOffsetStaysAtZero() {
    var model = ScrollModel(items: Self.fixed(50, height: 100), viewport: Self.phone)
    let adjustment = model.relayout(items: Self.fixed(3, height: 100, from: 100) + model.items)
    // Anchoring would have moved to 300 to keep item0 in place; CSS suppresses anchoring at offset 0.
    #expect(model.contentOffset == 0)
    #expect(adjustment.rule == .atTop)
    #expect(model.anchor == ScrollAnchor(itemID: "item100", offsetFromViewportTop: 0))
  }

  @Test func insertionAbove() {
    var model = Self.scrolledList()
    model.relayout(items: Self.fixed(3, height: 100, from: 100) + model.items)
    // item10 moves down by 300: 1300 + 50 = 1350.
    #expect(model.contentOffset == 1350)
  }

  @Test func selectedItemIsPreferred() {
    var items = Self.fixed(50, height: 100)
    var model = ScrollModel(items: items, viewport: Self.phone, contentOffset: 1050, selection: "item14")
    // item14 (1400–1500) is visible, so it anchors at 1400 − 1050 = 350 instead of item11.
    #expect(model.anchor == ScrollAnchor(itemID: "item14", offsetFromViewportTop: 350))
    items[12] = ScrollItem(id: "item12", content: .fixed(height: 160))
    model.relayout(items: items)
    // item14's top 1460 − 350 = 1110. Without the selection item10 (above item12) would keep 1050:
    #expect(model.contentOffset == 1110)
    var unselected = Self.scrolledList()
    unselected.relayout(items: items)
    #expect(unselected.contentOffset == 1050)
  }

  @Test func selectedItemOutOfViewIsNotTheAnchor() {
    let model = ScrollModel(
      items: Self.fixed(50, height: 100), viewport: Self.phone, contentOffset: 1050, selection: "item40")
    #expect(model.anchor?.itemID == "item10")
  }

  /// CSS selects the anchor before the layout change, among the nodes still there: removing the anchor
  /// item hands its role to the first remaining item that was not fully clipped, at the offset it had.
  @Test func anchorRemovedTheFirstRemainingVisibleItemTakesOver() {
    var model = Self.scrolledList()
    var items = model.items
    items.remove(at: 10)
    let adjustment = model.relayout(items: items)
    // item11 was at 1100, 50 below the top; now at 1000 → 1000 − 50 = 950.
    #expect(model.contentOffset == 950)
    #expect(adjustment.rule == .anchorReplaced)
    #expect(model.anchor == ScrollAnchor(itemID: "item11", offsetFromViewportTop: 50))

    var twice = Self.scrolledList()
    var fewer = twice.items
    fewer.removeSubrange(10...11)
    twice.relayout(items: fewer)
    // item12 was at 1200 (offset 150), now at 1000: 850.
    #expect(twice.contentOffset == 850)
  }

  /// Removing a selected item in the middle of the screen closes the gap: the items above it stay where
  /// they were and the ones below move up, as in a browser.
  @Test func removingTheSelectedAnchorClosesTheGap() {
    var model = ScrollModel(
      items: Self.fixed(50, height: 100), viewport: Self.phone, contentOffset: 1050, selection: "item14")
    #expect(model.anchor == ScrollAnchor(itemID: "item14", offsetFromViewportTop: 350))
    var items = model.items
    items.remove(at: 14)
    let adjustment = model.relayout(items: items)
    // The selection is gone; before the relayout the first remaining item not fully clipped is item10
    // (1000–1100, at −50), which does not move: the offset stays 1050 and item15 takes item14's place at
    // 1400, 350 below the top. Keeping the next item after the removed one (item15, 450 below the top)
    // would have scrolled to 1400 − 450 = 950 and moved item10…item13 down by 100.
    #expect(model.contentOffset == 1050)
    #expect(adjustment.rule == .anchorReplaced)
    #expect(model.selection == nil)
    #expect(model.anchor == ScrollAnchor(itemID: "item10", offsetFromViewportTop: -50))
    #expect(model.visibleFrame(of: "item15")?.minY == 350)
    #expect(model.visibleFrame(of: "item13")?.minY == 250)
  }

  /// A selection that survives is the priority candidate for the replacement too.
  @Test func aSurvivingVisibleSelectionReplacesARemovedAnchor() {
    // item30 (3000–3100) is selected out of view: item10 stays the anchor at −50.
    var model = ScrollModel(
      items: Self.fixed(50, height: 100), viewport: Self.phone, contentOffset: 1050, selection: "item30")
    #expect(model.anchor == ScrollAnchor(itemID: "item10", offsetFromViewportTop: -50))
    // Removing item11…item25 keeps item10 in place (offset 1050) and brings item26…item30 up to
    // 1100…1500: the selection is now visible, 450 below the top, though not the anchor.
    var items = model.items
    items.removeSubrange(11...25)
    model.relayout(items: items)
    #expect(model.contentOffset == 1050)
    #expect(model.anchor?.itemID == "item10")
    // Removing item10 and item28: the replacement is selected before the relayout, the visible selection
    // first: item30 at 450. It moves to 1300 (item26 1000, item27 1100, item29 1200): 1300 − 450 = 850.
    // Without the selection item26 (at 50, moving to 1000) would have given 950.
    items.removeAll { $0.id == "item10" || $0.id == "item28" }
    let adjustment = model.relayout(items: items)
    #expect(adjustment.rule == .anchorReplaced)
    #expect(model.contentOffset == 850)
    #expect(model.anchor == ScrollAnchor(itemID: "item30", offsetFromViewportTop: 450))
  }

  @Test func anchorRemovedWithNoRemainingItemVisibleOnlyClamps() {
    var model = ScrollModel(items: Self.fixed(20, height: 100), viewport: Self.phone, contentOffset: 1150)
    // max 1200; region 1150–1950: item11 (1100–1200) is cut at the top, the anchor at −50.
    #expect(model.anchor == ScrollAnchor(itemID: "item11", offsetFromViewportTop: -50))
    let adjustment = model.relayout(items: Array(model.items.prefix(11)))
    // item11…item19 are gone and item10 (1000–1100) was fully clipped: no anchor, the offset is clamped
    // to the new maximum 1100 − 800 = 300, and the anchor is selected there: item3 (300–400) at 0.
    #expect(adjustment.rule == .noAnchor)
    #expect(model.contentOffset == 300)
    #expect(model.anchor == ScrollAnchor(itemID: "item3", offsetFromViewportTop: 0))
  }

  /// A fold re-wraps the partly scrolled-off top row: CSS keeps that row (the anchor) in place, so the
  /// offset does not change; the rows below move by its height change.
  @Test func aPartlyVisibleTopRowThatReWrapsKeepsItsPlace() {
    // item10: 170 characters, no padding. Width 400: ⌊400 / 8.5⌋ = 47 per line, ⌈170 / 47⌉ = 4 lines,
    // 88 pt (1000–1088). Width 300: ⌊300 / 8.5⌋ = 35, ⌈170 / 35⌉ = 5 lines, 110 pt (1000–1110).
    var items = Self.fixed(50, height: 100)
    items[10] = ScrollItem(id: "item10", content: .text(characters: 170, padding: 0))
    var model = ScrollModel(items: items, viewport: Self.phone, contentOffset: 1040)
    #expect(model.anchor == ScrollAnchor(itemID: "item10", offsetFromViewportTop: -40))
    model.relayout(viewport: ScrollViewport(size: Size(width: 300, height: 800)))
    // y1 − y0 = 1000 − 1000 = 0: the offset stays 1040; item11 moves from 1088 to 1110. The old
    // fully-visible rule anchored item11 and scrolled by its 22 pt move, to 1062.
    #expect(model.contentOffset == 1040)
    #expect(model.layout.frame(of: "item11")?.minY == 1110)
  }

  /// The top inset is the viewing region's `scroll-padding`: offsets are measured from the region's top,
  /// so "the scroll offset being zero" (CSS suppression trigger) is offset 0 whatever the inset, and a
  /// change of the inset alone is not a scroll.
  @Test func aTopInsetIsScrollPaddingForTheZeroOffsetSuppression() {
    let padded = ScrollViewport(size: Size(width: 400, height: 800), insets: EdgeInsets(top: 47))
    var model = ScrollModel(items: Self.fixed(50, height: 100), viewport: padded)
    #expect(model.anchor == ScrollAnchor(itemID: "item0", offsetFromViewportTop: 0))
    // Insertions above at offset 0: suppressed, the view stays at the top.
    var adjustment = model.relayout(items: Self.fixed(2, height: 100, from: 100) + model.items)
    #expect(adjustment.rule == .atTop)
    #expect(model.contentOffset == 0)
    #expect(model.visibleFrame(of: "item100")?.minY == 0)
    // The inset grows and shrinks (a bar appears and goes): still at the top.
    for top in [0.0, 24, 80] {
      adjustment = model.relayout(
        viewport: ScrollViewport(size: Size(width: 400, height: 800), insets: EdgeInsets(top: top)))
      #expect(adjustment.rule == .atTop)
      #expect(model.contentOffset == 0)
    }
    // Below the top, only the viewing region (below the padding) counts for selection: at 1090 with
    // 80 pt of padding item10 (1000–1100) still shows 10 pt inside the region and is the anchor; at 1100 it
    // lies under the padding only, fully clipped, and item11 is.
    model = ScrollModel(
      items: Self.fixed(50, height: 100),
      viewport: ScrollViewport(size: Size(width: 400, height: 800), insets: EdgeInsets(top: 80)),
      contentOffset: 1090)
    #expect(model.anchor == ScrollAnchor(itemID: "item10", offsetFromViewportTop: -90))
    model.scroll(to: 1100)
    #expect(model.anchor == ScrollAnchor(itemID: "item11", offsetFromViewportTop: 0))
    // Changing the padding alone moves neither the offset nor the anchor's distance from the region top.
    adjustment = model.relayout(viewport: padded)
    #expect(adjustment.rule == .anchored)
    #expect(model.contentOffset == 1100)
  }
}
