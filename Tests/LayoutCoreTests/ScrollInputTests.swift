import LayoutCore
import Testing

/// The accepted input of the scroll model: sanitized where stored, so every frame, height and offset is
/// finite and never negative.
@Suite struct ScrollInputTests {
  let viewport = ScrollViewport(size: Size(width: 300, height: 200))

  @Test func negativeSpacingIsClampedToZero() {
    // Before: rowSpacing −50 pulled the second row 50 pt up over the first.
    let config = ScrollConfiguration(columns: 2, columnSpacing: -40, rowSpacing: -50)
    #expect(config.columnSpacing == 0 && config.rowSpacing == 0)
    let items = (0..<4).map { ScrollItem(id: "\($0)", content: .fixed(height: 30)) }
    let layout = ScrollLayout(items: items, viewport: viewport, configuration: config)
    #expect(
      layout.frames == [
        Rect(x: 0, y: 0, width: 150, height: 30), Rect(x: 150, y: 0, width: 150, height: 30),
        Rect(x: 0, y: 30, width: 150, height: 30), Rect(x: 150, y: 30, width: 150, height: 30),
      ])
    #expect(layout.contentHeight == 60)
    var mutated = ScrollConfiguration()
    mutated.rowSpacing = -3
    mutated.columns = 0
    #expect(mutated.rowSpacing == 0 && mutated.columns == 1)
  }

  @Test func negativeTextAndHeightsAreClampedToZero() {
    // Before: .text(characters: −5, padding: −10) measured −20 pt tall; .fixed(−7) was stored as is.
    let text = ScrollItem(id: "t", content: .text(characters: -5, padding: -10))
    #expect(text.content == .text(characters: 0, padding: 0))
    #expect(text.height(width: 300, dynamicTypeSize: .large) == 0)
    #expect(ScrollItem(id: "f", content: .fixed(height: -7)).content == .fixed(height: 0))
    var item = ScrollItem(id: "m", content: .fixed(height: 10))
    item.content = .text(characters: 3, padding: -1)
    #expect(item.content == .text(characters: 3, padding: 0))
  }

  @Test func tinyAspectRatioGivesAFiniteHeight() {
    // Before: ratio 5e-324 gave an infinite height and maxOffset ∞.
    let tile = ScrollItem(id: "a", content: .aspect(ratio: Double.leastNonzeroMagnitude))
    #expect(tile.content == .aspect(ratio: 0.001))
    #expect(tile.height(width: 300, dynamicTypeSize: .large) == 300_000)
    let model = ScrollModel(items: [tile], viewport: viewport)
    #expect(model.maxOffset == 300_000 - 200)
    #expect(ScrollItem(id: "z", content: .aspect(ratio: 0)).height(width: 300, dynamicTypeSize: .large) == 0)
  }

  @Test func nonFiniteLengthsArePreconditionFailures() async {
    // Before: .nan spacing gave x = NaN; .fixed(height: .infinity) gave maxOffset = ∞.
    await #expect(processExitsWith: .failure) { _ = ScrollConfiguration(columnSpacing: .nan) }
    await #expect(processExitsWith: .failure) { _ = ScrollItem(id: "x", content: .fixed(height: .infinity)) }
    await #expect(processExitsWith: .failure) {
      _ = ScrollViewport(size: Size(width: .infinity, height: 100))
    }
  }

  @Test func negativeViewportInsetsAreClampedToZero() {
    let v = ScrollViewport(size: Size(width: -10, height: 100), insets: EdgeInsets(top: -5, leading: -20))
    #expect(v.size == Size(width: 0, height: 100))
    #expect(v.insets == .zero)
    #expect(v.contentMinX == 0 && v.visibleHeight == 100)
  }
}
