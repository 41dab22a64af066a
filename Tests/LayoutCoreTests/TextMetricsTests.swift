import LayoutCore
import Testing

@Suite struct TextMetricsTests {
  /// The HIG Body sizes per Dynamic Type size.
  @Test func bodyPointSizesFollowTheHIGTable() {
    let sizes = DynamicTypeSize.allCases.map { TextMetrics(dynamicTypeSize: $0).pointSize }
    #expect(sizes == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
  }

  /// 85 characters at 0.5 em: 722.5 pt at `.large` (17 pt), 595 pt at `.xSmall`.
  @Test func lineHeightsFollowTheHIGTable() {
    let heights = DynamicTypeSize.allCases.map { TextMetrics(dynamicTypeSize: $0).lineHeight }
    #expect(heights == [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62])
  }

  @Test func readableWidthIsEightyFiveCharacters() {
    #expect(TextMetrics(dynamicTypeSize: .large).readableWidth() == 722.5)
    #expect(TextMetrics(dynamicTypeSize: .xSmall).readableWidth() == 595)
    #expect(TextMetrics(dynamicTypeSize: .large).readableWidth(characters: 60) == 510)
  }

  @Test func wrappingIsGreedyByCharacters() {
    let m = TextMetrics(dynamicTypeSize: .large)  // 8.5 pt per character, 22 pt lines
    #expect(m.charactersPerLine(width: 425) == 50)
    #expect(m.charactersPerLine(width: 424.9) == 49)
    #expect(m.charactersPerLine(width: 1) == 1)
    #expect(m.lineCount(characters: 0, width: 425) == 0)
    #expect(m.lineCount(characters: 50, width: 425) == 1)
    #expect(m.lineCount(characters: 51, width: 425) == 2)
    #expect(m.height(ofCharacters: 170, width: 425) == 88)
  }
}
