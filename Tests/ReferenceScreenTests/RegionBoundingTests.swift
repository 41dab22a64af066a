import FoldSim
import TestSupport
import Testing

@testable import LayoutCore
@testable import ReferenceScreen

/// Regions beyond `LayoutContext.maximumRegionsPerKind` are replaced by one rectangle bounding them
/// (`LayoutContext.sanitized()`): it must hold each of them whole, to the last bit of its edges, or an
/// element laid out against the rectangle's edge overlaps the region it replaced.
@Suite struct RegionBoundingTests {
  /// Occlusions of random sizes, positions and signs in a 3000 pt square.
  static func regions(_ count: Int, _ random: inout SplitMix64) -> [Rect] {
    (0..<count).map { _ in
      Rect(
        x: random.double(in: -50...3050), y: random.double(in: -50...3050),
        width: random.double(in: -40...200), height: random.double(in: -40...200))
    }
  }

  /// Each standardized region lies inside some rectangle of the sanitized context, edges included (as
  /// `Rect` computes them: x + width, y + height).
  @Test func theBoundingRectangleHoldsEveryRegionItReplaces() {
    var random = SplitMix64(seed: 0xB0_0E)
    var escaped: [String] = []
    for _ in 0..<4000 {
      let occlusions = Self.regions(random.integer(5...12), &random)
      let divisions = Self.regions(random.integer(0...6), &random)
      let context = LayoutContext(
        shape: .regularWide, size: Size(width: 3000, height: 3000), activeDivisions: divisions,
        canFold: !divisions.isEmpty, occlusions: occlusions
      ).sanitized()
      for (original, kept): ([Rect], [Rect]) in [
        (occlusions, context.occlusions), (divisions, context.activeDivisions),
      ] {
        for region in original.map(\.standardized)
        where !kept.contains(where: {
          $0.minX <= region.minX && $0.minY <= region.minY && $0.maxX >= region.maxX && $0.maxY >= region.maxY
        }) {
          escaped.append("\(region) outside \(kept)")
        }
      }
    }
    #expect(escaped.isEmpty, "\(escaped.count) regions escape: \(escaped.prefix(2))")
  }

  /// Plans for contexts with more regions than the cap: no interactive element overlaps a region the
  /// app was given (as `LayoutPlan.violations(in:)` checks the bounded ones).
  @Test func noInteractiveElementOverlapsAReplacedRegion() {
    var random = SplitMix64(seed: 99)
    let layout = ReferenceScreenLayout()
    var overlaps: [String] = []
    for _ in 0..<600 {
      let width = random.pick([random.double(in: 100...3000), 390, 844, 1366])
      let height = random.pick([random.double(in: 100...3000), 844, 390])
      let divisions = (0..<random.pick([0, 1, 5, 7])).map { _ in
        Rect(
          x: random.double(in: -50...(width + 50)), y: 0, width: random.pick([0, random.double(in: 0...60)]),
          height: height)
      }
      let occlusions = (0..<random.pick([5, 6, 9])).map { _ in
        Rect(
          x: random.double(in: -50...(width + 50)), y: random.double(in: -50...(height + 50)),
          width: random.double(in: -40...200), height: random.double(in: -40...200))
      }
      let context = LayoutContext(
        shape: random.pick([.compactTall, .regularShort, .regularWide]),
        size: Size(width: width, height: height),
        safeArea: EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0), activeDivisions: divisions,
        canFold: !divisions.isEmpty, occlusions: occlusions)
      let plan = layout.plan(for: context)
      guard plan.violations(in: context, vocabulary: .referenceScreen).isEmpty else { continue }
      let originals = (divisions + occlusions).map(\.standardized)
      for element in plan.elements where element.isInteractive {
        if let region = originals.first(where: { element.frame.intersects($0) }) {
          overlaps.append("\(element.id) \(element.frame) overlaps \(region)")
        }
      }
    }
    #expect(overlaps.isEmpty, "\(overlaps.count) overlaps: \(overlaps.prefix(2))")
  }
}
