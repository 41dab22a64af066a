import LayoutCore
import TestSupport
import Testing

@Suite struct LayoutContextTests {
  @Test func sizeClassInitialiserDerivesTheShape() {
    let c = LayoutContext(
      horizontalSizeClass: .regular, verticalSizeClass: nil, size: Size(width: 1180, height: 820))
    #expect(c.shape == .regularWide && c.presentation == .expanded && !c.prefersSingleColumn)
  }

  @Test func orthogonalStatesAreDerived() {
    let book = Rect(x: 490, y: 0, width: 20, height: 740)
    let table = Rect(x: 0, y: 490, width: 740, height: 20)
    let c = Devices.duoInternalLandscape(
      divisions: [book], occlusions: [Rect(x: 10, y: 10, width: 30, height: 30)])
    #expect(c.isFolded && c.isBookPose && !c.isTabletop && c.hasDivision)
    #expect(c.reservedRegions == [book, Rect(x: 10, y: 10, width: 30, height: 30)])
    let t = Devices.duoInternalPortrait(divisions: [table])
    #expect(t.isTabletop && !t.isBookPose)
    // A flat (zero-width) fold is vertical.
    let flat = Devices.duoInternalLandscape(divisions: [Rect(x: 500, y: 0, width: 0, height: 740)])
    #expect(flat.isBookPose)
    // An active division implies a division exists, even if canFold was left false.
    var c2 = Devices.context(.regular, .regular, 800, 600, divisions: [book])
    #expect(c2.hasDivision)
    c2.activeDivisions = []
    #expect(!c2.hasDivision)
  }

  @Test func safeFrameResolvesLeadingAndTrailing() {
    let insets = EdgeInsets(top: 1, leading: 10, bottom: 2, trailing: 30)
    let ltr = Devices.context(.compact, .regular, 400, 800, safeArea: insets)
    let rtl = Devices.context(.compact, .regular, 400, 800, safeArea: insets, direction: .rightToLeft)
    #expect(ltr.safeFrame == Rect(x: 10, y: 1, width: 360, height: 797))
    #expect(rtl.safeFrame == Rect(x: 30, y: 1, width: 360, height: 797))
  }
}
