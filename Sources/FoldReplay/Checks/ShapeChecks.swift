import FoldTrace
import LayoutCore

/// Checks that each plan's shape is the one the recorded input gives (LayoutCore's LayoutRules, "L1: shape
/// and presentation": size classes, then `isWide`; never a width breakpoint).
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
