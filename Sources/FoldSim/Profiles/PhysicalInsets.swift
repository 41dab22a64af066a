/// Insets in points by physical edge (top, left, bottom, right), as the hardware and system bars occupy
/// them. ``SystemModel`` maps them to leading/trailing with the scene's layout direction.
public struct PhysicalInsets: Sendable, Hashable {
  /// Top inset, in points.
  public var top: Double
  /// Left inset, in points.
  public var left: Double
  /// Bottom inset, in points.
  public var bottom: Double
  /// Right inset, in points.
  public var right: Double

  /// Creates insets in points.
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No insets.
  public static let zero = PhysicalInsets()
}
