import FoldSim
import LayoutCore
import ReferenceScreen
import TestSupport
import Testing

/// When no placement clears the reserved regions, the plan leaves the group out and reports it in
/// ``LayoutPlan/unplaced`` instead of placing it over the fold or the camera.
@Suite struct UnplacedElementTests {
  let policy = ReferenceScreenLayout()
  let actionIDs = ReferenceContent.default.actions.map(\.id)
  let controlIDs = ["controls", "control.day", "control.week", "control.month"]

  @Test func divisionCoveringTheSceneLeavesEveryInteractiveGroupUnplaced() {
    // Before: the control row and the bar with its six actions stood inside the division (11 violations).
    let context = LayoutContext(
      horizontalSizeClass: .regular, verticalSizeClass: .regular, size: Size(width: 1000, height: 800),
      activeDivisions: [Rect(x: 0, y: 0, width: 1000, height: 800)], canFold: true)
    let plan = policy.plan(for: context)
    #expect(plan.violations(in: context, vocabulary: .referenceScreen) == [])
    #expect(plan.unplaced == controlIDs + ["toolbar"] + actionIDs)
    #expect(plan.elements.filter(\.isInteractive).isEmpty)
    #expect(plan.overflow == [])
    #expect(plan.actions == actionIDs.sorted())
    // Scrolling panes are not displaced: they stay.
    #expect(plan.element("list")?.frame == Rect(x: 220, y: 0, width: 300, height: 800))
    // The grid and text take the room the absent bar and row would have taken.
    #expect(plan.element("detail.text")?.frame == Rect(x: 536, y: 8, width: 448, height: 784))
  }

  @Test func tinySceneWithTheCameraInItLeavesTheBarUnplaced() {
    // 60 × 40 pt at AX5 with an occlusion: no 44 × 44 pt clear place exists for the bar.
    let context = LayoutContext(
      horizontalSizeClass: .compact, verticalSizeClass: .compact, size: Size(width: 60, height: 40),
      occlusions: [Rect(x: 10, y: 5, width: 30, height: 20)], dynamicTypeSize: .accessibility5)
    let plan = policy.plan(for: context)
    #expect(plan.violations(in: context, vocabulary: .referenceScreen) == [])
    #expect(plan.unplaced == controlIDs + ["toolbar"] + actionIDs)
    #expect(
      plan.elements == [
        LayoutElement(id: "list", frame: Rect(x: 0, y: 0, width: 60, height: 40), isScrollable: true),
        LayoutElement(
          id: "grid.column.0", frame: Rect(x: 16, y: 8, width: 28, height: 24), isScrollable: true),
      ])
    #expect(plan.element("toolbar") == nil && plan.element("overflow") == nil)
  }

  @Test func anUnplacedIDThatIsAlsoPlacedIsAViolation() {
    let context = LayoutContext(shape: .compactTall, size: Size(width: 400, height: 800))
    let bar = LayoutElement(
      id: "toolbar", frame: Rect(x: 0, y: 0, width: 400, height: 52), isInteractive: true)
    let plan = LayoutPlan(
      shape: .compactTall, presentation: .stack, columns: 1, elements: [bar], actions: ["action.x"],
      unplaced: ["toolbar", "action.x"])
    #expect(plan.violations(in: context, vocabulary: .referenceScreen) == [.unplacedElementPlaced("toolbar")])
    // Without the report, the hidden action is unreachable.
    var silent = plan
    silent.unplaced = []
    #expect(silent.violations(in: context, vocabulary: .referenceScreen) == [.actionNotReachable("action.x")])
  }

  /// Seeded property: degenerate sizes (0…50 pt a side), huge ones (10⁴…10⁵ pt a side) and over-inset scenes,
  /// with random regions (some with negative sizes, some covering the scene), any shape, bar edge,
  /// direction and Dynamic Type size: no plan breaks an invariant, and the plan reports every group it
  /// leaves out.
  @Test func degenerateContextsNeverBreakAnInvariant() {
    var rng = SplitMix64(seed: 0xDE6E_0E7A)
    for i in 0..<1500 {
      let huge = rng.chance(0.25)
      let w = huge ? rng.double(in: 10_000...100_000) : rng.double(in: 0...50).rounded(.down)
      let h = huge ? rng.double(in: 10_000...100_000) : rng.double(in: 0...50).rounded(.down)
      let inset = { (r: inout SplitMix64) in r.chance(0.5) ? r.double(in: 0...60) : 0 }
      let safe = EdgeInsets(
        top: inset(&rng), leading: inset(&rng), bottom: inset(&rng), trailing: inset(&rng))
      var regions: [Rect] = []
      for _ in 0..<Int(rng.next() % 3) {
        let region = Rect(
          x: rng.double(in: 0...max(1, w)), y: rng.double(in: 0...max(1, h)),
          width: rng.double(in: -60...60), height: rng.double(in: -60...60))
        regions.append(rng.chance(0.1) ? Rect(x: 0, y: 0, width: w, height: h) : region)
      }
      let split = Int(rng.next() % UInt64(regions.count + 1))
      let context = LayoutContext(
        shape: rng.pick(LayoutShape.allCases), size: Size(width: w, height: h), safeArea: safe,
        activeDivisions: Array(regions[..<split]), canFold: split > 0, occlusions: Array(regions[split...]),
        toolbarVerticalEdge: rng.pick([ToolbarVerticalEdge.leading, .trailing, nil]),
        layoutDirection: rng.pick(LayoutDirection.allCases),
        dynamicTypeSize: rng.pick(DynamicTypeSize.allCases))
      let plan = policy.plan(for: context)
      let found = plan.violations(in: context, vocabulary: .referenceScreen)
      #expect(found == [], "#\(i) \(context)")
      for e in plan.elements {
        let finite = [e.frame.x, e.frame.y, e.frame.width, e.frame.height].allSatisfy(\.isFinite)
        #expect(finite, "#\(i) \(e.id)")
      }
      if !found.isEmpty { return }
    }
  }

  @Test func gridColumnsStayInsideANarrowSideOfTheFold() {
    // Before: the second column on the 4 pt side before the fold stood at x = 16, outside the grid.
    let frames = AdaptiveGrid.guide.columnFrames(
      in: Rect(x: 0, y: 0, width: 1400, height: 10), canFold: true,
      division: Rect(x: 20, y: 0, width: 0, height: 10))
    #expect(
      frames == [
        Rect(x: 0, y: 0, width: 0, height: 10), Rect(x: 4, y: 0, width: 0, height: 10),
        Rect(x: 230, y: 0, width: 480, height: 10), Rect(x: 726, y: 0, width: 480, height: 10),
      ])
  }

  @Test func theOrdinaryDomainPlacesEverything() {
    var gen = ContextGenerator(seed: 4)
    for _ in 0..<400 {
      let context = gen.next()
      #expect(policy.plan(for: context).unplaced == [], "\(context)")
    }
  }
}
