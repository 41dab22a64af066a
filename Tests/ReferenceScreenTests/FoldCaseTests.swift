import LayoutCore
import ReferenceScreen
import TestSupport
import Testing

/// iPhone Duo poses and the L2 corrections (LayoutCore's LayoutRules, "L2: safe area and bars" and "Folds
/// and reserved regions").
@Suite struct FoldCaseTests {
  let policy = ReferenceScreenLayout()

  func interactive(_ plan: LayoutPlan) -> [LayoutElement] { plan.elements.filter(\.isInteractive) }

  /// Book pose on the internal display (expanded): the panes meet at the fold, 490 pt on each side;
  /// nothing interactive touches the fold.
  @Test func bookPoseExpandedEqualisesAroundTheFold() {
    let context = Devices.duoInternalLandscape(divisions: [Devices.bookFold])
    #expect(context.isBookPose && !context.isTabletop && context.shape == .regularWide)
    let plan = policy.plan(for: context)
    let sidebar = plan.element("sidebar")!.frame
    let list = plan.element("list")!.frame
    let detail = plan.element("detail")!.frame
    #expect(sidebar == Rect(x: 0, y: 24, width: 196, height: 696))  // 0.4 of the 490 pt before the fold
    #expect(list == Rect(x: 196, y: 24, width: 294, height: 696))
    #expect(detail == Rect(x: 510, y: 24, width: 490, height: 696))
    #expect(sidebar.width + list.width == detail.width)
    for e in interactive(plan) { #expect(!e.frame.intersects(Devices.bookFold), "\(e.id)") }
    #expect(plan.violations(in: context, vocabulary: .referenceScreen).isEmpty)
  }

  /// Book pose in split: list and detail are exactly 50/50 around a centred fold.
  @Test func bookPoseSplitIsFiftyFifty() {
    let fold = Rect(x: 440, y: 0, width: 20, height: 1000)
    let context = Devices.context(.regular, .regular, 900, 1000, canFold: true, divisions: [fold])
    let plan = policy.plan(for: context)
    #expect(plan.presentation == .split)
    #expect(plan.element("list")!.frame == Rect(x: 0, y: 0, width: 440, height: 1000))
    #expect(plan.element("detail")!.frame == Rect(x: 460, y: 0, width: 440, height: 1000))
    for e in interactive(plan) { #expect(!e.frame.intersects(fold), "\(e.id)") }
    // Unfolded, the same context splits 0.38 / 0.62 instead: the fold is what equalises.
    var flat = context
    flat.activeDivisions = []
    #expect(policy.plan(for: flat).element("list")!.frame.width == 342)
  }

  /// A fold across a stack: the scrolling list is not displaced, the bar shrinks to one side of the fold
  /// (the trailing one on a tie) and overflows more, the control row moves with its own group.
  @Test func foldAcrossStackDisplacesOnlyInteractiveElements() {
    let fold = Rect(x: 290, y: 0, width: 20, height: 800)
    let context = Devices.context(.compact, .regular, 600, 800, canFold: true, divisions: [fold])
    let plan = policy.plan(for: context)
    #expect(plan.element("list")!.frame == context.safeFrame)
    #expect(plan.element("toolbar")!.frame == Rect(x: 310, y: 0, width: 290, height: 52))
    #expect(plan.overflow == ["action.filter", "action.save", "action.export", "action.archive"])
    #expect(plan.element("action.compose") != nil && plan.element("action.share") != nil)
    let controls = plan.element("controls")!.frame
    #expect(controls == Rect(x: 310, y: 60, width: 274, height: 44))
    for e in interactive(plan) { #expect(!e.frame.intersects(fold), "\(e.id)") }
    #expect(plan.violations(in: context, vocabulary: .referenceScreen).isEmpty)
  }

  /// A grid spanning an active fold puts half its columns on each side and widens the gutter over the
  /// hinge to fold width + 2 × 16 pt, keeping the outer margins (the Fitness pattern).
  @Test func gridGutterWidensOverTheFold() {
    let fold = Rect(x: 490, y: 0, width: 20, height: 500)
    let folded = Devices.context(.compact, .compact, 1000, 500, canFold: true, divisions: [fold])
    let columns = policy.plan(for: folded).elements.filter { $0.id.hasPrefix("grid.column.") }.map(\.frame)
    #expect(columns.map(\.x) == [16, 526])
    #expect(columns.map(\.width) == [458, 458])
    #expect(columns[1].minX - columns[0].maxX == fold.width + 2 * 16)
    // Flat (fold inactive), the same width gives two equal 476 pt columns and a 16 pt gutter.
    let flat = Devices.context(.compact, .compact, 1000, 500, canFold: true)
    let flatColumns = policy.plan(for: flat).elements.filter { $0.id.hasPrefix("grid.column.") }.map(\.frame)
    #expect(flatColumns.map(\.width) == [476, 476])
    #expect(flatColumns[1].minX - flatColumns[0].maxX == 16)
  }

  /// Tabletop (internal portrait folded flat on a table): media (the detail) above the fold; list,
  /// controls and bar below it.
  @Test func tabletopPutsMediaAboveAndControlsBelow() {
    let fold = Devices.tabletopFold
    let context = Devices.duoInternalPortrait(divisions: [fold])
    #expect(context.isTabletop && context.shape == .regularTall)
    let plan = policy.plan(for: context)
    #expect(plan.element("detail")!.frame == Rect(x: 0, y: 32, width: 740, height: 458))
    #expect(plan.element("list")!.frame == Rect(x: 0, y: 510, width: 740, height: 470))
    #expect(plan.element("toolbar")!.frame == Rect(x: 0, y: 928, width: 740, height: 52))
    #expect(plan.element("controls")!.frame.minY == 518)
    for e in interactive(plan) { #expect(e.frame.minY >= fold.maxY, "\(e.id) is above the fold") }
    #expect(plan.violations(in: context, vocabulary: .referenceScreen).isEmpty)
    // A vertical bar stands only on the part below the fold.
    var vertical = context
    vertical.toolbarVerticalEdge = .trailing
    #expect(
      policy.plan(for: vertical).element("toolbar")!.frame == Rect(x: 688, y: 510, width: 52, height: 470))
  }

  /// Tabletop in a stack: the list (scrolling) is not displaced, its grid sits above the fold, the bar
  /// and the control row below it.
  @Test func tabletopStackKeepsControlsBelowTheFold() {
    let fold = Rect(x: 0, y: 390, width: 600, height: 20)
    let context = Devices.context(.compact, .regular, 600, 800, canFold: true, divisions: [fold])
    let plan = policy.plan(for: context)
    #expect(plan.element("list")!.frame == context.safeFrame)
    #expect(plan.element("toolbar")!.frame == Rect(x: 0, y: 748, width: 600, height: 52))
    #expect(plan.element("controls")!.frame.minY == 418)
    for e in plan.elements where e.id.hasPrefix("grid.column.") { #expect(e.frame.maxY <= fold.minY) }
    for e in interactive(plan) { #expect(e.frame.minY >= fold.maxY, "\(e.id) is above the fold") }
  }

  /// The internal camera turns on over the detail's bar: the bar moves the smallest distance (down by
  /// 38 pt, flush under the camera), every bar item moves with it, the scrolling panes do not move.
  @Test func cameraOcclusionDisplacesTheBarGroup() {
    let camera = Rect(x: 600, y: 40, width: 60, height: 30)
    let flat = policy.plan(for: Devices.duoInternalPortrait())
    let context = Devices.duoInternalPortrait(occlusions: [camera])
    let plan = policy.plan(for: context)
    let before = flat.element("toolbar")!.frame
    let after = plan.element("toolbar")!.frame
    #expect(before.y == 32)
    #expect(after == before.translatedBy(dx: 0, dy: 38))
    #expect(after.minY == camera.maxY)
    for id in plan.elements.map(\.id) where id.hasPrefix("action.") || id == "overflow" {
      #expect(plan.element(id)!.frame == flat.element(id)!.frame.translatedBy(dx: 0, dy: 38), "\(id)")
    }
    #expect(plan.element("list") == flat.element("list"))
    #expect(plan.element("detail") == flat.element("detail"))
    #expect(plan.violations(in: context, vocabulary: .referenceScreen).isEmpty)
  }

  /// Asymmetric safe area (Duo external: a 52 pt strip on one side): each edge is inset by its own
  /// inset, resolved by layout direction.
  @Test(arguments: LayoutDirection.allCases)
  func asymmetricSafeAreaInsetsEachEdge(direction: LayoutDirection) {
    let safe = EdgeInsets(top: 44, leading: 0, bottom: 20, trailing: 52)
    let context = Devices.context(.compact, .regular, 440, 760, safeArea: safe, direction: direction)
    #expect(context.hasAsymmetricSafeArea)
    let plan = policy.plan(for: context)
    let expected = Rect(x: direction == .leftToRight ? 0 : 52, y: 44, width: 388, height: 696)
    #expect(context.safeFrame == expected)
    #expect(plan.element("list")!.frame == expected)
    for e in plan.elements { #expect(e.frame.isInside(expected), "\(e.id)") }
  }

  /// The bar stands on `toolbarVerticalEdge`, on either edge and in either direction; content does not
  /// run under it.
  @Test(arguments: [ToolbarVerticalEdge.leading, .trailing], LayoutDirection.allCases)
  func verticalBarStandsOnItsEdge(edge: ToolbarVerticalEdge, direction: LayoutDirection) {
    let context = Devices.context(.compact, .compact, 760, 440, bar: edge, direction: direction)
    let plan = policy.plan(for: context)
    let onLeft = (edge == .leading) == (direction == .leftToRight)
    let bar = plan.element("toolbar")!.frame
    #expect(bar == Rect(x: onLeft ? 0 : 708, y: 0, width: 52, height: 440))
    #expect(plan.element("action.compose")!.frame == Rect(x: bar.x + 4, y: 4, width: 44, height: 44))
    #expect(plan.overflow.isEmpty)  // 8 slots for 6 actions
    for e in plan.elements where e.id.hasPrefix("grid.column.") || e.id.hasPrefix("control") {
      #expect(!e.frame.intersects(bar), "\(e.id) runs under the bar")
    }
  }

  /// A short vertical bar overflows bottom-up: the last-declared low-priority actions go first.
  @Test func shortVerticalBarOverflowsLowPriorityFromTheEnd() {
    let context = Devices.context(.compact, .compact, 760, 300, bar: .trailing)
    let plan = policy.plan(for: context)
    // (300 − 8 + 8) / 52 = 5 slots: 4 actions and the overflow button.
    #expect(plan.overflow == ["action.export", "action.archive"])
    let ids = plan.elements.map(\.id).filter { $0.hasPrefix("action.") || $0 == "overflow" }
    #expect(ids == ["action.compose", "action.share", "action.filter", "action.save", "overflow"])
    #expect(plan.element("overflow")!.frame.minY > plan.element("action.save")!.frame.minY)
  }

  /// Right-to-left mirrors left-to-right exactly: for random contexts, the plan of the mirrored context
  /// is the mirror of the plan (reserved regions mirrored, leading/trailing kept).
  @Test func rightToLeftMirrorsLeftToRight() {
    var gen = ContextGenerator(seed: 7)
    for i in 0..<400 {
      let context = gen.next()
      var mirrored = context
      mirrored.layoutDirection = context.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight
      let w = context.size.width
      func flip(_ r: Rect) -> Rect { Rect(x: w - r.maxX, y: r.y, width: r.width, height: r.height) }
      mirrored.activeDivisions = context.activeDivisions.map(flip)
      mirrored.occlusions = context.occlusions.map(flip)
      let a = policy.plan(for: context)
      let b = policy.plan(for: mirrored)
      #expect(a.elements.map(\.id) == b.elements.map(\.id), "context #\(i)")
      guard a.elements.map(\.id) == b.elements.map(\.id) else { return }
      for (ea, eb) in zip(a.elements, b.elements) {
        let f = flip(ea.frame)
        let close =
          abs(f.x - eb.frame.x) < 1e-6 && abs(f.y - eb.frame.y) < 1e-6
          && abs(f.width - eb.frame.width) < 1e-6 && abs(f.height - eb.frame.height) < 1e-6
        #expect(close, "context #\(i) \(ea.id): \(f) vs \(eb.frame)")
        if !close { return }
      }
      #expect(a.overflow == b.overflow && a.columns == b.columns)
    }
  }

  /// The largest Dynamic Type sizes turn the horizontal control row vertical.
  @Test(arguments: DynamicTypeSize.allCases)
  func accessibilitySizesTurnTheControlRowVertical(size: DynamicTypeSize) {
    let context = Devices.context(.compact, .regular, 393, 852, type: size)
    let plan = policy.plan(for: context)
    let cells = ["day", "week", "month"].map { plan.element("control." + $0)!.frame }
    if size.isAccessibilitySize {
      #expect(Set(cells.map(\.x)).count == 1)
      #expect(cells[0].maxY < cells[1].minY && cells[1].maxY < cells[2].minY)
    } else {
      #expect(Set(cells.map(\.y)).count == 1)
      #expect(cells[0].maxX < cells[1].minX && cells[1].maxX < cells[2].minX)
    }
    for c in cells { #expect(c.height >= 44) }
  }

  /// Body text is never wider than 85 characters at the current size (722.5 pt at `.large`), and is
  /// centred in the detail; on a 2000 pt Mac window the detail's content area is 1288 pt.
  @Test(arguments: DynamicTypeSize.allCases)
  func detailTextKeepsReadableWidth(size: DynamicTypeSize) {
    let context = Devices.context(.regular, .regular, 2000, 1200, type: size)
    let plan = policy.plan(for: context)
    let detail = plan.element("detail")!.frame
    let text = plan.element("detail.text")!.frame
    #expect(detail.width == 1320)
    let limit = 85 * TextMetrics(dynamicTypeSize: size).pointSize / 2
    #expect(text.width == min(1288, limit))
    #expect(abs(text.midX - detail.midX) < 1e-9)
  }
}
