/// How a display is held, as the system reports it. FoldSim uses it only to pick a display's metrics; the
/// layout never sees it (`000_e528e4f7338d08ab.txt`, 쓰면 안 되는 것: interfaceOrientation).
public enum Orientation: String, Sendable, Hashable, CaseIterable {
  /// Taller than wide.
  case portrait
  /// Wider than tall.
  case landscape

  /// The other orientation.
  public var rotated: Orientation { self == .portrait ? .landscape : .portrait }
}

/// One value for each ``Orientation``.
public struct PerOrientation<Value: Sendable>: Sendable {
  /// The value in portrait.
  public var portrait: Value
  /// The value in landscape.
  public var landscape: Value

  /// Creates a pair.
  public init(portrait: Value, landscape: Value) {
    self.portrait = portrait
    self.landscape = landscape
  }

  /// Creates a pair with the same value for both orientations.
  public init(both value: Value) {
    portrait = value
    landscape = value
  }

  /// The value for `orientation`.
  public subscript(orientation: Orientation) -> Value {
    orientation == .portrait ? portrait : landscape
  }
}

/// A physical screen edge: unlike leading/trailing it does not flip in right-to-left languages. The Duo
/// keeps its side bars on the same physical side in RTL (`003_f6edf847a2b0c034.txt`, 세로 컨트롤).
public enum PhysicalEdge: String, Sendable, Hashable, CaseIterable {
  /// The left edge.
  case left
  /// The right edge.
  case right
}

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
