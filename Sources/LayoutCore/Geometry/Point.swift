/// A point in points (pt): `x` grows toward the trailing edge in left-to-right layouts, `y` downward.
public struct Point: Sendable, Hashable {
  /// Horizontal coordinate, in points.
  public var x: Double
  /// Vertical coordinate, in points.
  public var y: Double

  /// Creates a point from coordinates in points.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// (0, 0).
  public static let zero = Point(x: 0, y: 0)
}
