import Foundation
import LayoutCore
import Testing

/// The plan animator: moves spring, appearances fade, Reduce Motion cross-fades, interactive resizing
/// tracks. Expected values use the critically damped closed form by hand, ω = 2π / 0.4 = 5π.
@Suite struct AnimatorTests {
  static let ms: UInt64 = 1_000_000
  static let omega = 5 * Double.pi
  /// Fraction of the way a critically damped spring from rest has gone after `t` seconds.
  static func progress(_ t: Double) -> Double { 1 - (1 + omega * t) * exp(-omega * t) }

  static func context(reduceMotion: Bool = false, resizing: Bool = false, width: Double = 1000)
    -> LayoutContext
  {
    LayoutContext(
      shape: .regularWide, size: Size(width: width, height: 800), reduceMotion: reduceMotion,
      isInteractivelyResizing: resizing)
  }

  static func plan(_ elements: [(String, Rect)]) -> LayoutPlan {
    LayoutPlan(
      shape: .regularWide, presentation: .split, columns: 2,
      elements: elements.map { LayoutElement(id: $0.0, frame: $0.1) }, actions: [])
  }

  static let list = Rect(x: 0, y: 0, width: 300, height: 800)
  static let detail = Rect(x: 300, y: 0, width: 700, height: 800)

  static func started() -> PlanAnimator {
    var animator = PlanAnimator()
    animator.update(to: plan([("list", list), ("detail", detail)]), context: context(), at: 0)
    return animator
  }

  @Test func firstPlanIsPlacedAtRest() {
    let animator = Self.started()
    let list = animator.presentation(of: "list", at: 0)
    #expect(list?.frame == Self.list)
    #expect(list?.opacity == 1)
    #expect(list?.isSettled == true)
    #expect(animator.presentations(at: 0).map(\.id) == ["list", "detail"])
  }

  @Test func movesSpringFromThePresentationFrame() {
    var animator = Self.started()
    let narrow = Rect(x: 0, y: 0, width: 200, height: 800)
    animator.update(
      to: Self.plan([("list", narrow), ("detail", Rect(x: 200, y: 0, width: 800, height: 800))]),
      context: Self.context(), at: 1000 * Self.ms)
    #expect(animator.presentation(of: "list", at: 1000 * Self.ms)?.frame == Self.list)
    let p = Self.progress(0.1)
    let list = animator.presentation(of: "list", at: 1100 * Self.ms)!
    #expect(abs(list.frame.width - (300 - 100 * p)) < 1e-9)
    #expect(list.target == narrow)
    #expect(abs(list.velocity.width - -100 * Self.omega * Self.omega * 0.1 * exp(-Self.omega * 0.1)) < 1e-9)
    #expect(!list.isSettled)
    #expect(animator.presentation(of: "list", at: 3000 * Self.ms)?.frame == narrow)
    #expect(animator.isSettled(at: 3000 * Self.ms))
  }

  @Test func retargetMidFlightKeepsVelocity() {
    var animator = Self.started()
    animator.update(
      to: Self.plan([("list", Rect(x: 0, y: 0, width: 200, height: 800)), ("detail", Self.detail)]),
      context: Self.context(), at: 0)
    let before = animator.presentation(of: "list", at: 80 * Self.ms)!
    animator.update(
      to: Self.plan([("list", Rect(x: 0, y: 0, width: 400, height: 800)), ("detail", Self.detail)]),
      context: Self.context(), at: 80 * Self.ms)
    let after = animator.presentation(of: "list", at: 80 * Self.ms)!
    #expect(after.frame == before.frame)
    #expect(after.velocity == before.velocity)
    #expect(after.velocity.width < 0)
  }

  @Test func appearingElementsFadeIn() {
    var animator = Self.started()
    let sidebar = Rect(x: 0, y: 0, width: 250, height: 800)
    animator.update(
      to: Self.plan([("sidebar", sidebar), ("list", Self.list), ("detail", Self.detail)]),
      context: Self.context(), at: 500 * Self.ms)
    #expect(animator.presentation(of: "sidebar", at: 500 * Self.ms)?.opacity == 0)
    let later = animator.presentation(of: "sidebar", at: 600 * Self.ms)!
    #expect(abs(later.opacity - Self.progress(0.1)) < 1e-9)
    #expect(later.frame == sidebar)
    #expect(later.phase == .present)
    var previous = 0.0
    for tick in 1...240 {
      let opacity = animator.presentation(of: "sidebar", at: 500 * Self.ms + UInt64(tick) * 8_333_333)!
        .opacity
      #expect(opacity >= previous)
      previous = opacity
    }
    #expect(previous == 1)
  }

  @Test func disappearingElementsFadeOutInPlace() {
    var animator = Self.started()
    animator.update(to: Self.plan([("list", Self.list)]), context: Self.context(), at: 500 * Self.ms)
    let fading = animator.presentation(of: "detail", at: 600 * Self.ms)!
    #expect(fading.phase == .disappearing)
    #expect(abs(fading.opacity - (1 - Self.progress(0.1))) < 1e-9)
    #expect(fading.frame == Self.detail)
    #expect(animator.presentations(at: 600 * Self.ms).map(\.id) == ["list", "detail"])
    #expect(animator.presentation(of: "detail", at: 3000 * Self.ms) == nil)
    #expect(animator.presentations(at: 3000 * Self.ms).map(\.id) == ["list"])
  }

  @Test func reduceMotionTurnsMovesIntoCrossFades() {
    var animator = Self.started()
    let narrow = Rect(x: 0, y: 0, width: 200, height: 800)
    animator.update(
      to: Self.plan([("list", narrow), ("detail", Self.detail)]), context: Self.context(reduceMotion: true),
      at: 1000 * Self.ms)
    let start = animator.presentation(of: "list", at: 1000 * Self.ms)!
    #expect(start.frame == narrow)
    #expect(start.velocity == .zero)
    #expect(start.opacity == 0)
    #expect(start.outgoing == ElementPresentation.Outgoing(frame: Self.list, opacity: 1))
    // Cross-fade spring: 0.25 s, ω = 8π.
    let omega = 8 * Double.pi
    let p = 1 - (1 + omega * 0.05) * exp(-omega * 0.05)
    let mid = animator.presentation(of: "list", at: 1050 * Self.ms)!
    #expect(mid.frame == narrow)
    #expect(abs(mid.opacity - p) < 1e-9)
    #expect(abs(mid.outgoing!.opacity - (1 - p)) < 1e-9)
    let end = animator.presentation(of: "list", at: 2000 * Self.ms)!
    #expect(end.outgoing == nil)
    #expect(end.opacity == 1)
    #expect(end.isSettled)
  }

  @Test func interactiveResizingTracksGeometryDirectly() {
    var animator = Self.started()
    for step in 1...10 {
      let width = 300 - 5 * Double(step)
      animator.update(
        to: Self.plan([("list", Rect(x: 0, y: 0, width: width, height: 800)), ("detail", Self.detail)]),
        context: Self.context(resizing: true, width: 1000 - 5 * Double(step)),
        at: UInt64(step) * 8 * Self.ms)
      let list = animator.presentation(of: "list", at: UInt64(step) * 8 * Self.ms)!
      #expect(list.frame.width == width)
      #expect(list.velocity == .zero)
      #expect(list.isSettled)
    }
    // Drag ends and the final plan differs: it springs from the tracked frame.
    animator.update(
      to: Self.plan([("list", Rect(x: 0, y: 0, width: 320, height: 800)), ("detail", Self.detail)]),
      context: Self.context(), at: 100 * Self.ms)
    let list = animator.presentation(of: "list", at: 200 * Self.ms)!
    #expect(abs(list.frame.width - (250 + 70 * Self.progress(0.1))) < 1e-9)
  }

  @Test func rearrangementDuringADragSprings() {
    var animator = Self.started()
    // The window grows by 6 pt but the list jumps from 300 to 600 wide (the presentation flipped):
    // that is no longer the geometry moving, so it springs from where it stands.
    animator.update(
      to: Self.plan([("list", Rect(x: 0, y: 0, width: 600, height: 800)), ("detail", Self.detail)]),
      context: Self.context(resizing: true, width: 1006), at: 8 * Self.ms)
    let start = animator.presentation(of: "list", at: 8 * Self.ms)!
    #expect(start.frame == Self.list)
    let later = animator.presentation(of: "list", at: 108 * Self.ms)!
    #expect(abs(later.frame.width - (300 + 300 * Self.progress(0.1))) < 1e-9)
  }

  @Test func elementInFlightWhenDragBeginsKeepsItsSpring() {
    var animator = Self.started()
    animator.update(
      to: Self.plan([("list", Rect(x: 0, y: 0, width: 200, height: 800)), ("detail", Self.detail)]),
      context: Self.context(), at: 0)
    let before = animator.presentation(of: "list", at: 50 * Self.ms)!
    animator.update(
      to: Self.plan([("list", Rect(x: 0, y: 0, width: 190, height: 800)), ("detail", Self.detail)]),
      context: Self.context(resizing: true), at: 50 * Self.ms)
    let after = animator.presentation(of: "list", at: 50 * Self.ms)!
    #expect(after.frame == before.frame)
    #expect(after.velocity == before.velocity)
  }

  @Test func reflowGateHoldsColumnsDuringTheDrag() {
    var gate = ReflowGate(2)
    var changed = gate.propose(4, isInteractivelyResizing: true)
    #expect(!changed)
    #expect(gate.committed == 2)
    #expect(gate.pending == 4)
    changed = gate.propose(3, isInteractivelyResizing: true)
    #expect(!changed)
    #expect(gate.pending == 3)
    changed = gate.propose(3, isInteractivelyResizing: false)
    #expect(changed)
    #expect(gate.committed == 3)
    #expect(gate.pending == nil)
    changed = gate.propose(3, isInteractivelyResizing: false)
    #expect(!changed)
  }

  @Test func sameUpdatesGiveTheSameFramesAndEndAtTheTargets() {
    func run() -> (PlanAnimator, [[ElementPresentation]]) {
      var animator = Self.started()
      var samples: [[ElementPresentation]] = []
      let widths: [(UInt64, Double)] = [(17, 220), (95, 260), (96, 180), (400, 310)]
      var tick: UInt64 = 0
      for (time, width) in widths {
        while tick * 8_333_333 < time * Self.ms {
          samples.append(animator.presentations(at: tick * 8_333_333))
          tick += 1
        }
        animator.update(
          to: Self.plan([
            ("list", Rect(x: 0, y: 0, width: width, height: 800)),
            ("detail", Rect(x: width, y: 0, width: 1000 - width, height: 800)),
          ]), context: Self.context(), at: time * Self.ms)
      }
      return (animator, samples)
    }
    let (a, samplesA) = run()
    let (b, samplesB) = run()
    #expect(a == b)
    #expect(samplesA == samplesB)
    let end = a.presentations(at: 5000 * Self.ms)
    #expect(end.map(\.frame) == end.map(\.target))
    #expect(end.first?.frame == Rect(x: 0, y: 0, width: 310, height: 800))
  }
}
