import LayoutCore
import Testing

/// `PlanAnimator.isSettled(at:)` answers from a settle time kept at each update; it must give the answer
/// the presentations give (every element on screen settled) at every moment, through moves, retargets,
/// fades out and back in, Reduce Motion cross-fades and interactive resizing.
@Suite struct AnimatorSettlingTests {
  static let ms: UInt64 = 1_000_000

  static func context(reduceMotion: Bool = false, resizing: Bool = false, width: Double = 1000)
    -> LayoutContext
  {
    LayoutContext(
      shape: .regularWide, size: Size(width: width, height: 800), reduceMotion: reduceMotion,
      isInteractivelyResizing: resizing)
  }

  static func plan(_ elements: [(String, Double)]) -> LayoutPlan {
    LayoutPlan(
      shape: .regularWide, presentation: .split, columns: 2,
      elements: elements.map { LayoutElement(id: $0.0, frame: Rect(x: $0.1, y: 0, width: 300, height: 800)) },
      actions: [])
  }

  /// Updates at the given milliseconds: (time, plan, context).
  static let script: [(UInt64, LayoutPlan, LayoutContext)] = [
    (0, plan([("list", 0), ("detail", 300)]), context()),
    (100, plan([("list", 0), ("detail", 500)]), context()),
    // Retarget mid-flight, and "list" starts fading out.
    (250, plan([("detail", 200)]), context()),
    // "list" comes back before it finished fading out; a new element fades in.
    (330, plan([("list", 50), ("detail", 200), ("inspector", 700)]), context()),
    // Reduce Motion: a cross-fade with an outgoing rendering, started mid-fade.
    (420, plan([("list", 80), ("detail", 200), ("inspector", 650)]), context(reduceMotion: true)),
    // Interactive resizing: small changes track, a large one springs.
    (1500, plan([("list", 80), ("detail", 204), ("inspector", 900)]), context(resizing: true, width: 1004)),
    (1520, plan([("list", 80), ("detail", 206), ("inspector", 900)]), context(resizing: true, width: 1006)),
    (2200, plan([("list", 80)]), context()),
    // Only an appearance: nothing moves, one element fades in.
    (4000, plan([("list", 80), ("detail", 400)]), context()),
  ]

  @Test func settledMatchesThePresentationsAtEveryMillisecond() {
    var animator = PlanAnimator()
    var answers: Set<Bool> = []
    var mismatches: [UInt64] = []
    for (index, step) in Self.script.enumerated() {
      animator.update(to: step.1, context: step.2, at: step.0 * Self.ms)
      let end = index + 1 < Self.script.count ? Self.script[index + 1].0 : step.0 + 1500
      for millisecond in step.0..<end {
        let time = millisecond * Self.ms
        let expected = animator.presentations(at: time).allSatisfy(\.isSettled)
        answers.insert(expected)
        if animator.isSettled(at: time) != expected { mismatches.append(millisecond) }
      }
    }
    #expect(mismatches == [])
    // Both answers occur, so the comparison is not vacuous.
    #expect(answers == [true, false])
  }

  /// The refilled buffer the replayer samples into (`presentations(at:into:)`) holds exactly what
  /// `presentations(at:)` builds, at every millisecond of the script: elements appearing, fading out and
  /// back, cross-fades with an outgoing rendering, and the buffer shrinking and growing.
  @Test func theRefilledBufferEqualsTheBuiltArrayAtEveryMillisecond() {
    var animator = PlanAnimator()
    var buffer: [ElementPresentation] = []
    var mismatches: [UInt64] = []
    var counts: Set<Int> = []
    for (index, step) in Self.script.enumerated() {
      animator.update(to: step.1, context: step.2, at: step.0 * Self.ms)
      let end = index + 1 < Self.script.count ? Self.script[index + 1].0 : step.0 + 1500
      for millisecond in step.0..<end {
        let time = millisecond * Self.ms
        animator.presentations(at: time, into: &buffer)
        let built = animator.presentations(at: time)
        counts.insert(built.count)
        if buffer != built { mismatches.append(millisecond) }
      }
    }
    #expect(mismatches == [])
    #expect(counts.count >= 3)  // The buffer really shrinks and grows.
  }

  @Test func aFadingElementKeepsTheAnimatorUnsettledUntilItIsGone() {
    var animator = PlanAnimator()
    animator.update(to: Self.plan([("list", 0), ("detail", 300)]), context: Self.context(), at: 0)
    animator.update(to: Self.plan([("detail", 300)]), context: Self.context(), at: 1000 * Self.ms)
    #expect(!animator.isSettled(at: 1100 * Self.ms))
    #expect(animator.presentation(of: "list", at: 1100 * Self.ms)?.phase == .disappearing)
    #expect(animator.isSettled(at: 3000 * Self.ms))
    #expect(animator.presentations(at: 3000 * Self.ms).map(\.id) == ["detail"])
  }
}
