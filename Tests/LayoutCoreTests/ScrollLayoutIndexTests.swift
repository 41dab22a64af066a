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
