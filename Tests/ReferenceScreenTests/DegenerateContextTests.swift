import LayoutCore
import ReferenceScreen
import Testing

/// Degenerate but representable contexts: tiny, huge, over-inset scenes and negative-size regions give
/// plans with no violations; non-finite geometry is a precondition failure.
@Suite struct DegenerateContextTests {
  let policy = ReferenceScreenLayout()

  @Test(arguments: [
    Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 10, height: 100_000),
    Size(width: 100_000, height: 10),
  ])
  func tinyAndExtremeScenesHaveNoViolations(size: Size) {
    // Before: grid columns and controls stood at x = 16 (the margin), outside a safe frame 0…10 wide.
    for hc in [SizeClass.compact, .regular] {
      let context = LayoutContext(horizontalSizeClass: hc, verticalSizeClass: .regular, size: size)
      let plan = policy.plan(for: context)
      #expect(plan.violations(in: context, vocabulary: .referenceScreen) == [], "\(size) \(hc)")
      for e in plan.elements { #expect(e.frame.isInside(context.safeFrame), "\(e.id) \(e.frame)") }
    }
  }

  @Test func zeroSizeSceneCollapsesEveryElementToTheOrigin() {
    let context = LayoutContext(horizontalSizeClass: .compact, verticalSizeClass: .regular, size: .zero)
    let plan = policy.plan(for: context)
    #expect(plan.elements.count == 8)
    for e in plan.elements { #expect(e.frame == .zero, "\(e.id)") }
  }

  @Test func safeAreaLargerThanTheSceneCollapsesInsideIt() {
    let context = LayoutContext(
      horizontalSizeClass: .regular, verticalSizeClass: .regular, size: Size(width: 100, height: 100),
      safeArea: EdgeInsets(top: 80, leading: 70, bottom: 60, trailing: 50))
    #expect(context.safeFrame == Rect(x: 70, y: 80, width: 0, height: 0))
    let plan = policy.plan(for: context)
    #expect(plan.violations(in: context, vocabulary: .referenceScreen) == [])
    for e in plan.elements { #expect(e.frame == Rect(x: 70, y: 80, width: 0, height: 0), "\(e.id)") }
    // One inset alone larger than the side: the safe frame stays inside the bounds.
    let strip = LayoutContext(
      horizontalSizeClass: .compact, verticalSizeClass: .regular, size: Size(width: 10, height: 50),
      safeArea: EdgeInsets(leading: 16))
    #expect(strip.safeFrame == Rect(x: 10, y: 0, width: 0, height: 50))
    #expect(policy.plan(for: strip).violations(in: strip, vocabulary: .referenceScreen) == [])
  }

  @Test func negativeInsetsAndSizesAreClampedToZero() {
    let raw = LayoutContext(
      horizontalSizeClass: .compact, verticalSizeClass: .regular, size: Size(width: -20, height: 300),
      safeArea: EdgeInsets(top: -10, leading: -5))
    let clean = raw.sanitized()
    #expect(clean.size == Size(width: 0, height: 300))
    #expect(clean.safeArea == .zero)
    #expect(policy.plan(for: raw) == policy.plan(for: clean))
    #expect(policy.plan(for: raw).violations(in: raw, vocabulary: .referenceScreen) == [])
  }

  @Test func negativeWidthDivisionIsStandardized() {
    // Before: a division at x 520 with width −30 put the list's edge at 520 and the detail's at 490.
    let raw = LayoutContext(
      horizontalSizeClass: .regular, verticalSizeClass: .regular, size: Size(width: 1000, height: 800),
      activeDivisions: [Rect(x: 520, y: 0, width: -30, height: 800)], canFold: true)
    let standard = LayoutContext(
      horizontalSizeClass: .regular, verticalSizeClass: .regular, size: Size(width: 1000, height: 800),
      activeDivisions: [Rect(x: 490, y: 0, width: 30, height: 800)], canFold: true)
    #expect(raw.sanitized() == standard)
    let plan = policy.plan(for: raw)
    #expect(plan == policy.plan(for: standard))
    #expect(plan.violations(in: raw, vocabulary: .referenceScreen) == [])
    #expect(plan.element("list")?.frame.maxX == 490)
    #expect(plan.element("detail")?.frame.minX == 520)
  }

  @Test func nonFiniteGeometryIsAPreconditionFailure() async {
    // Before: a size of ∞ × 800 gave NaN widths.
    await #expect(processExitsWith: .failure) {
      let context = LayoutContext(
        horizontalSizeClass: .regular, verticalSizeClass: .regular, size: Size(width: .infinity, height: 800))
      _ = ReferenceScreenLayout().plan(for: context)
    }
    await #expect(processExitsWith: .failure) {
      let context = LayoutContext(
        horizontalSizeClass: .regular, verticalSizeClass: .regular, size: Size(width: 800, height: 800),
        safeArea: EdgeInsets(top: .nan))
      _ = ReferenceScreenLayout().plan(for: context)
    }
  }
}
