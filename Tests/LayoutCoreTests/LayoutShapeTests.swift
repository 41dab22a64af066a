import LayoutCore
import Testing

@Test func unspecifiedSizeClassCountsAsRegular() {
  #expect(LayoutShape(horizontal: nil, vertical: nil, isWide: true) == .regularWide)
  #expect(LayoutShape(horizontal: .compact, vertical: nil, isWide: false) == .compactTall)
}
