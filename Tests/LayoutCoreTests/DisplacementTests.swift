import LayoutCore
import Testing

@Suite struct DisplacementTests {
  let bounds = Rect(x: 0, y: 0, width: 800, height: 600)
  let minimum = Size(width: 44, height: 44)

  @Test func clearFrameStays() {
    let frame = Rect(x: 10, y: 10, width: 100, height: 44)
    #expect(
      Displacement.clear(
        frame, within: bounds, avoiding: [Rect(x: 200, y: 0, width: 20, height: 600)], minimumSize: minimum)
        == frame)
  }

  /// The smallest move: 10 pt right beats 90 pt left, 30 pt down, 74 pt up.
  @Test func shortestMoveWins() {
    let frame = Rect(x: 100, y: 100, width: 100, height: 44)
    let obstacle = Rect(x: 100, y: 110, width: 10, height: 20)
    #expect(
      Displacement.clear(frame, within: bounds, avoiding: [obstacle], minimumSize: minimum)
        == Rect(x: 110, y: 100, width: 100, height: 44))
  }

  /// A tie between moving up and down goes down; between leading and trailing goes trailing, which is
  /// left in right-to-left.
  @Test func tiesPreferDownThenTrailing() {
    let frame = Rect(x: 100, y: 100, width: 40, height: 40)
    let middle = Rect(x: 110, y: 110, width: 20, height: 20)  // 30 pt in every direction
    #expect(Displacement.clear(frame, within: bounds, avoiding: [middle], minimumSize: minimum)?.y == 130)
    let wide = Rect(x: 110, y: 0, width: 20, height: 600)  // only sideways works: 30 pt either way
    #expect(Displacement.clear(frame, within: bounds, avoiding: [wide], minimumSize: minimum)?.x == 130)
    let left = Displacement.clear(
      frame, within: bounds, avoiding: [wide], minimumSize: minimum, direction: .rightToLeft)
    #expect(left != nil && abs(left!.maxX - 110) < 1e-6)
  }

  /// A frame as wide as the bounds cannot step off a full-height fold: it shrinks, in place, to the
  /// larger side.
  @Test func fullWidthFrameShrinksToTheLargerSide() {
    let frame = Rect(x: 0, y: 0, width: 800, height: 52)
    let fold = Rect(x: 300, y: 0, width: 20, height: 600)
    #expect(
      Displacement.clear(frame, within: bounds, avoiding: [fold], minimumSize: minimum)
        == Rect(x: 320, y: 0, width: 480, height: 52))
  }

  /// A camera then a fold: the frame moves under the camera and shrinks beside the fold.
  @Test func clearsSeveralObstacles() {
    let frame = Rect(x: 0, y: 0, width: 800, height: 52)
    let obstacles = [Rect(x: 500, y: 0, width: 60, height: 30), Rect(x: 300, y: 0, width: 0, height: 600)]
    let result = Displacement.clear(frame, within: bounds, avoiding: obstacles, minimumSize: minimum)
    #expect(result != nil)
    #expect(Displacement.isClear(result!, obstacles) && result!.isInside(bounds))
    #expect(result == Rect(x: 0, y: 0, width: 300 - 1e-9, height: 52))
  }

  /// Nothing fits: nil, so the caller can relax its minimum.
  @Test func impossibleReturnsNil() {
    let frame = Rect(x: 0, y: 0, width: 100, height: 44)
    let everything = Rect(x: -1, y: -1, width: 802, height: 602)
    #expect(Displacement.clear(frame, within: bounds, avoiding: [everything], minimumSize: minimum) == nil)
  }
}
