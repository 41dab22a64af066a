import FoldReplay
import LayoutCore
import Testing

// Planted faults: each breaks exactly one promise, so replaying must fail with the check for it.

/// Picks the shape from a width breakpoint (780 pt) instead of the size classes: the guide's first
/// pitfall (LayoutCore's LayoutRules, "Case matrix": "780 pt, so a sidebar").
struct WidthBreakpointLayout: LayoutPolicy {
  var base: any LayoutPolicy
  func plan(for context: LayoutContext) -> LayoutPlan {
    var context = context
    context.shape =
      context.size.width < 780 ? .compactTall : (context.isWide ? .regularWide : .regularTall)
    return base.plan(for: context)
  }
}

/// Ignores reserved regions: controls stay over the fold and the camera.
struct ControlsOverFoldLayout: LayoutPolicy {
  var base: any LayoutPolicy
  func plan(for context: LayoutContext) -> LayoutPlan {
    var context = context
    context.activeDivisions = []
    context.occlusions = []
    return base.plan(for: context)
  }
}

/// Puts an odd number of grid columns (three or more) on a foldable, where the fold would cut the middle
/// column (LayoutCore's LayoutRules, "Density from continuous width": an even column count on a foldable).
struct OddColumnsLayout: LayoutPolicy {
  var base: any LayoutPolicy
  func plan(for context: LayoutContext) -> LayoutPlan {
    var plan = base.plan(for: context)
    if context.canFold { plan.columns = max(3, plan.columns | 1) }
    return plan
  }
}

/// Drops the overflow menu's actions in the stack presentation: features change by size.
struct ShrinkingFeaturesLayout: LayoutPolicy {
  var base: any LayoutPolicy
  func plan(for context: LayoutContext) -> LayoutPlan {
    var plan = base.plan(for: context)
    if plan.presentation == .stack { plan.actions = Array(plan.actions.prefix(1)) }
    return plan
  }
}

/// Drops the share button in the stack presentation without moving it to the overflow menu.
struct HiddenActionLayout: LayoutPolicy {
  var base: any LayoutPolicy
  func plan(for context: LayoutContext) -> LayoutPlan {
    var plan = base.plan(for: context)
    if plan.presentation == .stack {
      plan.elements.removeAll { $0.id == "action.share" }
      plan.overflow.removeAll { $0 == "action.share" }
    }
    return plan
  }
}

/// Jumps every element straight to its new frame (an animation of zero duration).
struct SnappingAnimator: PlanAnimating {
  var animator = PlanAnimator()
  mutating func update(to plan: LayoutPlan, context: LayoutContext, at time: UInt64) {
    animator = PlanAnimator()
    animator.update(to: plan, context: context, at: time)
  }
  func presentations(at time: UInt64) -> [ElementPresentation] { animator.presentations(at: time) }
  func isSettled(at time: UInt64) -> Bool { animator.isSettled(at: time) }
}

/// Restarts each move from the model value (the previous plan's frame), not from what is on screen:
/// UIKit's animate without `.beginFromCurrentState`.
struct RestartingAnimator: PlanAnimating {
  var animator = PlanAnimator()
  var model: LayoutPlan?
  mutating func update(to plan: LayoutPlan, context: LayoutContext, at time: UInt64) {
    if let model {
      animator = PlanAnimator()
      animator.update(to: model, context: context, at: time)
    }
    animator.update(to: plan, context: context, at: time)
    model = plan
  }
  func presentations(at time: UInt64) -> [ElementPresentation] { animator.presentations(at: time) }
  func isSettled(at time: UInt64) -> Bool { animator.isSettled(at: time) }
}

/// Starts each move from the frame on screen but at rest: the velocity is dropped.
struct VelocityDroppingAnimator: PlanAnimating {
  var animator = PlanAnimator()
  var started = false
  mutating func update(to plan: LayoutPlan, context: LayoutContext, at time: UInt64) {
    if started {
      let onScreen = animator.presentations(at: time).filter { $0.phase == .present }
      var still = plan
      still.elements = onScreen.map { LayoutElement(id: $0.id, frame: $0.frame) }
      animator = PlanAnimator()
      animator.update(to: still, context: context, at: time)
    }
    animator.update(to: plan, context: context, at: time)
    started = true
  }
  func presentations(at time: UInt64) -> [ElementPresentation] { animator.presentations(at: time) }
  func isSettled(at time: UInt64) -> Bool { animator.isSettled(at: time) }
}

/// Forgets the anchor on relayout: keeps the old content offset, so the content shifts under the user.
struct ForgetfulScroll: ScrollAnchoring {
  var model: ScrollModel
  init(
    items: [ScrollItem], viewport: ScrollViewport, configuration: ScrollConfiguration,
    contentOffset: Double, selection: String?
  ) {
    model = ScrollModel(
      items: items, viewport: viewport, configuration: configuration, contentOffset: contentOffset,
      selection: selection)
  }
  init(
    restoring position: ScrollPosition, items: [ScrollItem], viewport: ScrollViewport,
    configuration: ScrollConfiguration
  ) {
    model = ScrollModel(restoring: position, items: items, viewport: viewport, configuration: configuration)
  }
  var contentOffset: Double { model.contentOffset }
  var anchor: ScrollAnchor? { model.anchor }
  var position: ScrollPosition { model.position }
  mutating func scroll(to offset: Double) { model.scroll(to: offset) }
  mutating func select(_ id: String?) { model.select(id) }
  mutating func relayout(
    items: [ScrollItem]?, viewport: ScrollViewport?, configuration: ScrollConfiguration?
  ) -> ScrollAdjustment {
    let offset = model.contentOffset
    let adjustment = model.relayout(items: items, viewport: viewport, configuration: configuration)
    model.scroll(to: offset)
    return adjustment
  }
}

/// Springs every move even with Reduce Motion on.
struct SlidingAnimator: PlanAnimating {
  var animator = PlanAnimator()
  mutating func update(to plan: LayoutPlan, context: LayoutContext, at time: UInt64) {
    var context = context
    context.reduceMotion = false
    animator.update(to: plan, context: context, at: time)
  }
  func presentations(at time: UInt64) -> [ElementPresentation] { animator.presentations(at: time) }
  func isSettled(at time: UInt64) -> Bool { animator.isSettled(at: time) }
}

/// Declares moves finished 100 ms after each update, wherever the elements are.
struct StopsShortAnimator: PlanAnimating {
  var animator = PlanAnimator()
  var updated: UInt64 = 0
  mutating func update(to plan: LayoutPlan, context: LayoutContext, at time: UInt64) {
    animator.update(to: plan, context: context, at: time)
    updated = time
  }
  func presentations(at time: UInt64) -> [ElementPresentation] { animator.presentations(at: time) }
  func isSettled(at time: UInt64) -> Bool {
    time >= updated + 100_000_000 || animator.isSettled(at: time)
  }
}

/// A planted fault, the check it must fail, and the others it may fail too because they see the same
/// defect from another side: a cut under Reduce Motion is also not a cross-fade; a breakpoint that
/// disagrees with the size classes also flaps; a restart from the model value puts an element that was
/// already heading for its target straight onto it; a bouncy spring also moves faster than a bounce-0 one
/// could; dropping the tracks of elements still fading in puts them on their targets at once (a snap,
/// mid-drag too).
struct PlantedFault: Sendable, CustomTestStringConvertible {
  var name: String
  var check: ReplayCheck
  var alsoAllowed: Set<ReplayCheck> = []
  var configure: @Sendable (any LayoutPolicy) -> ReplayConfiguration

  init(
    name: String, check: ReplayCheck, alsoAllowed: Set<ReplayCheck> = [],
    configure: @escaping @Sendable (any LayoutPolicy) -> ReplayConfiguration
  ) {
    self.name = name
    self.check = check
    self.alsoAllowed = alsoAllowed
    self.configure = configure
  }

  var testDescription: String { name }

  static let all: [PlantedFault] = [
    PlantedFault(name: "width-breakpoint shape rule", check: .shape, alsoAllowed: [.flapping]) {
      testConfiguration(policy: WidthBreakpointLayout(base: $0))
    },
    PlantedFault(name: "animator that snaps", check: .frameJump, alsoAllowed: [.crossFade]) {
      testConfiguration(policy: $0, animator: SnappingAnimator())
    },
    PlantedFault(
      name: "animator that restarts from the model value", check: .retargetOrigin,
      alsoAllowed: [.frameJump, .retargetVelocity]
    ) {
      testConfiguration(policy: $0, animator: RestartingAnimator())
    },
    PlantedFault(name: "animator that drops velocity", check: .retargetVelocity, alsoAllowed: [.frameJump]) {
      testConfiguration(policy: $0, animator: VelocityDroppingAnimator())
    },
    PlantedFault(name: "scroll that forgets its anchor", check: .anchor) {
      testConfiguration(policy: $0, scrollAnchoring: ForgetfulScroll.self)
    },
    PlantedFault(name: "controls left over the fold", check: .reservedRegion) {
      testConfiguration(policy: ControlsOverFoldLayout(base: $0))
    },
    PlantedFault(name: "odd columns on a foldable", check: .evenColumns) {
      testConfiguration(policy: OddColumnsLayout(base: $0))
    },
    PlantedFault(name: "features that change by size", check: .featureSet) {
      testConfiguration(policy: ShrinkingFeaturesLayout(base: $0))
    },
    PlantedFault(name: "action that is neither shown nor in the overflow menu", check: .featureSet) {
      testConfiguration(policy: HiddenActionLayout(base: $0))
    },
    PlantedFault(name: "animator that slides under Reduce Motion", check: .crossFade) {
      testConfiguration(policy: $0, animator: SlidingAnimator())
    },
    PlantedFault(name: "animator that bounces", check: .overshoot, alsoAllowed: [.frameJump]) {
      testConfiguration(policy: $0, animator: PlanAnimator(spring: Spring(duration: 0.4, bounce: 0.6)))
    },
    PlantedFault(name: "animator that stops short", check: .endSnap) {
      testConfiguration(policy: $0, animator: StopsShortAnimator())
    },
    PlantedFault(name: "presentation that flaps while the shape holds", check: .flapping) {
      testConfiguration(policy: FlappingPresentationLayout(base: $0))
    },
    PlantedFault(
      name: "animator reset on a pane change", check: .frameJump, alsoAllowed: [.crossFade]
    ) {
      testConfiguration(policy: $0, animator: PaneChangeResettingAnimator())
    },
  ]
}

/// Reports the neighbouring presentation (stack ↔ split, expanded → split) on every other 1.5 pt band of
/// width plus height while keeping the shape: a presentation decided from a width that the presentation
/// itself changes (a pane toggled near a threshold). During a window drag it flaps many times a second.
struct FlappingPresentationLayout: LayoutPolicy {
  var base: any LayoutPolicy
  func plan(for context: LayoutContext) -> LayoutPlan {
    var plan = base.plan(for: context)
    if Int((context.size.width + context.size.height) / 1.5) % 2 == 1 {
      plan.presentation = plan.presentation == .split ? .stack : .split
    }
    return plan
  }
}

/// Starts a fresh animator, at rest on the new plan, whenever the plan's presentation or pane count
/// changes: a layout that rebuilds its view hierarchy on a pane change, so every element snaps there —
/// also mid-drag, where a structural change must wait for the drag's end or animate.
struct PaneChangeResettingAnimator: PlanAnimating {
  var animator = PlanAnimator()
  var previous: LayoutPlan?
  mutating func update(to plan: LayoutPlan, context: LayoutContext, at time: UInt64) {
    if let previous, previous.presentation != plan.presentation || Self.panes(previous) != Self.panes(plan) {
      animator = PlanAnimator()
    }
    animator.update(to: plan, context: context, at: time)
    previous = plan
  }
  func presentations(at time: UInt64) -> [ElementPresentation] { animator.presentations(at: time) }
  func isSettled(at time: UInt64) -> Bool { animator.isSettled(at: time) }
  private static func panes(_ plan: LayoutPlan) -> Int { plan.elements.filter(\.isScrollable).count }
}
