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

  /// The part of this rectangle between x = `lower` and x = `upper`, clamped inside it (empty at the
  /// nearer edge when the span misses it), full height.
  ///
  /// - Complexity: O(1).
  public func horizontalSpan(from lower: Double, to upper: Double) -> Rect {
    let hi = Swift.max(minX, Swift.min(maxX, upper))
    let lo = Swift.min(Swift.max(minX, lower), hi)
    return Rect(x: lo, y: y, width: hi - lo, height: height)
  }

  /// The part of this rectangle between y = `lower` and y = `upper`, clamped inside it, full width.
  ///
  /// - Complexity: O(1).
  public func verticalSpan(from lower: Double, to upper: Double) -> Rect {
    let hi = Swift.max(minY, Swift.min(maxY, upper))
    let lo = Swift.min(Swift.max(minY, lower), hi)
    return Rect(x: x, y: lo, width: width, height: hi - lo)
  }

  /// This rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom; never negative
  /// and never outside this rectangle: an inset larger than half a side collapses that side to zero at
  /// its centre.
  ///
  /// - Complexity: O(1).
  public func insetBy(dx: Double, dy: Double) -> Rect {
    let ix = Swift.min(dx, width / 2)
    let iy = Swift.min(dy, height / 2)
    return Rect(
      x: x + ix, y: y + iy, width: Swift.max(0, width - 2 * ix), height: Swift.max(0, height - 2 * iy))
  }

  /// This rectangle with a non-negative width and height covering the same area (CoreGraphics'
  /// `CGRect.standardized`): a negative width moves `x` to the left edge, a negative height `y` to the top.
  ///
  /// - Complexity: O(1).
  public var standardized: Rect {
    Rect(
      x: Swift.min(x, x + width), y: Swift.min(y, y + height), width: Swift.abs(width),
      height: Swift.abs(height))
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

extension Rect {
  /// The part of this rectangle after `slice` on the leading-to-trailing axis: from `slice`'s trailing
  /// edge to this rectangle's trailing edge. Tiling with it shares the exact edge value, so the two parts
  /// never overlap by a rounding error.
  ///
  /// - Parameters:
  ///   - slice: A leading part of this rectangle (from ``leadingSlice(_:direction:)``).
  ///   - direction: The layout direction.
  /// - Complexity: O(1).
  public func remainder(after slice: Rect, direction: LayoutDirection) -> Rect {
    direction == .leftToRight
      ? horizontalSpan(from: slice.maxX, to: maxX) : horizontalSpan(from: minX, to: slice.minX)
  }
}

extension Rect {
  /// True when the two rectangles share an area more than `tolerance` points wide and tall: overlap
  /// beyond rounding error. Unlike ``intersects(_:)``, a zero-width rectangle never overlaps.
  ///
  /// - Complexity: O(1).
  public func overlaps(_ other: Rect, tolerance: Double = 1e-6) -> Bool {
    Swift.min(maxX, other.maxX) - Swift.max(minX, other.minX) > tolerance
      && Swift.min(maxY, other.maxY) - Swift.max(minY, other.minY) > tolerance
  }
}

extension Rect {
  /// This rectangle clamped to lie inside `container` (the intersection; empty at the nearest edge when
  /// they are disjoint). Children laid out with arithmetic are clamped to their group's frame so rounding
  /// cannot push them past an edge the group was cleared against.
  ///
  /// - Complexity: O(1).
  public func clamped(to container: Rect) -> Rect {
    let lo = Swift.min(Swift.max(minX, container.minX), container.maxX)
    let hi = Swift.max(Swift.min(maxX, container.maxX), lo)
    let top = Swift.min(Swift.max(minY, container.minY), container.maxY)
    let bottom = Swift.max(Swift.min(maxY, container.maxY), top)
    return Rect(x: lo, y: top, width: hi - lo, height: bottom - top)
  }
}
