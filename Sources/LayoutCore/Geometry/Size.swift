/// A size in points (pt): width, height.
public struct Size: Sendable, Hashable {
  /// Width, in points.
  public var width: Double
  /// Height, in points.
  public var height: Double

  /// Creates a size from a width and height in points.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// 0 × 0 pt.
  public static let zero = Size(width: 0, height: 0)

  /// True when the width is greater than the height: the guide's `isWide`
  /// (LayoutRules, "L1: shape and presentation": `isWide = width > height`). A square is not wide.
  public var isWide: Bool { width > height }
}
