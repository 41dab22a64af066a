/// How a scroll view arranges its items: columns, spacing and text size.
///
/// One column is a list; more is a grid like `LazyVGrid` with fixed-count columns: each row holds
/// ``columns`` items left to right (right to left in RTL), its height is its tallest item, and rows are
/// separated by ``rowSpacing``. The column count itself is the layout policy's decision (density from
/// continuous width, LayoutRules, "Density from continuous width").
///
/// Accepted input, enforced in one place (the initializer and every setter apply the same rule): a
/// column count below 1 is raised to 1; a negative spacing is clamped to 0; a NaN or infinite spacing is a
/// precondition failure (layout would place items at NaN or infinitely far apart).
public struct ScrollConfiguration: Sendable, Hashable {
  /// Columns, at least 1 (smaller values are raised to 1).
  public var columns: Int { didSet { columns = max(1, columns) } }
  /// Horizontal gap between columns, in points; finite, at least 0 (negative values are clamped to 0).
  public var columnSpacing: Double { didSet { columnSpacing = Self.spacing(columnSpacing) } }
  /// Vertical gap between rows, in points; finite, at least 0 (negative values are clamped to 0).
  public var rowSpacing: Double { didSet { rowSpacing = Self.spacing(rowSpacing) } }
  /// The Dynamic Type size text items are measured at, with ``TextMetrics``.
  public var dynamicTypeSize: DynamicTypeSize

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - columns: The column count; raised to at least 1.
  ///   - columnSpacing: The gap between columns, in points; must be finite (precondition); negative
  ///     values are clamped to 0.
  ///   - rowSpacing: The gap between rows, in points; must be finite (precondition); negative values are
  ///     clamped to 0.
  ///   - dynamicTypeSize: The text size items are measured at.
  public init(
    columns: Int = 1, columnSpacing: Double = 0, rowSpacing: Double = 0,
    dynamicTypeSize: DynamicTypeSize = .large
  ) {
    self.columns = max(1, columns)
    self.columnSpacing = Self.spacing(columnSpacing)
    self.rowSpacing = Self.spacing(rowSpacing)
    self.dynamicTypeSize = dynamicTypeSize
  }

  /// A spacing as stored: finite (precondition), negative clamped to 0.
  private static func spacing(_ value: Double) -> Double {
    precondition(value.isFinite, "ScrollConfiguration spacing must be finite")
    return max(0, value)
  }
}
