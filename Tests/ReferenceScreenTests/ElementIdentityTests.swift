import LayoutCore
import ReferenceScreen
import TestSupport
import Testing

/// Element ids and flags are what replays, animations and assertions key on: they must be stable.
@Suite struct ElementIdentityTests {
  let policy = ReferenceScreenLayout()

  /// The same context in each of the five shapes: persisting elements keep their ids; the sidebar exists
  /// only in expanded, the detail only in split and expanded.
  @Test func idsPersistAcrossPresentations() {
    let base = Devices.context(.regular, .regular, 1000, 800)
    for shape in LayoutShape.allCases {
      let plan = policy.plan(for: base.with(shape: shape))
      let ids = Set(plan.elements.map(\.id))
      for id in [
        "list", "toolbar", "controls", "control.day", "control.week", "control.month", "grid.column.0",
      ] {
        #expect(ids.contains(id), "\(shape) lacks \(id)")
      }
      #expect(ids.contains("sidebar") == (shape.presentation == .expanded), "\(shape)")
      #expect(ids.contains("detail") == (shape.presentation != .stack), "\(shape)")
      #expect(ids.contains("detail.text") == (shape.presentation != .stack), "\(shape)")
      let actionIDs = plan.elements.map(\.id).filter { $0.hasPrefix("action.") }
      #expect(Set(actionIDs + plan.overflow) == Set(plan.actions))
    }
  }

  /// Controls are interactive, content scrolls, never both.
  @Test func flagsFollowTheRole() {
    let plan = policy.plan(for: Devices.duoInternalLandscape())
    for e in plan.elements {
      let interactive =
        e.id == "toolbar" || e.id == "overflow" || e.id == "controls" || e.id.hasPrefix("action.")
        || e.id.hasPrefix("control.")
      #expect(e.isInteractive == interactive, "\(e.id)")
      #expect(e.isScrollable == !interactive, "\(e.id)")
    }
  }

  /// Motion and resize state do not change the plan: they change how it animates (the motion rules),
  /// not where things go.
  @Test func motionStateDoesNotChangeThePlan() {
    var context = Devices.duoInternalLandscape(divisions: [Devices.bookFold])
    let plan = policy.plan(for: context)
    context.reduceMotion = true
    context.isInteractivelyResizing = true
    #expect(policy.plan(for: context) == plan)
  }

  /// Custom content: the plan lists exactly the content's actions and controls.
  @Test func customContentIsLaidOut() {
    let content = ReferenceContent(
      actions: [BarAction("play", priority: .high), BarAction("next")], controls: ["all", "starred"])
    let plan = ReferenceScreenLayout(content: content).plan(
      for: Devices.context(.compact, .regular, 393, 852))
    #expect(plan.actions == ["action.next", "action.play"])
    #expect(plan.element("control.starred") != nil && plan.element("control.day") == nil)
    #expect(plan.overflow.isEmpty)
  }
}
