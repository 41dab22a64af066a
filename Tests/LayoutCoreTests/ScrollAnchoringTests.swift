import LayoutCore
import Testing

/// Scroll anchoring scenarios (issue 4). Every expected offset is worked out by hand in the comments from
/// the documented layout rules: items stacked in rows, row height = tallest item, text height =
/// ⌈characters / ⌊width / (point size × 0.5)⌋⌉ × line height (TextMetrics).
@Suite struct ScrollAnchoringTests {
  static func fixed(_ count: Int, height: Double, from start: Int = 0) -> [ScrollItem] {
    (start..<(start + count)).map { ScrollItem(id: "item\($0)", content: .fixed(height: height)) }
  }

  static let phone = ScrollViewport(size: Size(width: 400, height: 800))

  /// 50 items of 100 pt scrolled to 1050: item10 (1000–1100) is cut, item11 (1100–1200) is the first fully
  /// visible item, 50 pt below the viewport top.
  static func scrolledList() -> ScrollModel {
    ScrollModel(items: fixed(50, height: 100), viewport: phone, contentOffset: 1050)
  }

  @Test func anchorIsFirstFullyVisibleItem() {
    let model = Self.scrolledList()
    #expect(model.anchor == ScrollAnchor(itemID: "item11", offsetFromViewportTop: 50))
  }

  @Test func growthAboveTheAnchor() {
    var model = Self.scrolledList()
    var items = model.items
    items[3] = ScrollItem(id: "item3", content: .fixed(height: 160))
    let adjustment = model.relayout(items: items)
    // item11's top moves from 1100 to 1160; 1160 − 50 = 1110.
    #expect(model.contentOffset == 1110)
    #expect(adjustment.rule == .anchored)
    #expect(adjustment.anchorAfter == ScrollAnchor(itemID: "item11", offsetFromViewportTop: 50))
  }

  @Test func shrinkAboveTheAnchor() {
    var model = Self.scrolledList()
    var items = model.items
    items[3] = ScrollItem(id: "item3", content: .fixed(height: 40))
    model.relayout(items: items)
    // 1100 − 60 = 1040; 1040 − 50 = 990.
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
    // Anchor item3 (300–400) at offset 50; removing item0…item2 puts item3 at 0, which asks for −50 → 0.
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
    // item11 moves down by 300: 1400 − 50 = 1350.
    #expect(model.contentOffset == 1350)
  }

  @Test func selectedItemIsPreferred() {
    var items = Self.fixed(50, height: 100)
    var model = ScrollModel(items: items, viewport: Self.phone, contentOffset: 1050, selection: "item14")
    // item14 (1400–1500) is visible, so it anchors at 1400 − 1050 = 350 instead of item11.
    #expect(model.anchor == ScrollAnchor(itemID: "item14", offsetFromViewportTop: 350))
    items[12] = ScrollItem(id: "item12", content: .fixed(height: 160))
    model.relayout(items: items)
    // item14's top 1460 − 350 = 1110. Without the selection item11 (above item12) would keep 1050:
    #expect(model.contentOffset == 1110)
    var unselected = Self.scrolledList()
    unselected.relayout(items: items)
    #expect(unselected.contentOffset == 1050)
  }

  @Test func selectedItemOutOfViewIsNotTheAnchor() {
    let model = ScrollModel(
      items: Self.fixed(50, height: 100), viewport: Self.phone, contentOffset: 1050, selection: "item40")
    #expect(model.anchor?.itemID == "item11")
  }

  @Test func anchorRemovedNextSurvivorTakesOver() {
    var model = Self.scrolledList()
    var items = model.items
    items.remove(at: 11)
    let adjustment = model.relayout(items: items)
    // item12 was at 1200, 150 below the top; now at 1100 → 1100 − 150 = 950.
    #expect(model.contentOffset == 950)
    #expect(adjustment.rule == .anchorReplaced)
    #expect(model.anchor == ScrollAnchor(itemID: "item12", offsetFromViewportTop: 150))

    var twice = Self.scrolledList()
    var fewer = twice.items
    fewer.removeSubrange(11...12)
    twice.relayout(items: fewer)
    // item13 was at 1300 (offset 250), now at 1100: 850.
    #expect(twice.contentOffset == 850)
  }

  @Test func anchorRemovedWithNothingAfterFallsBackToTheNearestBefore() {
    var model = ScrollModel(items: Self.fixed(20, height: 100), viewport: Self.phone, contentOffset: 1150)
    // max 1200; region 1150–1950: item12 (1200–1300) anchors at offset 50.
    #expect(model.anchor?.itemID == "item12")
    model.relayout(items: Array(model.items.prefix(12)))
    // Nothing follows item12; item11 (was 1100, offset −50) stays at −50: 1100 + 50 = 1150 → max 400.
    #expect(model.contentOffset == 400)
    #expect(model.anchor?.itemID == "item11")
  }
}
