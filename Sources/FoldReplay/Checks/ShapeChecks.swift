import FoldTrace
import LayoutCore

/// Checks that each plan's shape is the one the recorded input gives (`000_e528e4f7338d08ab.txt`,
/// "쉐이프 5개로 묶기": size classes, then `isWide`; never a width breakpoint).
struct ShapeFollowsInputCheck {
  mutating func observe(_ evaluation: LayoutEvaluation, report: (ReplayFailure) -> Void) {
    let input = evaluation.context
    guard evaluation.plan.shape != input.shape else { return }
    report(
      ReplayFailure(
        check: .shape, scene: evaluation.scene, eventIndex: evaluation.eventIndex, time: evaluation.time,
        expected: "\(input.shape)", actual: "\(evaluation.plan.shape)",
        summary:
          "the layout chose \(evaluation.plan.shape) for a \(ReplayFormat.number(input.size.width)) × "
          + "\(ReplayFormat.number(input.size.height)) pt scene whose size classes and aspect ratio give "
          + "\(input.shape)"))
  }
}

/// Checks that no shape is held for less than the minimum dwell unless the input itself crossed back.
struct FlappingCheck {
  private struct Run {
    var shape: LayoutShape
    var start: UInt64
    var eventIndex: Int
    var inputShape: LayoutShape
    var isFirst: Bool
  }
  private var runs: [(SceneID, Run)] = []
  let minimumDwell: UInt64

  init(minimumDwell: UInt64) { self.minimumDwell = minimumDwell }

  mutating func observe(_ change: LayoutChange, report: (ReplayFailure) -> Void) {
    let run = Run(
      shape: change.shape, start: change.time, eventIndex: change.eventIndex,
      inputShape: change.context.shape, isFirst: false)
    guard let index = runs.firstIndex(where: { $0.0 == change.scene }) else {
      var first = run
      first.isFirst = true
      runs.append((change.scene, first))
      return
    }
    let previous = runs[index].1
    guard previous.shape != change.shape else { return }
    runs[index].1 = run
    let held = change.time - previous.start
    // The input crossed back itself when it entered and left the brief shape just as the layout did.
    let inputCrossedBack = previous.inputShape == previous.shape && change.context.shape == change.shape
    guard held < minimumDwell, !previous.isFirst, !inputCrossedBack else {
      return
    }
    report(
      ReplayFailure(
        check: .flapping, scene: change.scene, eventIndex: change.eventIndex, time: change.time,
        expected: "\(previous.shape) held at least \(ReplayFormat.seconds(minimumDwell))",
        actual: "held \(ReplayFormat.seconds(held)) (from event \(previous.eventIndex))",
        summary:
          "the layout flapped \(previous.shape) → \(change.shape) while the recorded input stayed "
          + "\(change.context.shape)"))
  }
}

extension ReplayChecks {
  /// Compares a scene's shape sequence with the expected one, consecutive duplicates merged on both
  /// sides.
  ///
  /// - Parameters:
  ///   - changes: The replay's layout changes (any scenes; only `scene`'s are read).
  ///   - scene: The scene.
  ///   - expected: The expected shapes in order.
  /// - Returns: No failure when the sequences match; otherwise one ``ReplayCheck/shape`` failure whose
  ///   `actual` holds a −/+ diff, located at the first differing change.
  /// - Complexity: O(n × m) for n actual and m expected shapes.
  public static func shapeTransitions(
    _ changes: [LayoutChange], scene: SceneID, expected: [LayoutShape]
  ) -> [ReplayFailure] {
    let mine = changes.filter { $0.scene == scene }
    var actual: [(LayoutShape, LayoutChange)] = []
    for change in mine where actual.last?.0 != change.shape { actual.append((change.shape, change)) }
    let wanted = merged(expected)
    guard actual.map(\.0) != wanted else { return [] }
    let firstDifference = zip(actual.map(\.0), wanted).prefix { $0 == $1 }.count
    let at = firstDifference < actual.count ? actual[firstDifference].1 : mine.last
    let diff = LineDiff.lines(expected: wanted.map { "\($0)" }, actual: actual.map { "\($0.0)" })
    return [
      ReplayFailure(
        check: .shape, scene: scene, eventIndex: at?.eventIndex, time: at?.time ?? 0,
        expected: wanted.map { "\($0)" }.joined(separator: " → "),
        actual: actual.map { "\($0.0)" }.joined(separator: " → "),
        summary: "the shape sequence differs from the expected one", diff: diff)
    ]
  }

  /// `shapes` with consecutive duplicates merged.
  public static func merged(_ shapes: [LayoutShape]) -> [LayoutShape] {
    var result: [LayoutShape] = []
    for shape in shapes where result.last != shape { result.append(shape) }
    return result
  }
}
