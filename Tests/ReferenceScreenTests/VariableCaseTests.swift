import LayoutCore
import ReferenceScreen
import Testing

/// The guide's variable cases (LayoutCore's LayoutRules, "Case matrix"): the shape follows continuously
/// changing space.
@Suite struct VariableCaseTests {
  let policy = ReferenceScreenLayout()

  /// The size classes a resizable window reports, for these tests only: compact below 600 pt wide or
  /// 500 pt tall. (The system decides them; any threshold exercises the same code.)
  static func windowContext(_ width: Double, _ height: Double) -> LayoutContext {
    LayoutContext(
      horizontalSizeClass: width < 600 ? .compact : .regular,
      verticalSizeClass: height < 500 ? .compact : .regular,
      size: Size(width: width, height: height))
  }

  /// iPad Split View on a 1366 × 1024 pt landscape display, divider dragged from 1/4 to 3/4: the narrow
  /// side is compactTall (stack), the wide side regularTall or regularWide by aspect
  /// (LayoutCore's LayoutRules, "Case matrix").
  @Test func iPadSplitViewSides() {
    var wideShapes: Set<LayoutShape> = []
    for step in 0...20 {
      let narrow = 1366 * (0.25 + 0.0125 * Double(step))
      let narrowSide = LayoutContext(
        horizontalSizeClass: .compact, verticalSizeClass: .regular, size: Size(width: narrow, height: 1024))
      let wideSide = LayoutContext(
        horizontalSizeClass: .regular, verticalSizeClass: .regular,
        size: Size(width: 1366 - narrow, height: 1024))
      #expect(narrowSide.shape == .compactTall)
      #expect(policy.plan(for: narrowSide).presentation == .stack)
      #expect(policy.plan(for: narrowSide).element("detail") == nil)
      wideShapes.insert(wideSide.shape)
      let plan = policy.plan(for: wideSide)
      #expect(plan.element("detail") != nil)
      #expect(plan.violations(in: wideSide, vocabulary: .referenceScreen).isEmpty)
    }
    #expect(wideShapes == [.regularTall, .regularWide])
  }

  /// A continuous window resize (iPad windows, iPhone Mirroring: "all five") visits all five shapes, and
  /// along the way the actions never change and every plan keeps its invariants.
  @Test func continuousResizeVisitsAllFiveShapes() {
    // 1200×800 → 800×1000 → 400×1000 → 400×400 → 900×400 → 1200×800, 50 steps per leg.
    let corners: [(Double, Double)] = [
      (1200, 800), (800, 1000), (400, 1000), (400, 400), (900, 400), (1200, 800),
    ]
    var visited: [LayoutShape] = []
    let expectedActions = policy.plan(for: Self.windowContext(1200, 800)).actions
    for (a, b) in zip(corners, corners.dropFirst()) {
      for step in 0..<50 {
        let t = Double(step) / 50
        let context = Self.windowContext(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
        let plan = policy.plan(for: context)
        if visited.last != context.shape { visited.append(context.shape) }
        #expect(plan.actions == expectedActions)
        #expect(plan.violations(in: context, vocabulary: .referenceScreen).isEmpty)
      }
    }
    #expect(Set(visited) == Set(LayoutShape.allCases))
    #expect(
      visited == [.regularWide, .regularTall, .compactTall, .compactShort, .regularShort, .regularWide])
  }

  /// Mac Catalyst keeps regular size classes when its window narrows (LayoutCore's LayoutRules, "Case
  /// matrix"): a 420 × 800 pt window is regularTall, so split with both panes, and still sound.
  @Test func catalystNarrowWindowStaysSplit() {
    let context = LayoutContext(
      horizontalSizeClass: .regular, verticalSizeClass: .regular, size: Size(width: 420, height: 800),
      safeArea: EdgeInsets(top: 28))
    let plan = policy.plan(for: context)
    #expect(plan.shape == .regularTall)
    #expect(plan.presentation == .split)
    let list = plan.element("list")!.frame
    let detail = plan.element("detail")!.frame
    // List: min(half, clamp(0.38 × 420, 280, 420)) = 210 pt; detail the rest.
    #expect(list == Rect(x: 0, y: 28, width: 210, height: 772))
    #expect(detail == Rect(x: 210, y: 28, width: 210, height: 772))
    #expect(plan.columns == 1)
    #expect(plan.violations(in: context, vocabulary: .referenceScreen).isEmpty)
    // Wide Catalyst window: expanded, and the same actions.
    let wide = LayoutContext(
      horizontalSizeClass: .regular, verticalSizeClass: .regular, size: Size(width: 1400, height: 900))
    #expect(policy.plan(for: wide).presentation == .expanded)
    #expect(policy.plan(for: wide).actions == plan.actions)
  }

  /// The window minimum the resizability guide shows (320 × 480 pt, LayoutCore's LayoutRules, "Resizable
  /// windows") still lays out every action, visible or in overflow.
  @Test func minimumWindowStillOffersEveryAction() {
    let context = Self.windowContext(320, 480)
    let plan = policy.plan(for: context)
    let visible = plan.elements.map(\.id).filter { $0.hasPrefix("action.") }
    #expect(Set(visible + plan.overflow) == Set(plan.actions))
    #expect(plan.actions.count == ReferenceContent.default.actions.count)
    #expect(!plan.overflow.isEmpty)
  }
}
