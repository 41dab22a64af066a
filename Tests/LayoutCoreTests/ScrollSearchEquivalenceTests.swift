import FoldSim
import TestSupport
import Testing

@testable import LayoutCore

/// Performance-only shortcuts in the scroll and motion code must give exactly what the plain computations
/// give: anchor selection that bisects past the rows above the viewport, and settling times memoised
/// within one animator update.
@Suite struct ScrollSearchEquivalenceTests {
  /// The plain selection: the priority item if visible, else the first fully visible, else the first
  /// partially visible frame, scanning from the top.
  static func referenceAnchor(
    in layout: ScrollLayout, viewport: ScrollViewport, offset: Double, priority: String?
  ) -> ScrollAnchor? {
    let bottom = offset + viewport.visibleHeight
    func anchor(_ index: Int) -> ScrollAnchor {
      ScrollAnchor(itemID: layout.items[index].id, offsetFromViewportTop: layout.frames[index].minY - offset)
    }
    if let priority, let index = layout.index(of: priority) {
      let frame = layout.frames[index]
      if frame.minY < bottom && frame.maxY > offset { return anchor(index) }
    }
    if let index = layout.frames.firstIndex(where: { $0.minY >= offset && $0.maxY <= bottom }) {
      return anchor(index)
    }
    if let index = layout.frames.firstIndex(where: { $0.minY < bottom && $0.maxY > offset }) {
      return anchor(index)
    }
    return nil
  }

  @Test func anchorSelectionEqualsTheLinearScan() {
    var random = SplitMix64(seed: 0xa7c4_02)
    var compared = 0
    var mismatches = 0
    for _ in 0..<200 {
      let items = (0..<Int(random.next() % 300)).map { index in
        ScrollItem(
          id: "i\(index)",
          content: random.chance(0.5)
            ? .fixed(height: random.double(in: 0...400))
            : .text(characters: Int(random.next() % 400), padding: 12))
      }
      let viewport = ScrollViewport(
        size: Size(width: random.double(in: 200...1400), height: random.double(in: 100...1000)))
      let configuration = ScrollConfiguration(
        columns: Int(random.next() % 4) + 1, columnSpacing: 8,
        rowSpacing: random.pick([0, 8, -30]), dynamicTypeSize: .large)
      let layout = ScrollLayout(items: items, viewport: viewport, configuration: configuration)
      for _ in 0..<20 {
        let offset = random.double(in: -100...(layout.contentHeight + 100))
        let priority = random.chance(0.3) && !items.isEmpty ? random.pick(items).id : nil
        let fast = ScrollAnchor.select(
          in: layout, viewport: viewport, contentOffset: offset, priority: priority)
        let reference = Self.referenceAnchor(
          in: layout, viewport: viewport, offset: offset, priority: priority)
        compared += 1
        if fast != reference { mismatches += 1 }
      }
    }
    #expect(compared == 4000)
    #expect(mismatches == 0)
  }

  @Test func memoisedSettlingTimesEqualComputedOnes() {
    var memo = SettlingMemo()
    var random = SplitMix64(seed: 0x3e30)
    var motions: [SpringMotion] = []
    for _ in 0..<40 {
      motions.append(
        SpringMotion(
          spring: Spring(duration: random.pick([0.25, 0.4]), bounce: random.pick([0, 0.3])),
          displacement: random.pick([0, 12.5, -80, 300]), velocity: random.pick([0, 150, -900])))
    }
    // Each motion asked twice, in two orders: the memo answers the repeats.
    for motion in motions + motions.reversed() {
      for epsilon in [0.001, 0.0001] {
        #expect(
          memo.settlingTime(of: motion, epsilon: epsilon).bitPattern
            == motion.settlingTime(epsilon: epsilon).bitPattern)
      }
    }
    // Different tolerances are different answers, not one cached value.
    let moving = SpringMotion(spring: .reflow, displacement: 300, velocity: 0)
    #expect(memo.settlingTime(of: moving, epsilon: 0.5) < memo.settlingTime(of: moving, epsilon: 0.0001))
  }
}
