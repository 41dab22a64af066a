/// A rectangle in points (pt): x, y, width, height. Width and height are never negative.
public struct Rect: Sendable, Hashable {
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

  /// Creates a rectangle from an origin and a size.
  public init(origin: Point, size: Size) {
    self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// Left edge, in points.
  public var minX: Double { x }
  /// Right edge, in points.
  public var maxX: Double { x + width }
  /// Top edge, in points.
  public var minY: Double { y }
  /// Bottom edge, in points.
  public var maxY: Double { y + height }
  /// Horizontal centre, in points.
  public var midX: Double { x + width / 2 }
  /// Vertical centre, in points.
  public var midY: Double { y + height / 2 }
  /// The origin (top-left corner).
  public var origin: Point { Point(x: x, y: y) }
  /// The size.
  public var size: Size { Size(width: width, height: height) }

  /// True when the two rectangles share interior area. Rectangles that only touch along an edge do not
  /// intersect; a zero-width rectangle (a flat fold's division) intersects any rectangle it passes
  /// strictly through.
  ///
  /// - Complexity: O(1).
  public func intersects(_ other: Rect) -> Bool {
    let xOverlap =
      width == 0 || other.width == 0
      ? (other.width == 0 ? (other.x > minX && other.x < maxX) : (x > other.minX && x < other.maxX))
      : (minX < other.maxX && other.minX < maxX)
    let yOverlap =
      height == 0 || other.height == 0
      ? (other.height == 0 ? (other.y > minY && other.y < maxY) : (y > other.minY && y < other.maxY))
      : (minY < other.maxY && other.minY < maxY)
    return xOverlap && yOverlap
  }

  /// True when `other` lies entirely inside this rectangle (edges may coincide).
  ///
  /// - Complexity: O(1).
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// This rectangle shrunk by `insets` on each edge, resolved for `direction` (leading is the right edge
  /// in right-to-left). Width and height are clamped at zero.
  ///
  /// - Complexity: O(1).
  public func inset(by insets: EdgeInsets, direction: LayoutDirection = .leftToRight) -> Rect {
    let left = direction == .leftToRight ? insets.leading : insets.trailing
    let right = direction == .leftToRight ? insets.trailing : insets.leading
    return Rect(
      x: x + left, y: y + insets.top, width: max(0, width - left - right),
      height: max(0, height - insets.top - insets.bottom))
  }
}
