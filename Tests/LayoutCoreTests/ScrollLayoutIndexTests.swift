import Testing

@testable import LayoutCore

/// The id index a layout builds from scratch: every id at its first position, a repeated id too.
@Suite struct ScrollLayoutIndexTests {
  @Test func everyIDIsFoundAtItsFirstPosition() {
    let ids = ["a", "b", "c", "b", "d", "a", "e"]
    let items = ids.map { ScrollItem(id: $0, content: .fixed(height: 40)) }
    let layout = ScrollLayout(
      items: items, viewport: ScrollViewport(size: Size(width: 320, height: 800)),
      configuration: ScrollConfiguration())
    #expect(ids.map { layout.index(of: $0) } == [0, 1, 2, 1, 4, 0, 6])
    #expect(layout.frame(of: "b") == layout.frames[1])
    #expect(layout.index(of: "z") == nil)
    // Reusing the index of a layout of the same items gives the same answers.
    let wider = ScrollLayout(
      items: items, viewport: ScrollViewport(size: Size(width: 640, height: 800)),
      configuration: ScrollConfiguration(), reusingIndexOf: layout)
    #expect(ids.map { wider.index(of: $0) } == [0, 1, 2, 1, 4, 0, 6])
  }
}

/// A layout computes text heights with the characters per line remembered across items of the same
/// padding; each frame's height must still be the item's own ``ScrollItem/height(width:dynamicTypeSize:)``.
@Suite struct ScrollLayoutHeightTests {
  @Test(arguments: [DynamicTypeSize.xSmall, .large, .accessibility5])
  func everyFrameHasItsItemsOwnHeight(size: DynamicTypeSize) {
    var items: [ScrollItem] = []
    for index in 0..<60 {
      let content: ScrollItem.Content =
        switch index % 7 {
        case 0: .fixed(height: Double(index) * 1.5)
        case 1: .aspect(ratio: 1.25)
        case 2, 3: .text(characters: index * 13, padding: 12)
        case 4: .text(characters: index * 7 + 1, padding: 4.5)
        case 5: .text(characters: 0, padding: 12)
        default: .text(characters: index * 29, padding: index % 2 == 0 ? 12 : 200)
        }
      items.append(ScrollItem(id: "item-\(index)", content: content))
    }
    var mismatches = 0
    for width in [120.0, 333.3, 768, 1180.5] {
      for columns in [1, 3] {
        let configuration = ScrollConfiguration(columns: columns, dynamicTypeSize: size)
        let layout = ScrollLayout(
          items: items, viewport: ScrollViewport(size: Size(width: width, height: 800)),
          configuration: configuration)
        let itemWidth = layout.frames[0].width
        for (item, frame) in zip(items, layout.frames)
        where frame.height.bitPattern != item.height(width: itemWidth, dynamicTypeSize: size).bitPattern {
          mismatches += 1
        }
      }
    }
    #expect(mismatches == 0)
  }
}

/// The anchor's origin top is where its id is found: its own frame's when ids are unique, the first
/// frame with that id when the id repeats (as a lookup by id gives).
@Suite struct AnchorOriginTests {
  @Test func aRepeatedIDTakesItsFirstFramesTop() {
    var items = (0..<30).map { ScrollItem(id: "row-\($0)", content: .fixed(height: 50)) }
    items[20] = ScrollItem(id: "row-2", content: .fixed(height: 50))
    var model = ScrollModel(items: items, viewport: ScrollViewport(size: Size(width: 320, height: 200)))
    model.scroll(to: 20 * 50)
    #expect(model.anchor?.itemID == "row-2")
    #expect(model.anchorOriginTop == 100)
    #expect(!model.layout.hasUniqueIDs)
    var unique = ScrollModel(
      items: (0..<30).map { ScrollItem(id: "row-\($0)", content: .fixed(height: 50)) },
      viewport: ScrollViewport(size: Size(width: 320, height: 200)))
    unique.scroll(to: 20 * 50)
    #expect(unique.anchor?.itemID == "row-20")
    #expect(unique.anchorOriginTop == 1000)
    #expect(unique.layout.hasUniqueIDs)
  }
}
