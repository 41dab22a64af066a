import LayoutCore

/// The reference screen's content: the guide's record list (LayoutRules, "L1: shape and presentation"), as
/// text records of varied length.
///
/// Item `i` has id `"item-i"` (the ids FoldSim's scroll and selection events use) and
/// `40 + (i × 37) mod 161` characters of body text with 12 pt padding, so rows rewrap differently at each
/// width and Dynamic Type size. Grid gaps are 8 pt between columns and rows.
public struct RecordListContent: ContentModel {
  /// The items.
  public let items: [ScrollItem]

  /// Creates the record list.
  ///
  /// - Parameter count: The number of records (default 400).
  /// - Complexity: O(count).
  public init(count: Int = 400) {
    items = (0..<count).map { index in
      ScrollItem(id: "item-\(index)", content: .text(characters: 40 + (index * 37) % 161, padding: 12))
    }
  }

  /// Columns from the plan, 8 pt gaps, text at the scene's Dynamic Type size.
  public func configuration(columns: Int, dynamicTypeSize: DynamicTypeSize) -> ScrollConfiguration {
    ScrollConfiguration(
      columns: columns, columnSpacing: 8, rowSpacing: 8, dynamicTypeSize: dynamicTypeSize)
  }
}
