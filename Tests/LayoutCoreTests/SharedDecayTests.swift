import Testing

@testable import LayoutCore

/// Sampling shares one exponential among the channels that start together on one spring (the four
/// channels of a moving frame, the opacity of an element fading in with them, other elements moved by
/// the same plan) and writes a resting element's targets without evaluating it. Every replay digest
/// depends on those numbers, so each must equal the channel's own, unshared evaluation bit for bit.
@Suite struct SharedDecayTests {
  static let ms: UInt64 = 1_000_000

  static func plan(_ elements: [(String, Rect)]) -> LayoutPlan {
    LayoutPlan(
      shape: .regularWide, presentation: .split, columns: 2,
      elements: elements.map { LayoutElement(id: $0.0, frame: $0.1) }, actions: [])
  }

  static func context(width: Double) -> LayoutContext {
    LayoutContext(shape: .regularWide, size: Size(width: width, height: 800))
  }

  @Test func sharedSamplesEqualEachChannelsOwnEvaluation() {
    let list = Rect(x: 0, y: 0, width: 300, height: 800)
    let detail = Rect(x: 300, y: 0, width: 700, height: 800)
    let still = Rect(x: 0, y: 800, width: 1000, height: 44)
    let gone = Rect(x: 900, y: 0, width: 100, height: 44)
    var animator = PlanAnimator()
    animator.update(
      to: Self.plan([("list", list), ("detail", detail), ("still", still), ("gone", gone)]),
      context: Self.context(width: 1000), at: 0)
    // At 1 s the list and detail move (every channel), the bar stays, one element fades out and a new
    // one fades in; at 1.1 s the detail is retargeted mid-flight (a second segment start).
    let narrow = Rect(x: 0, y: 0, width: 200, height: 780)
    let wide = Rect(x: 200, y: 10, width: 800, height: 790)
    let badge = Rect(x: 10, y: 10, width: 20, height: 20)
    animator.update(
      to: Self.plan([("list", narrow), ("detail", wide), ("still", still), ("badge", badge)]),
      context: Self.context(width: 1000), at: 1000 * Self.ms)
    var listRect = AnimatedRect(list)
    listRect.retarget(to: narrow, at: 1000 * Self.ms)
    var detailRect = AnimatedRect(detail)
    detailRect.retarget(to: wide, at: 1000 * Self.ms)
    var badgeOpacity = AnimatedValue(0, epsilon: 0.0001)
    badgeOpacity.jump(to: 0, at: 1000 * Self.ms)
    badgeOpacity.retarget(to: 1, at: 1000 * Self.ms)
    var goneOpacity = AnimatedValue(1)
    goneOpacity.retarget(to: 0, at: 1000 * Self.ms)
    let later = Rect(x: 250, y: 0, width: 750, height: 800)
    var checked = 0
    for tick in 0..<240 {
      let time = 1000 * Self.ms + UInt64(tick) * 8_333_333
      if tick == 12 {
        animator.update(
          to: Self.plan([("list", narrow), ("detail", later), ("still", still), ("badge", badge)]),
          context: Self.context(width: 1000), at: time)
        detailRect.retarget(to: later, at: time)
      }
      let byID = Dictionary(uniqueKeysWithValues: animator.presentations(at: time).map { ($0.id, $0) })
      #expect(byID["list"]?.frame == listRect.value(at: time))
      #expect(byID["list"]?.velocity == listRect.velocity(at: time))
      #expect(byID["detail"]?.frame == detailRect.value(at: time))
      #expect(byID["detail"]?.velocity == detailRect.velocity(at: time))
      #expect(byID["still"]?.frame == still)
      #expect(byID["still"]?.velocity == .zero)
      #expect(byID["badge"]?.opacity == min(1, max(0, badgeOpacity.value(at: time))))
      if !goneOpacity.isSettled(at: time) {
        #expect(byID["gone"]?.opacity == min(1, max(0, goneOpacity.value(at: time))))
      }
      if byID["detail"]?.isSettled == false { checked += 1 }
    }
    // The comparisons covered the moves, not only their ends.
    #expect(checked > 40)
  }

  /// Under Reduce Motion a move is a cross-fade: the element fades in at its new frame while its ghost
  /// fades out at the old one, both on the cross-fade spring from the same instant (one exponential).
  @Test func aCrossFadesGhostAndElementEqualTheirOwnEvaluations() {
    let old = Rect(x: 0, y: 0, width: 300, height: 800)
    let new = Rect(x: 0, y: 0, width: 200, height: 800)
    var animator = PlanAnimator()
    let reduced = LayoutContext(
      shape: .regularWide, size: Size(width: 1000, height: 800), reduceMotion: true)
    animator.update(to: Self.plan([("list", old)]), context: reduced, at: 0)
    animator.update(to: Self.plan([("list", new)]), context: reduced, at: 1000 * Self.ms)
    var ghost = AnimatedValue(1, spring: .crossFade, epsilon: 0.0001)
    ghost.jump(to: 1, at: 1000 * Self.ms)
    ghost.retarget(to: 0, at: 1000 * Self.ms)
    var opacity = AnimatedValue(0, spring: .crossFade, epsilon: 0.0001)
    opacity.jump(to: 0, at: 1000 * Self.ms)
    opacity.retarget(to: 1, at: 1000 * Self.ms)
    var fading = 0
    for tick in 0..<120 {
      let time = 1000 * Self.ms + UInt64(tick) * 8_333_333
      let list = animator.presentations(at: time).first
      #expect(list?.frame == new)
      #expect(list?.opacity == min(1, max(0, opacity.value(at: time))))
      if ghost.isSettled(at: time) {
        #expect(list?.outgoing == nil)
      } else {
        #expect(list?.outgoing == .init(frame: old, opacity: min(1, max(0, ghost.value(at: time)))))
        fading += 1
      }
    }
    #expect(fading > 10)
  }
}
