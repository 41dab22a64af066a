/// Grid density from continuous width, computed like SwiftUI's
/// `LazyVGrid(columns: [GridItem(.adaptive(minimum:maximum:), spacing:)])`.
///
/// The column count is the largest `n` for which `n` columns of at least ``minimum`` points and `n − 1`
/// gutters of ``spacing`` points fit: `n = max(1, ⌊(width + spacing) / (minimum + spacing)⌋)`. Each column
/// then takes an equal share of the width, capped at ``maximum`` (the grid is centred when capped).
///
/// Two fold rules refine it (LayoutRules, "Density from continuous width"):
/// - when the context can fold (a division exists, even inactive), an odd count of three or more rounds
///   down to the even count below, so the fold can fall between two columns (one column stays one: two do
///   not fit);
/// - over an active vertical division the gutter at the fold widens to `division width + 2 × spacing`
///   while the outer margins stay (the Fitness pattern).
///
/// Numbers (LayoutRules, "Density from continuous width": the guide gives minimum 320 and maximum 480):
/// minimum 320 pt, maximum 480 pt, spacing 16 pt.
public struct AdaptiveGrid: Sendable, Hashable {
  /// The narrowest a column may be, in points (320).
  public var minimum: Double
  /// The widest a column may be, in points (480).
  public var maximum: Double
  /// The gutter between columns, in points (16).
  public var spacing: Double

  /// Creates a grid rule.
  ///
  /// - Parameters:
  ///   - minimum: The narrowest column, in points; must be > 0.
  ///   - maximum: The widest column, in points; must be ≥ `minimum`.
  ///   - spacing: The gutter, in points; must be ≥ 0.
  public init(minimum: Double = 320, maximum: Double = 480, spacing: Double = 16) {
    precondition(minimum > 0 && maximum >= minimum && spacing >= 0, "invalid AdaptiveGrid")
    self.minimum = minimum
    self.maximum = maximum
    self.spacing = spacing
  }

  /// The guide's grid: `.adaptive(minimum: 320, maximum: 480)` with 16 pt spacing.
  public static let guide = AdaptiveGrid()

  /// The most columns a grid lays out (512), whatever its width and minimum: the work and the plan's
  /// size stay bounded. The guide's grid never reaches it within ``LayoutContext/maximumLength``
  /// (100 000 pt gives 297 columns; a 10 000 pt Mac window, the window server's limit, 29).
  public static let maximumColumns = 512

  /// The number of columns for `width` points.
  ///
  /// - Parameters:
  ///   - width: The width the grid fills, in points.
  ///   - canFold: True when a division exists (active or inactive): odd counts ≥ 3 round down to even.
  ///   - extraGutter: Extra points taken by a widened hinge gutter (0 when no active division crosses).
  /// - Returns: At least 1 and at most ``maximumColumns``. Non-decreasing in `width` for fixed `canFold`
  ///   and `extraGutter`.
  /// - Complexity: O(1).
  public func columnCount(for width: Double, canFold: Bool, extraGutter: Double = 0) -> Int {
    let usable = max(0, width - extraGutter)
    let n = min(Self.maximumColumns, max(1, wholeCount((usable + spacing) / (minimum + spacing))))
    if canFold && n >= 3 && n % 2 == 1 { return n - 1 }
    return n
  }

  /// The frames of the columns of a grid filling `rect`, full height, ordered leading to trailing.
  ///
  /// When `division` (an active vertical division) passes through `rect`, the count is even and at
  /// least two, half the columns lie on each side and the gutter over the division is
  /// `division.width + 2 × spacing` wide; columns on each side share that side's width. Otherwise the
  /// columns are equal, capped at ``maximum`` and centred.
  ///
  /// - Parameters:
  ///   - rect: The grid's frame, in points.
  ///   - canFold: True when a division exists, active or not.
  ///   - division: The active vertical division nearest the grid's centre, if any.
  ///   - direction: Column order: leading to trailing.
  /// - Returns: One frame per column, each inside `rect` (zero-width when the gutters fill a side);
  ///   never empty.
  /// - Complexity: O(n) in the number of columns.
  public func columnFrames(
    in rect: Rect, canFold: Bool, division: Rect? = nil, direction: LayoutDirection = .leftToRight
  ) -> [Rect] {
    if let d = division, d.minX > rect.minX, d.maxX < rect.maxX {
      let extra = d.width + spacing
      let n = columnCount(for: rect.width, canFold: true, extraGutter: extra)
      if n >= 2 && n % 2 == 0 {
        let left = rect.horizontalSpan(from: rect.minX, to: d.minX - spacing)
        let right = rect.horizontalSpan(from: d.maxX + spacing, to: rect.maxX)
        let frames = equalColumns(in: left, count: n / 2) + equalColumns(in: right, count: n / 2)
        return direction == .leftToRight ? frames : frames.reversed()
      }
    }
    let n = columnCount(for: rect.width, canFold: canFold)
    let frames = equalColumns(in: rect, count: n)
    return direction == .leftToRight ? frames : frames.reversed()
  }

  /// `count` equal columns across `rect` with ``spacing`` gutters, each capped at ``maximum`` and the
  /// group centred. When the gutters alone are wider than `rect` (one side of an off-centre fold), the
  /// columns are zero-width and those past the trailing edge are clamped to it: every column lies in
  /// `rect`.
  private func equalColumns(in rect: Rect, count: Int) -> [Rect] {
    let gutters = Double(count - 1) * spacing
    let w = max(0, min(maximum, (rect.width - gutters) / Double(count)))
    let total = w * Double(count) + gutters
    let start = rect.minX + max(0, (rect.width - total) / 2)
    return (0..<count).map { i in
      let column = Rect(x: start + Double(i) * (w + spacing), y: rect.y, width: w, height: rect.height)
      return column.maxX <= rect.maxX ? column : column.clamped(to: rect)
    }
  }
}
