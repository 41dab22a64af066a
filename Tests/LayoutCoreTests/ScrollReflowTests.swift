import LayoutCore
import Testing

/// Reflow scenarios: text re-wrap, Dynamic Type, grid columns, right-to-left, many tiny reflows, and the Duo
/// display switch. Expected values are worked out by hand in the comments.
@Suite struct ScrollReflowTests {
  /// Ten text items (100 characters, 8 pt padding), then 30 fixed 100 pt items.
  static func article() -> [ScrollItem] {
    (0..<10).map { ScrollItem(id: "text\($0)", content: .text(characters: 100, padding: 8)) }
      + (10..<40).map { ScrollItem(id: "item\($0)", content: .fixed(height: 100)) }
  }

  static func viewport(width: Double) -> ScrollViewport {
    ScrollViewport(size: Size(width: width, height: 800))
  }

  @Test func textMetricsFollowTheDocumentedModel() {
    let large = TextMetrics(dynamicTypeSize: .large)
    // large: 17 pt × 0.5 = 8.5 pt per character; ⌊384 / 8.5⌋ = ⌊45.18⌋ = 45; ⌈100 / 45⌉ = 3 lines × 22.
    #expect(large.charactersPerLine(width: 384) == 45)
    #expect(large.height(ofCharacters: 100, width: 384) == 66)
    // AX1: 28 pt × 0.5 = 14; ⌊384 / 14⌋ = 27; ⌈100 / 27⌉ = 4 lines × 34 = 136.
    #expect(TextMetrics(dynamicTypeSize: .accessibility1).height(ofCharacters: 100, width: 384) == 136)
    #expect(large.lineCount(characters: 0, width: 384) == 0)
    #expect(large.charactersPerLine(width: 1) == 1)
    // The item's text height is the same model plus padding: 3 lines × 22 + 2 × 8 = 82 at width 400.
    let item = ScrollItem(id: "t", content: .text(characters: 100, padding: 8))
    #expect(item.height(width: 400, dynamicTypeSize: .large) == 82)
  }

  /// At width 400 each text item is ⌈100 / ⌊384 / 8.5⌋⌉ = 3 lines: 3 × 22 + 16 = 82 pt, so the ten take
  /// 820 pt; item11 spans 920–1020. Scrolled to 1000, item11 is the first item not fully clipped (CSS
  /// candidate examination), 80 pt above the top.
  static func scrolledArticle() -> ScrollModel {
    ScrollModel(items: article(), viewport: viewport(width: 400), contentOffset: 1000)
  }

  @Test func textRewrapAboveTheAnchor() {
    var model = Self.scrolledArticle()
    #expect(model.anchor == ScrollAnchor(itemID: "item11", offsetFromViewportTop: -80))
    model.relayout(viewport: Self.viewport(width: 300))
    // ⌊284 / 8.5⌋ = 33 per line, ⌈100 / 33⌉ = 4 lines: 88 + 16 = 104; item11 at 1040 + 100 = 1140 → 1220.
    #expect(model.contentOffset == 1220)
  }

  @Test func dynamicTypeChange() {
    var model = Self.scrolledArticle()
    model.relayout(configuration: ScrollConfiguration(dynamicTypeSize: .accessibility1))
    // AX1: 4 lines × 34 + 16 = 152 each; item11 at 1520 + 100 = 1620 → 1700.
    #expect(model.contentOffset == 1700)
    model.relayout(configuration: ScrollConfiguration(dynamicTypeSize: .large))
    #expect(model.contentOffset == 1000)
  }

  /// 80 square tiles, 10 pt between rows, no gap between columns, content 400 wide.
  static func tiles() -> [ScrollItem] {
    (0..<80).map { ScrollItem(id: "tile\($0)", content: .aspect(ratio: 1)) }
  }

  @Test func gridTwoFourTwoColumns() {
    let two = ScrollConfiguration(columns: 2, rowSpacing: 10)
    let four = ScrollConfiguration(columns: 4, rowSpacing: 10)
    // Two columns: tiles 200 × 200, row r at 210·r. Scrolled to 2050, row 9 (1890–2090) is cut: its first
    // tile, tile18, is the first item not fully clipped, 160 pt above the top.
    var model = ScrollModel(
      items: Self.tiles(), viewport: Self.viewport(width: 400), configuration: two, contentOffset: 2050)
    #expect(model.anchor == ScrollAnchor(itemID: "tile18", offsetFromViewportTop: -160))
    model.relayout(configuration: four)
    // Four columns: tiles 100 × 100, row r at 110·r; tile18 in row 4 at 440 → 600; tile20 in row 5.
    #expect(model.contentOffset == 600)
    #expect(model.layout.frame(of: "tile20") == Rect(x: 0, y: 550, width: 100, height: 100))
    model.relayout(configuration: two)
    #expect(model.contentOffset == 2050)
  }

  @Test func rightToLeftMirrorsColumnsAndKeepsTheAnchor() {
    let insets = EdgeInsets(leading: 20, trailing: 60)
    let config = ScrollConfiguration(columns: 2, columnSpacing: 10, rowSpacing: 10)
    func model(_ direction: LayoutDirection) -> ScrollModel {
      ScrollModel(
        items: Self.tiles(),
        viewport: ScrollViewport(
          size: Size(width: 400, height: 800), insets: insets, layoutDirection: direction),
        configuration: config, contentOffset: 1000)
    }
    var rtl = model(.rightToLeft)
    // Content width 400 − 80 = 320; tiles (320 − 10) / 2 = 155 square; row r at 165·r. Region 1000–1800:
    // row 6 (990–1145) is cut, and its first tile, tile12, anchors 10 pt above the top.
    #expect(rtl.anchor == ScrollAnchor(itemID: "tile12", offsetFromViewportTop: -10))
    // In RTL the leading inset (20) is on the right: column 0 spans 225–380, column 1 60–215.
    #expect(rtl.layout.frame(of: "tile14") == Rect(x: 225, y: 1155, width: 155, height: 155))
    #expect(rtl.layout.frame(of: "tile15") == Rect(x: 60, y: 1155, width: 155, height: 155))
    let ltr = model(.leftToRight)
    #expect(ltr.layout.frame(of: "tile14") == Rect(x: 20, y: 1155, width: 155, height: 155))
    // Narrower (width 330): content 250, tiles 120, row r at 130·r; tile12 at 780 → 780 + 10 = 790.
    let narrow = ScrollViewport(
      size: Size(width: 330, height: 800), insets: insets, layoutDirection: .rightToLeft)
    rtl.relayout(viewport: narrow)
    #expect(rtl.contentOffset == 790)
    #expect(rtl.layout.frame(of: "tile14") == Rect(x: 190, y: 910, width: 120, height: 120))
  }

  @Test func manyTinyReflowsDoNotDrift() {
    // Irregular values so every sum is inexact in binary floating point.
    let items =
      (0..<30).map { ScrollItem(id: "text\($0)", content: .text(characters: 37 + 13 * $0, padding: 7.3)) }
      + (30..<90).map { ScrollItem(id: "item\($0)", content: .fixed(height: 33.3)) }
    let config = ScrollConfiguration(rowSpacing: 0.7)
    func viewport(_ width: Double) -> ScrollViewport {
      ScrollViewport(size: Size(width: width, height: 700), insets: EdgeInsets(top: 11.1, bottom: 5.9))
    }
    var model = ScrollModel(items: items, viewport: viewport(400), configuration: config)
    // item31 starts 10.3 pt down; item30 ends 0.7 pt above it, cut at the top: the anchor.
    model.scroll(to: model.layout.frame(of: "item31")!.minY - 10.3)
    let start = model.contentOffset
    let anchor = model.anchor
    #expect(anchor?.itemID == "item30")
    var widths: [Double] = []
    for step in 1...400 { widths.append(400 - 0.25 * Double(step)) }
    for step in (0..<400).reversed() { widths.append(400 - 0.25 * Double(step)) }
    for width in widths {
      model.relayout(viewport: viewport(width))
      // At every step the anchor sits where it was, to the last representable digit.
      let top = model.layout.frame(of: "item30")!.minY
      #expect(abs((top - model.contentOffset) - anchor!.offsetFromViewportTop) < 1e-9)
    }
    // Back at the first width after 800 reflows: the very same offset, bit for bit.
    #expect(model.contentOffset == start)
    #expect(model.anchor == anchor)
  }

  @Test func displaySwitchCarriesAnchorAndSelection() {
    let items = (0..<40).map { ScrollItem(id: "mail\($0)", content: .fixed(height: 120)) }
    // Duo external display: 360 × 740, bars on the trailing edge, visible region 740 − 50 − 20 = 670.
    let external = ScrollViewport(
      size: Size(width: 360, height: 740), insets: EdgeInsets(top: 50, bottom: 20, trailing: 60))
    var outside = ScrollModel(items: items, viewport: external, contentOffset: 1000)
    outside.select("mail11")
    // mail11 (1320–1440) is visible and selected: the anchor, 320 pt below the top.
    let position = outside.position
    #expect(
      position
        == ScrollPosition(
          anchor: ScrollAnchor(itemID: "mail11", offsetFromViewportTop: 320), selection: "mail11",
          isAtTop: false))
    // Opened: internal display 800 × 700, two columns; mail11 is in row 5 at 600 → 600 − 320 = 280.
    let internalViewport = ScrollViewport(size: Size(width: 800, height: 700), insets: EdgeInsets(top: 24))
    let inside = ScrollModel(
      restoring: position, items: items, viewport: internalViewport,
      configuration: ScrollConfiguration(columns: 2))
    #expect(inside.contentOffset == 280)
    let internalLayout = ScrollLayout(
      items: items, viewport: internalViewport, configuration: ScrollConfiguration(columns: 2))
    #expect(position.contentOffset(in: internalLayout, viewport: internalViewport) == 280)
    #expect(inside.selection == "mail11")
    #expect(inside.visibleFrame(of: "mail11")?.minY == 320)
    // Closed again: back on the external display at 1320 − 320 = 1000.
    let back = ScrollModel(restoring: inside.position, items: items, viewport: external)
    #expect(back.contentOffset == 1000)
    // A list at the top stays at the top across the switch.
    let top = ScrollModel(items: items, viewport: external)
    let opened = ScrollModel(
      restoring: top.position, items: items, viewport: internalViewport,
      configuration: ScrollConfiguration(columns: 2))
    #expect(opened.contentOffset == 0)
  }

  @Test func displaySwitchWithoutTheAnchorItemShowsTheSelection() {
    let items = (0..<40).map { ScrollItem(id: "mail\($0)", content: .fixed(height: 120)) }
    let position = ScrollPosition(
      anchor: ScrollAnchor(itemID: "gone", offsetFromViewportTop: 10), selection: "mail20", isAtTop: false)
    let model = ScrollModel(
      restoring: position, items: items, viewport: ScrollViewport(size: Size(width: 400, height: 800)))
    // mail20 at 2400 goes to the top of the viewing region.
    #expect(model.contentOffset == 2400)
    #expect(model.selection == "mail20")
  }
}
