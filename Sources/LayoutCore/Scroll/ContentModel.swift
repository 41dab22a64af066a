/// The scrolling content a screen lays out: its items and how its grid is spaced.
///
/// Traces record scroll offsets and the ids of anchor and selected items, not the content itself, so a
/// replay is handed a model of it: an app supplies its own (its ids must be the ones its scroll and
/// selection events name). The reference screen's is `RecordListContent`, in the example app's module.
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
