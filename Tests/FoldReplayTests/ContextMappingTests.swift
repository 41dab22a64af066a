import FoldReplay
import FoldTrace
import LayoutCore
import Testing

@Suite struct ContextMappingTests {
  func scene(
    _ h: UserInterfaceSizeClass, _ v: UserInterfaceSizeClass, width: Double = 1180, height: Double = 820,
    regions: [ReservedRegion] = [], traits: SceneTraits = SceneTraits(), bars: VerticalBarEdge = .none,
    resizing: Bool = false
  ) -> SceneState {
    var state = SceneState(id: SceneID(1), display: .internal, scale: 3)
    state.geometry = SceneGeometry(
      size: TraceSize(width: width, height: height),
      safeArea: TraceInsets(top: 10, leading: 20, bottom: 30, trailing: 40), horizontal: h, vertical: v,
      isInteractivelyResizing: resizing, verticalBarEdge: bars)
    state.regions = regions
    state.traits = traits
    return state
  }

  @Test func noContextBeforeTheFirstGeometry() {
    #expect(LayoutContext(SceneState(id: SceneID(1), display: .external, scale: 3)) == nil)
  }

  @Test(arguments: [
    (UserInterfaceSizeClass.compact, UserInterfaceSizeClass.regular, 420.0, 760.0, LayoutShape.compactTall),
    (.compact, .compact, 760, 420, .compactShort),
    (.regular, .compact, 900, 400, .regularShort),
    (.regular, .regular, 820, 1180, .regularTall),
    (.regular, .regular, 1180, 820, .regularWide),
    (.unspecified, .unspecified, 1180, 820, .regularWide),
    (.compact, .unspecified, 400, 800, .compactTall),
    (.unspecified, .compact, 800, 400, .regularShort),
    (.regular, .regular, 800, 800, .regularTall),
  ])
  func shapeFromSizeClassesWithUnspecifiedAsRegular(
    h: UserInterfaceSizeClass, v: UserInterfaceSizeClass, width: Double, height: Double, shape: LayoutShape
  ) {
    #expect(LayoutContext(scene(h, v, width: width, height: height))?.shape == shape)
    #expect(scene(h, v, width: width, height: height).geometry.map(LayoutShape.init) == shape)
  }

  @Test func regionsSplitIntoActiveDivisionsCanFoldAndActiveOcclusions() {
    let inactiveFold = ReservedRegion(
      kind: .division, frame: TraceRect(x: 590, y: 0, width: 0, height: 820), isActive: false)
    let camera = ReservedRegion(
      kind: .occlusion, frame: TraceRect(x: 1100, y: 0, width: 40, height: 40), isActive: true)
    let cameraOff = ReservedRegion(
      kind: .occlusion, frame: TraceRect(x: 0, y: 0, width: 40, height: 40), isActive: false)
    let flat = LayoutContext(scene(.regular, .regular, regions: [inactiveFold, camera, cameraOff]))!
    #expect(flat.canFold)
    #expect(flat.activeDivisions.isEmpty)
    #expect(!flat.isFolded)
    #expect(flat.occlusions == [Rect(x: 1100, y: 0, width: 40, height: 40)])

    let book = ReservedRegion(
      kind: .division, frame: TraceRect(x: 580, y: 0, width: 20, height: 820), isActive: true)
    let folded = LayoutContext(scene(.regular, .regular, regions: [book]))!
    #expect(folded.activeDivisions == [Rect(x: 580, y: 0, width: 20, height: 820)])
    #expect(folded.canFold)

    let plain = LayoutContext(scene(.regular, .regular, regions: [cameraOff]))!
    #expect(!plain.canFold)
    #expect(plain.occlusions.isEmpty)
  }

  @Test func carriesInsetsBarsDirectionTypeMotionAndResizing() {
    let traits = SceneTraits(
      contentSizeCategory: .accessibilityExtraLarge, reduceMotion: true, layoutDirection: .rightToLeft)
    let context = LayoutContext(scene(.compact, .regular, traits: traits, bars: .trailing, resizing: true))!
    #expect(context.safeArea == EdgeInsets(top: 10, leading: 20, bottom: 30, trailing: 40))
    #expect(context.toolbarVerticalEdge == .trailing)
    #expect(context.layoutDirection == .rightToLeft)
    #expect(context.dynamicTypeSize == .accessibility3)
    #expect(context.reduceMotion)
    #expect(context.isInteractivelyResizing)
    #expect(LayoutContext(scene(.compact, .regular))?.toolbarVerticalEdge == nil)
  }

  @Test func contentSizeCategoriesMapStepForStep() {
    let mapped = ContentSizeCategory.allCases.map { DynamicTypeSize($0) }
    #expect(mapped == DynamicTypeSize.allCases)
  }
}
