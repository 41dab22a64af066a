import LayoutCore
import ReferenceScreen
import Testing

/// One row of the guide's case × signal matrix (LayoutCore's LayoutRules, "Case matrix").
struct GuideCase: Sendable, CustomTestStringConvertible {
  /// The row's name as the guide gives it (Korean) and in English.
  var name: String
  var h: SizeClass
  var v: SizeClass
  var wide: Bool
  /// "—" (not applicable), "inactive" (canFold, no active division) or "none" (no division).
  var fold: String
  var shape: LayoutShape
  /// A representative size, in points, whose aspect matches `wide`.
  var size: Size
  var testDescription: String { name }
}

/// The guide's 13 cases: the ten rows of its fixed table and the three rows of its variable table
/// (LayoutCore's LayoutRules, "Case matrix") that name a single shape for a given side or state (iPad Split
/// View narrow side and wide side, Duo Split View half). The guide's intro counts 13 cases; its fixed table
/// itself has ten rows.
let guideCases: [GuideCase] = [
  // Fixed cases
  .init(
    name: "아이폰 세로 / iPhone portrait", h: .compact, v: .regular, wide: false, fold: "—",
    shape: .compactTall, size: Size(width: 393, height: 852)),
  .init(
    name: "아이폰 가로 (일반) / iPhone landscape", h: .compact, v: .compact, wide: true, fold: "—",
    shape: .compactShort, size: Size(width: 852, height: 393)),
  .init(
    name: "아이폰 가로 (Plus·Max) / iPhone Plus/Max landscape", h: .regular, v: .compact, wide: true,
    fold: "—", shape: .regularShort, size: Size(width: 932, height: 430)),
  .init(
    name: "Duo 외부 세로 / Duo external portrait", h: .compact, v: .regular, wide: false, fold: "—",
    shape: .compactTall, size: Size(width: 440, height: 760)),
  .init(
    name: "Duo 외부 가로 / Duo external landscape", h: .compact, v: .compact, wide: true, fold: "—",
    shape: .compactShort, size: Size(width: 760, height: 440)),
  .init(
    name: "Duo 내부 가로로 펼침 / Duo internal landscape, unfolded", h: .regular, v: .regular, wide: true,
    fold: "inactive", shape: .regularWide, size: Size(width: 1000, height: 740)),
  .init(
    name: "Duo 내부 펼쳐서 세로로 / Duo internal portrait, unfolded", h: .regular, v: .regular,
    wide: false, fold: "inactive", shape: .regularTall, size: Size(width: 740, height: 1000)),
  .init(
    name: "아이패드 세로 / iPad portrait", h: .regular, v: .regular, wide: false, fold: "none",
    shape: .regularTall, size: Size(width: 820, height: 1180)),
  .init(
    name: "아이패드 가로 / iPad landscape", h: .regular, v: .regular, wide: true, fold: "none",
    shape: .regularWide, size: Size(width: 1180, height: 820)),
  .init(
    name: "아이패드 슬라이드 오버 / iPad Slide Over", h: .compact, v: .regular, wide: false, fold: "none",
    shape: .compactTall, size: Size(width: 320, height: 1000)),
  // Variable cases with a single shape per side or state
  .init(
    name: "아이패드 스플릿뷰 좁은 쪽 / iPad Split View, narrow side", h: .compact, v: .regular,
    wide: false, fold: "none", shape: .compactTall, size: Size(width: 375, height: 820)),
  .init(
    name: "아이패드 스플릿뷰 넓은 쪽 / iPad Split View, wide side", h: .regular, v: .regular,
    wide: false, fold: "none", shape: .regularTall, size: Size(width: 795, height: 820)),
  .init(
    name: "Duo 스플릿뷰 (내부 50/50) / Duo Split View half (guide: estimated, ?)", h: .compact,
    v: .regular, wide: false, fold: "none", shape: .compactTall, size: Size(width: 490, height: 740)),
]

@Suite struct GuideCaseTests {
  @Test func tableHasTheGuidesThirteenCases() {
    #expect(guideCases.count == 13)
    #expect(Set(guideCases.map(\.shape)) == Set(LayoutShape.allCases))
  }

  /// Each case's (H, V, W) gives the guide's shape; the representative size agrees with W; the plan
  /// takes the shape's presentation and keeps its invariants.
  @Test(arguments: guideCases)
  func caseMapsToTheGuidesShape(_ c: GuideCase) {
    #expect(LayoutShape(horizontal: c.h, vertical: c.v, isWide: c.wide) == c.shape)
    #expect(c.size.isWide == c.wide)
    let context = LayoutContext(
      horizontalSizeClass: c.h, verticalSizeClass: c.v, size: c.size, canFold: c.fold == "inactive")
    #expect(context.shape == c.shape)
    let plan = ReferenceScreenLayout().plan(for: context)
    #expect(plan.shape == c.shape)
    #expect(plan.presentation == c.shape.presentation)
    #expect(plan.violations(in: context, vocabulary: .referenceScreen).isEmpty)
  }

  /// The flowchart (LayoutCore's LayoutRules, "L1: shape and presentation") over every input, including
  /// unspecified size classes.
  @Test func flowchartCoversEveryInput() {
    let classes: [SizeClass?] = [.compact, .regular, nil]
    for h in classes {
      for v in classes {
        for wide in [false, true] {
          let expected: LayoutShape =
            (h ?? .regular) == .compact
            ? ((v ?? .regular) == .regular ? .compactTall : .compactShort)
            : ((v ?? .regular) == .compact ? .regularShort : (wide ? .regularWide : .regularTall))
          #expect(LayoutShape(horizontal: h, vertical: v, isWide: wide) == expected)
        }
      }
    }
  }

  /// Shape → presentation and single column (LayoutCore's LayoutRules, "L1: shape and presentation").
  @Test func presentationsFollowTheGuide() {
    #expect(LayoutShape.compactTall.presentation == .stack)
    #expect(LayoutShape.compactShort.presentation == .stack)
    #expect(LayoutShape.regularShort.presentation == .split)
    #expect(LayoutShape.regularTall.presentation == .split)
    #expect(LayoutShape.regularWide.presentation == .expanded)
    #expect(LayoutShape.allCases.filter(\.prefersSingleColumn) == [.compactTall, .compactShort])
  }

  /// A square is not wide (`size.width > size.height`).
  @Test func squareIsNotWide() {
    let c = LayoutContext(
      horizontalSizeClass: .regular, verticalSizeClass: .regular, size: Size(width: 800, height: 800))
    #expect(c.shape == .regularTall)
  }
}
