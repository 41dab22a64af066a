import FoldTrace
import LayoutCore

/// Checks every plan against its context: reserved regions avoided, even columns on a foldable, the
/// same actions everywhere.
struct PlanChecks {
  /// The first plan's actions: every later plan must offer the same.
  private var referenceActions: [String]?
  private var referenceLocation: String = ""

  mutating func observe(_ evaluation: LayoutEvaluation, report: (ReplayFailure) -> Void) {
    let plan = evaluation.plan
    let context = evaluation.context
    func failure(
      _ check: ReplayCheck, element: String? = nil, expected: String, actual: String, summary: String,
      diff: [String] = []
    ) -> ReplayFailure {
      ReplayFailure(
        check: check, scene: evaluation.scene, eventIndex: evaluation.eventIndex, time: evaluation.time,
        element: element, expected: expected, actual: actual, summary: summary, diff: diff)
    }
    let reserved =
      context.activeDivisions.map { ("the active division", $0) }
      + context.occlusions.map { ("the active occlusion", $0) }
    for element in plan.elements where element.isInteractive {
      guard let (name, region) = reserved.first(where: { element.frame.intersects($0.1) }) else {
        continue
      }
      report(
        failure(
          .reservedRegion, element: element.id, expected: "clear of \(name) at \(ReplayFormat.rect(region))",
          actual: "at \(ReplayFormat.rect(element.frame))",
          summary: "an interactive element rests over \(name)"))
    }
    // A control the layout could not place clear of the reserved regions is left out of the plan
    // (`LayoutPlan.unplaced`): the promise still fails — the user loses it — so it is reported too.
    if !plan.unplaced.isEmpty, !reserved.isEmpty {
      report(
        failure(
          .reservedRegion, element: plan.unplaced.first,
          expected:
            "every interactive element placed clear of \(reserved.map(\.0).joined(separator: " and "))",
          actual: "\(plan.unplaced.joined(separator: ", ")) left out: no room clear of them",
          summary: "interactive elements have no place clear of the reserved regions"))
    }
    if context.canFold, plan.columns > 1, plan.columns % 2 == 1 {
      report(
        failure(
          .evenColumns, expected: "an even column count (the scene can fold)",
          actual: "\(plan.columns) columns", summary: "a foldable scene's grid has an odd column count"))
    }
    // Reachable: when the layout places actions as elements, each one is on screen or in the overflow
    // menu (`002_1da93e9f788744f6.txt`, section 4: items overflow, they never disappear).
    // Membership by linear search: a plan has a few dozen elements and actions at most, and hashing
    // every id into sets cost more than the comparisons.
    func isPlaced(_ id: String) -> Bool { plan.elements.contains { $0.id == id } }
    if plan.actions.contains(where: isPlaced) {
      let unreachable = plan.actions.filter { !isPlaced($0) && !plan.overflow.contains($0) }
      if !unreachable.isEmpty {
        report(
          failure(
            .featureSet, element: unreachable.first,
            expected: "every action on screen or in the overflow menu",
            actual: "\(unreachable.joined(separator: ", ")) in neither",
            summary: "the \(plan.presentation) presentation makes actions unreachable"))
      }
    }
    guard let reference = referenceActions else {
      referenceActions = plan.actions
      referenceLocation = "scene \(evaluation.scene) at \(ReplayFormat.seconds(evaluation.time))"
      return
    }
    if plan.actions != reference {
      report(
        failure(
          .featureSet, expected: "the actions of \(referenceLocation) (\(reference.count))",
          actual: "\(plan.actions.count) actions in the \(plan.presentation) presentation",
          summary: "the \(plan.presentation) presentation offers different actions",
          diff: LineDiff.lines(expected: reference, actual: plan.actions).filter { !$0.hasPrefix(" ") }))
    }
  }
}
