import LayoutCore

/// A layout that floats its compose button at the bottom centre of the safe area, 16 pt above its edge,
/// whatever the reserved regions (``AppOutputSpec/Fault/buttonOnFold``): folded as a book, the fold runs
/// through it.
struct CentredButtonLayout: LayoutPolicy {
  var base: any LayoutPolicy
  /// The button's id and side, in points.
  static let button = "action.compose"
  static let side = 44.0

  func plan(for context: LayoutContext) -> LayoutPlan {
    var plan = base.plan(for: context)
    guard let index = plan.elements.firstIndex(where: { $0.id == Self.button }) else { return plan }
    let safe = context.safeArea
    let x = (safe.leading + context.size.width - safe.trailing - Self.side) / 2
    let y = context.size.height - safe.bottom - 16 - Self.side
    plan.elements[index].frame = Rect(x: x, y: y, width: Self.side, height: Self.side)
    return plan
  }
}

/// An animator that never hears of Reduce Motion (``AppOutputSpec/Fault/ignoreReduceMotion``): it
/// slides where it should cross-fade.
struct MotionBlindAnimator: PlanAnimating {
  var base: any PlanAnimating

  mutating func update(to plan: LayoutPlan, context: LayoutContext, at time: UInt64) {
    var blind = context
    blind.reduceMotion = false
    base.update(to: plan, context: blind, at: time)
  }

  func presentations(at time: UInt64) -> [ElementPresentation] { base.presentations(at: time) }

  func isSettled(at time: UInt64) -> Bool { base.isSettled(at: time) }
}
