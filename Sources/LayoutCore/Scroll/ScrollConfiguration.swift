/// How a scroll view arranges its items: columns, spacing and text size.
///
/// One column is a list; more is a grid like `LazyVGrid` with fixed-count columns: each row holds
/// ``columns`` items left to right (right to left in RTL), its height is its tallest item, and rows are
/// separated by ``rowSpacing``. The column count itself is the layout policy's decision (density from
/// continuous width, `000_e528e4f7338d08ab.txt`, "구조는 쉐이프가 결정하고, 밀도는 연속적인 폭이 결정한다").
public struct ScrollConfiguration: Sendable, Hashable {
  /// Columns, at least 1.
  public var columns: Int
  /// Horizontal gap between columns, in points.
  public var columnSpacing: Double
  /// Vertical gap between rows, in points.
  public var rowSpacing: Double
  /// The Dynamic Type size text items are measured at, with ``TextMetrics``.
  public var dynamicTypeSize: DynamicTypeSize

  /// Creates a configuration; `columns` is clamped to at least 1.
  public init(
    columns: Int = 1, columnSpacing: Double = 0, rowSpacing: Double = 0,
    dynamicTypeSize: DynamicTypeSize = .large
  ) {
    self.columns = max(1, columns)
    self.columnSpacing = columnSpacing
    self.rowSpacing = rowSpacing
    self.dynamicTypeSize = dynamicTypeSize
  }
}
