import Testing

@testable import LayoutCore
@testable import ReferenceScreen

/// Hostile but finite geometry (a forged trace once declared a scene 10⁹ pt wide, and replay built
/// millions of grid columns): every finite context is laid out in bounded work, with finite frames,
/// and real contexts are untouched by the caps (`LayoutContext.sanitized()`).
@Suite struct HostileGeometryTests {
  static let largest = Double.greatestFiniteMagnitude
  static let lengths: [Double] = [
    0, Double.leastNonzeroMagnitude, 1e-300, 44, 1e5, 1e5 + 1, 1e9, 1e300, largest,
  ]

  /// Every frame of `plan` is finite and inside the capped bounds (within the 1e-6 pt the invariants
  /// allow: a displaced group keeps a 1e-9 pt clearance).
  static func isBounded(_ plan: LayoutPlan) -> Bool {
    let limit = LayoutContext.maximumLength
    return plan.elements.allSatisfy { e in
      let f = e.frame
      return [f.x, f.y, f.width, f.height].allSatisfy(\.isFinite) && f.minX >= -1e-6 && f.minY >= -1e-6
        && f.maxX <= limit + 1e-6 && f.maxY <= limit + 1e-6
    }
  }

  @Test func aSceneWiderThanTheCapIsLaidOutAsTheCap() {
    let layout = ReferenceScreenLayout()
    let capped = layout.plan(for: LayoutContext(shape: .compactTall, size: Size(width: 1e5, height: 800)))
    let huge = layout.plan(for: LayoutContext(shape: .compactTall, size: Size(width: 1e9, height: 800)))
    // ⌊(100 000 + 16) / (320 + 16)⌋ = 297 columns (the guide's grid at the 100 000 pt cap).
    #expect(capped.columns == 297)
    #expect(huge.columns == 297)
    #expect(huge.elements == capped.elements)
  }

  @Test func gridColumnsAreCappedWhateverTheWidth() {
    let grid = AdaptiveGrid(minimum: 1, maximum: 1, spacing: 0)
    #expect(grid.columnCount(for: 1e9, canFold: false) == AdaptiveGrid.maximumColumns)
    #expect(grid.columnCount(for: 1e9, canFold: true) == 512)
    #expect(grid.columnFrames(in: Rect(x: 0, y: 0, width: 1e12, height: 10), canFold: false).count == 512)
    // Below the cap nothing changes: 400 pt of 1 pt columns is 400 columns.
    #expect(grid.columnCount(for: 400, canFold: false) == 400)
  }

  @Test(arguments: lengths)
  func extremeFiniteLengthsGiveFiniteBoundedPlans(_ length: Double) {
    let layout = ReferenceScreenLayout()
    let insets: [EdgeInsets] = [
      .zero, EdgeInsets(top: length, leading: 0, bottom: 0, trailing: length),
      EdgeInsets(top: Self.largest, leading: Self.largest, bottom: Self.largest, trailing: Self.largest),
    ]
    for shape in LayoutShape.allCases {
      for size in [
        Size(width: length, height: 800), Size(width: 390, height: length),
        Size(width: length, height: length),
      ] {
        for safeArea in insets {
          let context = LayoutContext(
            shape: shape, size: size, safeArea: safeArea,
            activeDivisions: [Rect(x: length / 2, y: -length, width: 20, height: length)], canFold: true,
            occlusions: [Rect(x: -Self.largest, y: 0, width: Self.largest, height: Self.largest)])
          let plan = layout.plan(for: context)
          #expect(Self.isBounded(plan), "\(shape) \(size) \(safeArea)")
          #expect(plan.columns <= 297)
          #expect(
            plan.violations(in: context, vocabulary: .referenceScreen).isEmpty, "\(shape) \(size) \(safeArea)"
          )
        }
      }
    }
  }

  @Test func regionEdgesFarOutsideTheSceneAreBroughtWithinTheBox() {
    let far = Rect(x: Self.largest, y: -Self.largest, width: Self.largest, height: Self.largest)
    let inside = Rect(x: 0.1, y: 0.2, width: 0.2, height: 844)
    let context = LayoutContext(
      shape: .regularTall, size: Size(width: 820, height: 844), activeDivisions: [far, inside])
    let sanitized = context.sanitized()
    let limit = LayoutContext.maximumLength
    #expect(sanitized.activeDivisions[0] == Rect(x: 2 * limit, y: -limit, width: 0, height: limit))
    // A region inside the box is kept bit for bit (0.1 + 0.2 − 0.1 would not give 0.2 back).
    #expect(sanitized.activeDivisions[1] == inside)
  }

  @Test func manyRegionsAreBoundedByOneRectangleCoveringTheRest() {
    let occlusions = (0..<128).map { i in
      Rect(x: Double(i % 16) * 50 + 3, y: Double(i / 16) * 100 + 7, width: 30, height: 30)
    }
    let context = LayoutContext(
      shape: .regularTall, size: Size(width: 820, height: 844), occlusions: occlusions)
    let sanitized = context.sanitized()
    #expect(sanitized.occlusions.count == LayoutContext.maximumRegionsPerKind)
    #expect(Array(sanitized.occlusions.prefix(3)) == Array(occlusions.prefix(3)))
    let bound = sanitized.occlusions[3]
    #expect(occlusions.dropFirst(3).allSatisfy { bound.contains($0) })
    #expect(bound == Rect(x: 3, y: 7, width: 780, height: 730))
    // The plan avoids every original region, not only the bound.
    let plan = ReferenceScreenLayout().plan(for: context)
    for element in plan.elements where element.isInteractive {
      #expect(!occlusions.contains { element.frame.intersects($0) }, "\(element.id)")
    }
  }

  @Test func contextsWithinTheCapsAreUnchanged() {
    let context = LayoutContext(
      shape: .regularWide, size: Size(width: 1e5, height: 1e5),
      safeArea: EdgeInsets(top: 47, leading: 0.1, bottom: 34, trailing: 1e5),
      activeDivisions: [Rect(x: 400.3, y: -16_000, width: 20, height: 1e5)], canFold: true,
      occlusions: (0..<4).map { Rect(x: Double($0) * 40, y: 0, width: 30, height: 30) })
    #expect(context.sanitized() == context)
  }
}
