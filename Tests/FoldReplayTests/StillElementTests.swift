import FoldTrace
import LayoutCore
import Testing

@testable import FoldReplay

/// The motion check passes an element that stood still at its previous sample and shows the same frame
/// and target again without evaluating it. Whatever changes after such a stretch must still be checked:
/// a jump, a target that moves past the frame, a last sample off its target. Each scene here stands an
/// element still for a few ticks, then breaks one promise with no retarget in between.
@Suite struct StillElementTests {
  static let start: UInt64 = 1_000_000_000
  static let tick: UInt64 = 8_333_333

  static func element(x: Double, target: Double) -> ElementPresentation {
    ElementPresentation(
      id: "panel", frame: Rect(x: x, y: 0, width: 200, height: 100),
      target: Rect(x: target, y: 0, width: 200, height: 100), velocity: .zero, opacity: 1,
      phase: .present, outgoing: nil, isSettled: false)
  }

  /// The failures of a scene that starts a move toward x = 100 from x = 0, stands still for five ticks,
  /// then shows `last` at the sixth (the last sample when `settled`).
  static func failures(_ last: ElementPresentation, settled: Bool = false) -> [ReplayCheck] {
    var verifier = ReplayVerifier(trace: "still")
    let scene = SceneID(rawValue: 1)
    let still = element(x: 0, target: 100)
    verifier.receive(
      .retarget(
        Retarget(
          scene: scene, time: start, eventIndex: 0, before: [], after: [still], reduceMotion: false,
          isInteractivelyResizing: false)))
    for index in 1...6 {
      verifier.receive(
        .frame(
          FrameSample(
            scene: scene, time: start + UInt64(index) * tick, eventIndex: 0,
            elements: [index == 6 ? last : still], isSettled: index == 6 && settled, reduceMotion: false,
            isInteractivelyResizing: false)))
    }
    return verifier.summary.failures.map(\.check)
  }

  @Test func standingStillIsNoFailure() {
    #expect(Self.failures(Self.element(x: 0, target: 100)).isEmpty)
  }

  @Test func aJumpAfterStandingStillIsReported() {
    #expect(Self.failures(Self.element(x: 50, target: 100)) == [.frameJump])
  }

  @Test func aTargetMovedPastTheStillFrameIsACrossing() {
    #expect(Self.failures(Self.element(x: 0, target: -100)) == [.overshoot])
  }

  @Test func comingToRestOffTheTargetIsReported() {
    #expect(Self.failures(Self.element(x: 0, target: 100), settled: true) == [.endSnap])
  }

  /// A moving element's step is held to the spring bound of each component,
  /// `1.5 × (|v|·h + h²·(ω²·|x − target| + 2ω·|v|)) + tolerance`: just inside passes, just outside fails
  /// and the message quotes the bound.
  @Test func aStepIsHeldToTheSpringBound() {
    let tolerances = ReplayTolerances.default
    let omega = tolerances.omega
    let h = Double(Self.tick) / 1e9
    // y starts 40 pt from its target at 250 pt/s.
    let bound = 1.5 * (250 * h + h * h * (omega * omega * 40 + 2 * omega * 250)) + tolerances.position
    func failures(step: Double) -> [ReplayFailure] {
      var verifier = ReplayVerifier(trace: "bound")
      let scene = SceneID(rawValue: 1)
      var start = Self.element(x: 0, target: 0)
      start.target.y = 40
      start.velocity = RectVelocity(y: 250)
      var next = start
      next.frame.y = step
      verifier.receive(
        .retarget(
          Retarget(
            scene: scene, time: Self.start, eventIndex: 0, before: [], after: [start], reduceMotion: false,
            isInteractivelyResizing: false)))
      verifier.receive(
        .frame(
          FrameSample(
            scene: scene, time: Self.start + Self.tick, eventIndex: 0, elements: [next], isSettled: false,
            reduceMotion: false, isInteractivelyResizing: false)))
      return verifier.summary.failures
    }
    #expect(failures(step: bound - 0.001).isEmpty)
    let outside = failures(step: bound + 0.001)
    #expect(outside.map(\.check) == [.frameJump])
    #expect(outside.first?.expected == "at most \(ReplayFormat.number(bound)) pt in 8.333 ms")
  }
}
