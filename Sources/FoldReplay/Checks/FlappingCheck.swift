import FoldTrace
import LayoutCore

/// A decision a plan carries, checked for flapping: the structure the shape decides and the density the
/// width decides (LayoutRules, "L1: shape and presentation" and "Density from continuous width").
public enum PlanDecision: String, Sendable, Hashable, CaseIterable {
  /// ``LayoutPlan/shape``.
  case shape
  /// ``LayoutPlan/presentation``.
  case presentation
  /// The number of panes placed (``ReplayExpectations/paneCount(of:)``).
  case paneCount = "pane count"
  /// ``LayoutPlan/columns``.
  case columns
}

/// Checks that no decision a plan carries — shape, presentation, pane count, grid columns — is held for
/// less than the minimum dwell without the input asking for it.
///
/// - **Shape**: any shape held shorter than the dwell fails unless the recorded input entered and left
///   it just as the layout did (the input's own shape crossed back).
/// - **Presentation, pane count, columns**: a value held shorter than the dwell and then left for the
///   value it interrupted (A → B → A: a flap) fails unless the input moved back too: the recorded shape
///   changed at both ends of the brief run, so did another input (safe area, reserved regions, bars,
///   Dynamic Type, layout direction), or the scene's width or height turned around (the user
///   dragged back, the device folded back), or a decision above it in ``PlanDecision`` order changed at
///   either end (a presentation re-derived from a new shape, columns from a new pane arrangement: the
///   decision above is checked itself). A quick pass through values in one direction (A → B → C) is the
///   layout following its input, not flapping.
///
/// The first value of a scene is never brief: nothing was held before it.
struct FlappingCheck {
  /// One decision's current run in one scene.
  private struct Run {
    var value: Int
    var start: UInt64
    var eventIndex: Int
    /// The recorded input's shape at the run's start.
    var inputShape: LayoutShape
    /// The value of the run before this one, if any.
    var interrupted: Int?
    /// The scene size at the run's start and at the layout change before it, in points.
    var startSize: Size
    var entrySize: Size
    /// The input's shape at the layout change before the run.
    var entryShape: LayoutShape
    /// True when a decision above this one (``PlanDecision`` order) changed where the run started.
    var followedStructure: Bool
    /// True when an input other than the size (safe area, reserved regions, bars, Dynamic Type, layout
    /// direction) changed where the run started.
    var followedOtherInput: Bool
  }
  private struct SceneRuns {
    var scene: SceneID
    var runs: [Run]
    var lastSize: Size
    var lastShape: LayoutShape
    var lastContext: LayoutContext
  }
  /// The connected scenes' runs (``forget(_:)`` drops a scene's when it disconnects).
  private var scenes: [SceneRuns] = []
  /// Each scene's position in `scenes`.
  private var indices: [SceneID: Int] = [:]
  let minimumDwell: UInt64
  let expectations: ReplayExpectations

  init(minimumDwell: UInt64, expectations: ReplayExpectations) {
    self.minimumDwell = minimumDwell
    self.expectations = expectations
  }

  /// The decisions' values in ``PlanDecision/allCases`` order, as integers.
  private func values(of plan: LayoutPlan) -> [Int] {
    [
      LayoutShape.allCases.firstIndex(of: plan.shape) ?? 0,
      Presentation.allCases.firstIndex(of: plan.presentation) ?? 0,
      expectations.paneCount(of: plan), plan.columns,
    ]
  }

  private static func text(_ value: Int, of decision: PlanDecision) -> String {
    switch decision {
    case .shape: "\(LayoutShape.allCases[value])"
    case .presentation: "\(Presentation.allCases[value])"
    case .paneCount: value == 1 ? "1 pane" : "\(value) panes"
    case .columns: value == 1 ? "1 column" : "\(value) columns"
    }
  }

  mutating func observe(_ change: LayoutChange, report: (ReplayFailure) -> Void) {
    let values = values(of: change.plan)
    let size = change.context.size
    let inputShape = change.context.shape
    func run(
      _ value: Int, interrupted: Int?, entrySize: Size, entryShape: LayoutShape, followedStructure: Bool,
      followedOtherInput: Bool = false
    ) -> Run {
      Run(
        value: value, start: change.time, eventIndex: change.eventIndex, inputShape: inputShape,
        interrupted: interrupted, startSize: size, entrySize: entrySize, entryShape: entryShape,
        followedStructure: followedStructure, followedOtherInput: followedOtherInput)
    }
    guard let index = indices[change.scene] else {
      indices[change.scene] = scenes.count
      scenes.append(
        SceneRuns(
          scene: change.scene,
          runs: values.map {
            run($0, interrupted: nil, entrySize: size, entryShape: inputShape, followedStructure: false)
          },
          lastSize: size, lastShape: inputShape, lastContext: change.context))
      return
    }
    let otherInputChanged = Self.otherInputsDiffer(scenes[index].lastContext, change.context)
    // Whether a decision above the one at hand changed in this change.
    var structureChanged = false
    for (position, decision) in PlanDecision.allCases.enumerated() {
      let previous = scenes[index].runs[position]
      let value = values[position]
      defer { structureChanged = structureChanged || previous.value != value }
      guard previous.value != value else { continue }
      scenes[index].runs[position] = run(
        value, interrupted: previous.value, entrySize: scenes[index].lastSize,
        entryShape: scenes[index].lastShape, followedStructure: structureChanged,
        followedOtherInput: otherInputChanged)
      let held = change.time - previous.start
      guard held < minimumDwell, let interrupted = previous.interrupted else { continue }
      let brief = Self.text(previous.value, of: decision)
      let now = Self.text(value, of: decision)
      let input = "\(ReplayFormat.number(size.width)) × \(ReplayFormat.number(size.height)) pt, \(inputShape)"
      if decision == .shape {
        // The input crossed back itself when it entered and left the brief shape just as the layout did.
        let inputCrossedBack =
          previous.inputShape == LayoutShape.allCases[previous.value] && inputShape == change.plan.shape
        guard !inputCrossedBack else { continue }
        report(
          failure(
            change, decision, held: held, from: previous,
            summary: "the layout flapped \(brief) → \(now) while the recorded input stayed \(inputShape)"))
        continue
      }
      guard value == interrupted, !previous.followedStructure, !structureChanged else { continue }
      let shapeMovedAtBothEnds =
        previous.entryShape != previous.inputShape && inputShape != previous.inputShape
      let otherInputMovedAtBothEnds = previous.followedOtherInput && otherInputChanged
      guard !shapeMovedAtBothEnds, !otherInputMovedAtBothEnds,
        !Self.turnedAround(previous.entrySize, previous.startSize, size)
      else { continue }
      report(
        failure(
          change, decision, held: held, from: previous,
          summary:
            "the \(decision.rawValue) flapped \(now) → \(brief) → \(now) while the input moved one way "
            + "(now \(input))"))
    }
    scenes[index].lastSize = size
    scenes[index].lastShape = inputShape
    scenes[index].lastContext = change.context
  }

  /// Forgets a scene that disconnected: memory holds the connected scenes' runs, however many scenes
  /// come and go. If the scene connects again its first value is never brief, as a new scene's.
  /// - Complexity: O(1).
  mutating func forget(_ scene: SceneID) {
    guard let index = indices.removeValue(forKey: scene) else { return }
    let last = scenes.count - 1
    if index != last {
      scenes.swapAt(index, last)
      indices[scenes[index].scene] = index
    }
    scenes.removeLast()
  }

  /// True when `a` and `b` differ in an input other than the shape, the size and the motion flags.
  private static func otherInputsDiffer(_ a: LayoutContext, _ b: LayoutContext) -> Bool {
    a.safeArea != b.safeArea || a.activeDivisions != b.activeDivisions || a.canFold != b.canFold
      || a.occlusions != b.occlusions || a.toolbarVerticalEdge != b.toolbarVerticalEdge
      || a.layoutDirection != b.layoutDirection || a.dynamicTypeSize != b.dynamicTypeSize
  }

  private func failure(
    _ change: LayoutChange, _ decision: PlanDecision, held: UInt64, from previous: Run, summary: String
  ) -> ReplayFailure {
    ReplayFailure(
      check: .flapping, scene: change.scene, eventIndex: change.eventIndex, time: change.time,
      expected:
        "\(Self.text(previous.value, of: decision)) held at least \(ReplayFormat.seconds(minimumDwell))",
      actual: "held \(ReplayFormat.seconds(held)) (from event \(previous.eventIndex))", summary: summary,
      decision: decision, context: change.context)
  }

  /// True when the size's width or height moved one way from `entry` to `start` and the other way from
  /// `start` to `end` (points).
  private static func turnedAround(_ entry: Size, _ start: Size, _ end: Size) -> Bool {
    (start.width - entry.width) * (end.width - start.width) < 0
      || (start.height - entry.height) * (end.height - start.height) < 0
  }
}
