import LayoutCore
import Testing

/// `.adaptive(minimum: 320, maximum: 480)` with 16 pt spacing and the fold rules.
@Suite struct AdaptiveGridTests {
  let grid = AdaptiveGrid.guide

  @Test(arguments: [
    (319.0, 1), (655.99, 1), (656, 2), (991, 2), (992, 3), (1327, 3), (1328, 4), (1664, 5),
  ])
  func countIsTheLargestThatFitsTheMinimum(width: Double, expected: Int) {
    #expect(grid.columnCount(for: width, canFold: false) == expected)
  }

  /// When the context can fold, 3 → 2 and 5 → 4; 1, 2 and 4 stay.
  @Test(arguments: [(500.0, 1), (656, 2), (992, 2), (1328, 4), (1664, 4)])
  func foldableContextsUseEvenCounts(width: Double, expected: Int) {
    #expect(grid.columnCount(for: width, canFold: true) == expected)
  }

  @Test func countNeverDecreasesAsWidthGrows() {
    for canFold in [false, true] {
      var previous = 0
      for w in stride(from: 0.0, through: 4000, by: 0.5) {
        let n = grid.columnCount(for: w, canFold: canFold)
        #expect(n >= previous, "\(w) pt, canFold \(canFold)")
        previous = n
      }
    }
  }

  /// Columns are capped at 480 pt and the group is centred: 990 pt → 2 × 480 + 16, 7 pt each side.
  @Test func columnsAreCappedAndCentred() {
    let frames = grid.columnFrames(in: Rect(x: 0, y: 10, width: 990, height: 300), canFold: false)
    #expect(
      frames == [Rect(x: 7, y: 10, width: 480, height: 300), Rect(x: 503, y: 10, width: 480, height: 300)])
    let rtl = grid.columnFrames(
      in: Rect(x: 0, y: 10, width: 990, height: 300), canFold: false, direction: .rightToLeft)
    #expect(rtl == frames.reversed())
  }

  /// Over an active division: half the columns on each side, the hinge gutter is division + 2 × 16 pt.
  @Test func hingeGutterSplitsColumnsEvenly() {
    let division = Rect(x: 690, y: 0, width: 20, height: 500)
    let frames = grid.columnFrames(
      in: Rect(x: 0, y: 0, width: 1400, height: 500), canFold: true, division: division)
    #expect(frames.count == 4)
    #expect(frames.filter { $0.maxX <= division.minX }.count == 2)
    #expect(frames.filter { $0.minX >= division.maxX }.count == 2)
    #expect(frames[2].minX - frames[1].maxX == 52)
    #expect(frames[1].minX - frames[0].maxX == 16)
    #expect(frames[0].minX == 0 && frames[3].maxX == 1400)
    for f in frames { #expect(!f.intersects(division)) }
  }
}
