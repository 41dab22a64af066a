import LayoutCore

/// The scrolling content a replay lays out: the app's items and how its grid is spaced.
///
/// Traces record scroll offsets and the ids of anchor and selected items, not the content itself, so the
/// replay supplies a model of it. An app replays against its own; ``RecordListContent`` is the default.
public protocol ContentModel: Sendable {
  /// The items, in order, with the ids scroll and selection events name.
  var items: [ScrollItem] { get }

  /// How the items are arranged for a plan's column count and a Dynamic Type size.
  ///
  /// - Parameters:
  ///   - columns: The plan's grid column count.
  ///   - dynamicTypeSize: The scene's Dynamic Type size.
  /// - Returns: The scroll configuration; a pure function of its input.
  func configuration(columns: Int, dynamicTypeSize: DynamicTypeSize) -> ScrollConfiguration
}

/// The default content: the guide's record list (`000_e528e4f7338d08ab.txt`, "다음 단계 — 화면별 매핑",
/// "기록 목록"), as text records of varied length.
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
