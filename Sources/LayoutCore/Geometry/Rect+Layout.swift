/// Slicing and moving rectangles for layout rules: the operations `ReferenceScreenLayout`, the grid and
/// displacement rules use. All values are in points.
extension Rect {
  /// This rectangle moved by `dx`, `dy` points.
  ///
  /// - Complexity: O(1).
  public func translatedBy(dx: Double, dy: Double) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width, height: height)
  }

  /// The slice of `length` points at the leading edge (the left edge in left-to-right, the right edge in
  /// right-to-left), clamped to this rectangle's width.
  ///
  /// - Parameters:
  ///   - length: The slice's width, in points.
  ///   - direction: The layout direction that resolves "leading".
  /// - Returns: A rectangle with this rectangle's height.
  /// - Complexity: O(1).
  public func leadingSlice(_ length: Double, direction: LayoutDirection) -> Rect {
    let w = Swift.min(Swift.max(0, length), width)
    return direction == .leftToRight
      ? Rect(x: x, y: y, width: w, height: height) : Rect(x: maxX - w, y: y, width: w, height: height)
  }

  /// The slice of `length` points at the trailing edge, clamped to this rectangle's width.
  ///
  /// - Parameters:
  ///   - length: The slice's width, in points.
  ///   - direction: The layout direction that resolves "trailing".
  /// - Returns: A rectangle with this rectangle's height.
  /// - Complexity: O(1).
  public func trailingSlice(_ length: Double, direction: LayoutDirection) -> Rect {
    leadingSlice(length, direction: direction == .leftToRight ? .rightToLeft : .leftToRight)
  }

  /// The slice of `length` points at the top edge, clamped to this rectangle's height.
  ///
  /// - Complexity: O(1).
  public func topSlice(_ length: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: Swift.min(Swift.max(0, length), height))
  }

  /// The slice of `length` points at the bottom edge, clamped to this rectangle's height.
  ///
  /// - Complexity: O(1).
  public func bottomSlice(_ length: Double) -> Rect {
    let h = Swift.min(Swift.max(0, length), height)
    return Rect(x: x, y: maxY - h, width: width, height: h)
  }

  /// The part of this rectangle between `minX` and `maxX` (clamped), full height.
  ///
  /// - Complexity: O(1).
  public func horizontalSpan(from lower: Double, to upper: Double) -> Rect {
    let lo = Swift.max(minX, lower)
    let hi = Swift.min(maxX, upper)
    return Rect(x: lo, y: y, width: Swift.max(0, hi - lo), height: height)
  }

  /// The part of this rectangle between `lower` and `upper` on the y axis (clamped), full width.
  ///
  /// - Complexity: O(1).
  public func verticalSpan(from lower: Double, to upper: Double) -> Rect {
    let lo = Swift.max(minY, lower)
    let hi = Swift.min(maxY, upper)
    return Rect(x: x, y: lo, width: width, height: Swift.max(0, hi - lo))
  }

  /// This rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom; never negative.
  ///
  /// - Complexity: O(1).
  public func insetBy(dx: Double, dy: Double) -> Rect {
    Rect(
      x: x + dx, y: y + dy, width: Swift.max(0, width - 2 * dx), height: Swift.max(0, height - 2 * dy))
  }

  /// The area, in square points.
  public var area: Double { width * height }

  /// True when this rectangle lies inside `other`, allowing `tolerance` points of rounding on each edge.
  ///
  /// - Complexity: O(1).
  public func isInside(_ other: Rect, tolerance: Double = 1e-6) -> Bool {
    minX >= other.minX - tolerance && maxX <= other.maxX + tolerance && minY >= other.minY - tolerance
      && maxY <= other.maxY + tolerance
  }
}
