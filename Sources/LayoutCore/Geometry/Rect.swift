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
  /// in right-to-left). Width and height are clamped at zero, and the result never leaves this rectangle:
  /// when two opposite insets add up to more than the side, the side collapses to zero where the first
  /// inset (left, top) ends, clamped to this rectangle.
  ///
  /// - Complexity: O(1).
  public func inset(by insets: EdgeInsets, direction: LayoutDirection = .leftToRight) -> Rect {
    let left = direction == .leftToRight ? insets.leading : insets.trailing
    let right = direction == .leftToRight ? insets.trailing : insets.leading
    let (newX, newWidth) = Self.inset(x, width, by: left, right)
    let (newY, newHeight) = Self.inset(y, height, by: insets.top, insets.bottom)
    return Rect(x: newX, y: newY, width: newWidth, height: newHeight)
  }

  /// One axis of ``inset(by:direction:)``: the span `origin…origin + length` shrunk by `lead` and
  /// `trail`, kept inside the span (negative insets count as 0; oversized ones collapse the span).
  private static func inset(
    _ origin: Double, _ length: Double, by lead: Double, _ trail: Double
  ) -> (Double, Double) {
    if lead >= 0, trail >= 0, lead + trail <= length { return (origin + lead, max(0, length - lead - trail)) }
    let end = origin + length
    let lo = min(end, origin + max(0, lead))
    let hi = max(lo, min(end, end - max(0, trail)))
    return (lo, hi - lo)
  }
}
