import Testing

@testable import LayoutCore

/// Ids are Swift strings compared with `==`, canonical equivalence: "é" written as one scalar (U+00E9)
/// and as "e" + U+0301 are the same id, as the `[String: Int]` indexes before `IDIndex` found them.
@Suite struct CanonicalIDTests {
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  @Test func aScrollLayoutFindsAnIDWrittenEitherWay() {
    #expect(Self.composed == Self.decomposed)
    #expect(Array(Self.composed.utf8) != Array(Self.decomposed.utf8))
    // Many items, so the index's table is large and a lookup that hashes the other bytes ends at an
    // empty slot instead of probing into the id by chance.
    var ids = (0..<400).map { "item-\($0)" }
    ids[1] = Self.composed
    let items = ids.map { ScrollItem(id: $0, content: .text(characters: 80, padding: 12)) }
    let layout = ScrollLayout(
      items: items, viewport: ScrollViewport(size: Size(width: 390, height: 800)), configuration: .init())
    #expect(layout.index(of: Self.decomposed) == 1)
    #expect(layout.index(of: Self.composed) == 1)
    // The Kelvin sign is canonically equivalent to the ASCII letter K.
    let kelvin = ScrollLayout(
      items: [ScrollItem(id: "K", content: .text(characters: 8, padding: 0))],
      viewport: ScrollViewport(size: Size(width: 390, height: 800)), configuration: .init())
    #expect(kelvin.index(of: "\u{212A}") == 0)
  }

  @Test func anAnimatorKeepsTheTrackOfAnIDWrittenTheOtherWay() {
    let context = LayoutContext(shape: .regularWide, size: Size(width: 1000, height: 800))
    func plan(_ id: String, x: Double) -> LayoutPlan {
      // Many cells, so the track index's table is large (see the scroll layout test above).
      let cells = (0..<200).map {
        LayoutElement(id: "cell-\($0)", frame: Rect(x: 0, y: 0, width: 1, height: 1))
      }
      return LayoutPlan(
        shape: .regularWide, presentation: .split, columns: 2,
        elements: [
          LayoutElement(id: "list", frame: Rect(x: 0, y: 0, width: 300, height: 800)),
          LayoutElement(id: id, frame: Rect(x: x, y: 0, width: 600, height: 800)),
        ] + cells, actions: [])
    }
    for reordered in [false, true] {
      var animator = PlanAnimator()
      animator.update(to: plan(Self.composed, x: 300), context: context, at: 0)
      var next = plan(Self.decomposed, x: 400)
      // Reordered, the general update path looks the id up; in order, the in-place path compares it.
      if reordered { next.elements.reverse() }
      animator.update(to: next, context: context, at: 1_000_000_000)
      let shown = animator.presentations(at: 1_100_000_000)
      // One track that moves from 300 toward 400 (no second track fading in, none fading out).
      #expect(shown.count == 202)
      let detail = shown.first { $0.id == Self.composed }
      #expect(detail?.phase == .present)
      #expect(detail?.opacity == 1)
      #expect((detail?.frame.x ?? 0) > 300 && (detail?.frame.x ?? 0) < 400)
    }
  }

  /// Many new elements at once are taken in linear time, each once (a repeated id is skipped).
  @Test func aLongPlanOfNewElementsTakesEachIDOnce() {
    let context = LayoutContext(shape: .regularWide, size: Size(width: 1000, height: 800))
    var elements = (0..<300).map {
      LayoutElement(id: "cell-\($0)", frame: Rect(x: Double($0), y: 0, width: 10, height: 10))
    }
    elements.append(LayoutElement(id: "cell-7", frame: Rect(x: 9, y: 9, width: 1, height: 1)))
    elements.append(LayoutElement(id: Self.composed, frame: .zero))
    elements.append(LayoutElement(id: Self.decomposed, frame: Rect(x: 1, y: 1, width: 1, height: 1)))
    var animator = PlanAnimator()
    animator.update(
      to: LayoutPlan(shape: .regularWide, presentation: .split, columns: 2, elements: [], actions: []),
      context: context, at: 0)
    animator.update(
      to: LayoutPlan(shape: .regularWide, presentation: .split, columns: 2, elements: elements, actions: []),
      context: context, at: 1)
    let shown = animator.presentations(at: 1)
    #expect(shown.count == 301)
    #expect(shown.first { $0.id == "cell-7" }?.frame.x == 7)
    #expect(shown.last?.frame == .zero)
  }
}
