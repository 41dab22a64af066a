import FoldTrace
import LayoutCore

/// Checks every plan against its context: reserved regions avoided, even columns on a foldable, the
/// same actions everywhere.
struct PlanChecks {
  /// The first plan's actions: every later plan must offer the same.
  private var referenceActions: [String]?
  private var referenceLocation: String = ""
  /// The element every plan must place, if any.
  let scrollElementID: String?

  init(scrollElementID: String?) { self.scrollElementID = scrollElementID }

  /// True when an element of `elements` has id `id`: a search that starts at `cursor` and wraps around,
  /// leaving `cursor` just after the element found.
  ///
  /// - Complexity: O(n) id comparisons at most; one when the ids are sought in the elements' order.
  private static func find(
    _ id: String, in elements: borrowing Span<LayoutElement>, from cursor: inout Int
  ) -> Bool {
    let count = elements.count
    var index = cursor
    for _ in 0..<count {
      if index >= count { index = 0 }
      if elements[index].id == id {
        cursor = index + 1
        return true
      }
      index += 1
    }
    return false
  }

  /// The plan's actions that are neither among `elements` nor in its overflow menu; none when the layout
  /// places no action as an element.
  ///
  /// - Complexity: O(a × e) id comparisons at most for a actions and e elements; O(a) when the elements
  ///   list the actions in action order.
  private static func unreachable(_ plan: LayoutPlan, in elements: borrowing Span<LayoutElement>) -> [String]
  {
    var cursor = 0
    var anyPlaced = false
    for action in plan.actions where find(action, in: elements, from: &cursor) {
      anyPlaced = true
      break
    }
    guard anyPlaced else { return [] }
    var unreachable: [String] = []
    for action in plan.actions
    where !find(action, in: elements, from: &cursor) && !plan.overflow.contains(action) {
      unreachable.append(action)
    }
    return unreachable
  }

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
    if let scrollElementID, plan.element(scrollElementID) == nil {
      report(
        failure(
          .scrollElement, element: scrollElementID,
          expected: "the scrolling element \"\(scrollElementID)\" (ReplayConfiguration.scrollElementID)",
          actual: "no such element among \(plan.elements.count) (\(plan.presentation) presentation)",
          summary: "the plan has no scrolling element: the replay has no scroll view to anchor"))
    }
    // The reserved regions in order, divisions then occlusions, read where the context holds them (no
    // array of named regions built per plan).
    let divisions = context.activeDivisions
    let occlusions = context.occlusions
    for element in plan.elements where element.isInteractive {
      let frame = element.frame
      let name: String
      let region: Rect
      if let division = divisions.first(where: { frame.intersects($0) }) {
        (name, region) = ("the active division", division)
      } else if let occlusion = occlusions.first(where: { frame.intersects($0) }) {
        (name, region) = ("the active occlusion", occlusion)
      } else {
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
    if !plan.unplaced.isEmpty, !(divisions.isEmpty && occlusions.isEmpty) {
      let names =
        Array(repeating: "the active division", count: divisions.count)
        + Array(repeating: "the active occlusion", count: occlusions.count)
      report(
        failure(
          .reservedRegion, element: plan.unplaced.first,
          expected:
            "every interactive element placed clear of \(names.joined(separator: " and "))",
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
    // menu (LayoutCore's LayoutRules, "L2: safe area and bars": items overflow, they never disappear).
    // Membership by linear search (a plan has a few dozen elements and actions at most): each search of
    // the elements starts after the element last found and wraps around (the same answers as a search
    // from the first); a plan places its actions in action order, so a search usually ends within a step
    // or two.
    let planElements = plan.elements[...]
    let unreachable: [String] = Self.unreachable(plan, in: planElements.span)
    if !unreachable.isEmpty {
      report(
        failure(
          .featureSet, element: unreachable.first,
          expected: "every action on screen or in the overflow menu",
          actual: "\(unreachable.joined(separator: ", ")) in neither",
          summary: "the \(plan.presentation) presentation makes actions unreachable"))
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
