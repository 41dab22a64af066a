import FoldSim
import TestSupport
import Testing

@testable import LayoutCore

/// A scroll view keeps its recent layouts and takes one again when a relayout comes back to its inputs;
/// what it takes must be the layout a fresh computation gives.
@Suite struct ScrollLayoutCacheTests {
  static let items = (0..<120).map { index in
    ScrollItem(
      id: "item-\(index)",
      content: index % 5 == 0 ? .aspect(ratio: 1.5) : .text(characters: 40 + (index * 37) % 161, padding: 12))
  }

  static func viewport(_ random: inout SplitMix64) -> ScrollViewport {
    ScrollViewport(
      size: Size(width: random.pick([320, 408, 744.5, 1024]), height: random.pick([600, 716, 748])),
      insets: EdgeInsets(
        top: random.pick([0, 20]), leading: random.pick([0, 16]), bottom: random.pick([0, 34]),
        trailing: random.pick([0, 16, 24])),
      layoutDirection: random.chance(0.2) ? .rightToLeft : .leftToRight)
  }

  static func configuration(_ random: inout SplitMix64) -> ScrollConfiguration {
    ScrollConfiguration(
      columns: random.pick([1, 1, 2, 3]), columnSpacing: random.pick([8, 0, -0.0]),
      rowSpacing: random.pick([8, 0, -0.0]), dynamicTypeSize: random.pick([.large, .xxxLarge]))
  }

  @Test func relayoutsBackAndForthGiveFreshlyComputedLayouts() {
    var random = SplitMix64(seed: 0x1A70_CAC4E)
    var model = ScrollModel(
      items: Self.items, viewport: Self.viewport(&random), configuration: Self.configuration(&random),
      contentOffset: 400)
    var differences = 0
    for _ in 0..<300 {
      let viewport = Self.viewport(&random)
      let configuration = Self.configuration(&random)
      model.relayout(viewport: viewport, configuration: configuration)
      let fresh = ScrollLayout(items: Self.items, viewport: viewport, configuration: configuration)
      if model.layout != fresh || model.layout.frames.map(\.bitPatterns) != fresh.frames.map(\.bitPatterns) {
        differences += 1
      }
    }
    #expect(differences == 0)
  }

  @Test func aLayoutIsFoundByWhatItsFramesDependOn() {
    var cache = ScrollLayoutCache(capacity: 2)
    let tall = ScrollViewport(size: Size(width: 400, height: 800))
    let short = ScrollViewport(size: Size(width: 400, height: 300), insets: EdgeInsets(top: 20, bottom: 40))
    let list = ScrollConfiguration(columns: 1, rowSpacing: 8)
    let first = cache.layout(items: Self.items, viewport: tall, configuration: list, previous: nil)
    // Only the height and the vertical insets differ: the same frames, shared.
    let again = cache.layout(items: Self.items, viewport: short, configuration: list, previous: nil)
    #expect(
      again.frames.withUnsafeBufferPointer { $0.baseAddress }
        == first.frames.withUnsafeBufferPointer { $0.baseAddress })
    // A -0 spacing is another input (its bits differ), and other items are other layouts.
    let negativeZero = ScrollConfiguration(columns: 1, rowSpacing: -0.0)
    let zero = ScrollConfiguration(columns: 1, rowSpacing: 0)
    let a = cache.layout(items: Self.items, viewport: tall, configuration: negativeZero, previous: nil)
    let b = cache.layout(items: Self.items, viewport: tall, configuration: zero, previous: nil)
    #expect(
      a.frames.withUnsafeBufferPointer { $0.baseAddress }
        != b.frames.withUnsafeBufferPointer { $0.baseAddress })
    let fewer = Array(Self.items.prefix(10))
    #expect(cache.layout(items: fewer, viewport: tall, configuration: zero, previous: nil).items == fewer)
    // Two entries kept: the 8 pt list layout was evicted and is measured again.
    let measured = cache.layout(items: Self.items, viewport: tall, configuration: list, previous: nil)
    #expect(measured == first)
    #expect(
      measured.frames.withUnsafeBufferPointer { $0.baseAddress }
        != first.frames.withUnsafeBufferPointer { $0.baseAddress })
  }

  @Test func viewsSharingACacheEqualViewsMeasuringTheirOwn() {
    var random = SplitMix64(seed: 0x5_4A4E)
    var shared = ScrollLayoutCache(capacity: 4)
    let start = Self.viewport(&random)
    let startConfiguration = Self.configuration(&random)
    var a = ScrollModel(
      items: Self.items, viewport: start, configuration: startConfiguration, contentOffset: 300,
      selection: "item-7", using: &shared)
    var b = ScrollModel(
      items: Self.items, viewport: start, configuration: startConfiguration, contentOffset: 300,
      selection: "item-7")
    var differences = a == b ? 0 : 1
    for step in 0..<200 {
      let viewport = Self.viewport(&random)
      let configuration = Self.configuration(&random)
      if step % 25 == 24 {
        // A new scene takes over the place: one view from the shared cache, one measured afresh.
        let position = a.position
        a = ScrollModel(
          restoring: position, items: Self.items, viewport: viewport, configuration: configuration,
          using: &shared)
        b = ScrollModel(
          restoring: b.position, items: Self.items, viewport: viewport, configuration: configuration)
      } else {
        let adjustment = a.relayout(
          items: nil, viewport: viewport, configuration: configuration, using: &shared)
        if adjustment != b.relayout(viewport: viewport, configuration: configuration) { differences += 1 }
        if step % 7 == 0 {
          let offset = random.double(in: 0...3000)
          a.scroll(to: offset)
          b.scroll(to: offset)
        }
      }
      if a != b
        || a.layout != ScrollLayout(items: Self.items, viewport: viewport, configuration: configuration)
      {
        differences += 1
      }
    }
    #expect(differences == 0)
  }

  @Test func theCacheTakesNoPartInEquality() {
    let viewport = ScrollViewport(size: Size(width: 400, height: 800))
    var moved = ScrollModel(items: Self.items, viewport: viewport, contentOffset: 200)
    moved.relayout(viewport: ScrollViewport(size: Size(width: 700, height: 800)))
    moved.relayout(viewport: viewport)
    moved.scroll(to: 200)
    let fresh = ScrollModel(items: Self.items, viewport: viewport, contentOffset: 200)
    #expect(moved == fresh)
  }
}

extension Rect {
  /// The bits of x, y, width and height (tells -0 from +0).
  fileprivate var bitPatterns: [UInt64] { [x.bitPattern, y.bitPattern, width.bitPattern, height.bitPattern] }
}
