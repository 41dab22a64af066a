/// The three Split View widths of one orientation, in points.
public struct SplitWidths: Sendable, Hashable {
  /// One third.
  public var oneThird: Double
  /// One half.
  public var half: Double
  /// Two thirds.
  public var twoThirds: Double

  /// Creates the widths.
  public init(oneThird: Double, half: Double, twoThirds: Double) {
    self.oneThird = oneThird
    self.half = half
    self.twoThirds = twoThirds
  }
}
