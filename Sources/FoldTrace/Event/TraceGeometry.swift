/// A point in points (pt), as UIKit's `CGPoint`: `x` grows to the right, `y` grows downward.
public struct TracePoint: Sendable, Hashable {
  /// Horizontal coordinate, in points.
  public var x: Double
  /// Vertical coordinate, in points.
  public var y: Double

  /// Creates a point from its coordinates in points.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, (0, 0).
  public static let zero = TracePoint(x: 0, y: 0)
}

/// A size in points (pt): width then height, as UIKit's `CGSize`.
public struct TraceSize: Sendable, Hashable {
  /// Width, in points.
  public var width: Double
  /// Height, in points.
  public var height: Double

  /// Creates a size from its width and height in points.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The empty size, 0 × 0 pt.
  public static let zero = TraceSize(width: 0, height: 0)
}

/// A rectangle in points (pt) given as x, y, width, height in the scene's coordinate space.
public struct TraceRect: Sendable, Hashable {
  /// Left edge, in points.
  public var x: Double
  /// Top edge, in points.
  public var y: Double
  /// Width, in points.
  public var width: Double
  /// Height, in points.
  public var height: Double

  /// Creates a rectangle from x, y, width and height in points.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// Safe-area (or other) insets in points, in the order top, leading, bottom, trailing.
///
/// `leading` and `trailing` follow the scene's layout direction, as SwiftUI's `EdgeInsets` do: in a
/// right-to-left scene `leading` is the right edge. Asymmetric insets are the norm on iPhone Duo
/// (LayoutCore's LayoutRules, "L2: safe area and bars").
public struct TraceInsets: Sendable, Hashable {
  /// Top inset, in points.
  public var top: Double
  /// Leading inset, in points.
  public var leading: Double
  /// Bottom inset, in points.
  public var bottom: Double
  /// Trailing inset, in points.
  public var trailing: Double

  /// Creates insets in points, in the order top, leading, bottom, trailing.
  public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// No insets.
  public static let zero = TraceInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}
