import LayoutCore
import ReferenceScreen
import TestSupport
import Testing

@Suite struct LayoutPlanInvariantTests {
  let context = Devices.context(
    .compact, .regular, 400, 800, safeArea: EdgeInsets(top: 40),
    occlusions: [Rect(x: 0, y: 100, width: 50, height: 50)])

  func plan(_ elements: [LayoutElement], actions: [String] = [], overflow: [String] = []) -> LayoutPlan {
    LayoutPlan(
      shape: .compactTall, presentation: .stack, columns: 1, elements: elements, actions: actions,
      overflow: overflow)
  }

  @Test func soundPlanHasNoViolations() {
    let good = ReferenceScreenLayout().plan(for: context)
    #expect(good.violations(in: context, vocabulary: .referenceScreen).isEmpty)
  }

  /// Each kind of violation is found, named and in order.
  @Test func eachViolationIsFound() {
    let list = LayoutElement(
      id: "list", frame: Rect(x: 0, y: 40, width: 400, height: 760), isScrollable: true)
    #expect(plan([list]).violations(in: context, vocabulary: .referenceScreen).isEmpty)

    let button = LayoutElement(
      id: "b", frame: Rect(x: 10, y: 110, width: 44, height: 44), isInteractive: true)
    #expect(
      plan([list, button]).violations(in: context, vocabulary: .referenceScreen) == [
        .interactiveInReservedRegion(element: "b", region: context.occlusions[0])
      ])
    // The same frame, scrolling and not interactive, is allowed in the occlusion.
    let content = LayoutElement(id: "c", frame: button.frame, isScrollable: true)
    #expect(plan([list, content]).violations(in: context, vocabulary: .referenceScreen).isEmpty)

    let high = LayoutElement(id: "h", frame: Rect(x: 0, y: 0, width: 44, height: 44))
    #expect(
      plan([high]).violations(in: context, vocabulary: .referenceScreen) == [
        .outsideSafeArea(element: "h", frame: high.frame, safeFrame: context.safeFrame)
      ])

    let detail = LayoutElement(
      id: "detail", frame: Rect(x: 300, y: 40, width: 100, height: 760), isScrollable: true)
    #expect(
      plan([list, detail]).violations(in: context, vocabulary: .referenceScreen) == [
        .panesOverlap("list", "detail")
      ])
    #expect(
      plan([list, list]).violations(in: context, vocabulary: .referenceScreen) == [
        .duplicateID("list"), .panesOverlap("list", "list"),
      ])

    let action = LayoutElement(
      id: "action.x", frame: Rect(x: 300, y: 40, width: 44, height: 44), isInteractive: true)
    #expect(
      plan([action], actions: []).violations(in: context, vocabulary: .referenceScreen) == [
        .actionNotReachable("action.x")
      ])
    #expect(
      plan([], actions: ["action.y"]).violations(in: context, vocabulary: .referenceScreen) == [
        .actionNotReachable("action.y")
      ])
    #expect(
      plan([], actions: ["action.y"], overflow: ["action.y"]).violations(
        in: context, vocabulary: .referenceScreen) == [
          .actionNotReachable("overflow")
        ])

    let both = LayoutElement(
      id: "x", frame: Rect(x: 300, y: 40, width: 44, height: 44), isInteractive: true, isScrollable: true)
    #expect(plan([both]).violations(in: context, vocabulary: .referenceScreen) == [.inconsistentFlags("x")])
  }

  #if LAYOUTCORE_CHECKS
    /// With `-DLAYOUTCORE_CHECKS`, a broken plan traps.
    @Test func checkInvariantsTrapsOnAViolation() async {
      await #expect(processExitsWith: .failure) {
        let context = LayoutContext(
          shape: .compactTall, size: Size(width: 400, height: 800), safeArea: EdgeInsets(top: 40))
        let broken = LayoutPlan(
          shape: .compactTall, presentation: .stack, columns: 1,
          elements: [LayoutElement(id: "h", frame: Rect(x: 0, y: 0, width: 44, height: 44))], actions: [])
        broken._checkInvariants(in: context)
      }
    }
  #endif
}
