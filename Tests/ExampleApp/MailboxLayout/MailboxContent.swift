import LayoutCore

/// The mailbox's messages: fixed-height rows, with the ids the trace's scroll and selection events name
/// (FoldSim's sessions scroll to and select `item-<n>`).
public struct MailboxContent: ContentModel {
  /// A message row's height, in points: sender, subject and a two-line preview.
  public static let rowHeight = 88.0
  /// The messages.
  public let items: [ScrollItem]

  /// Creates a mailbox of `count` messages.
  ///
  /// - Complexity: O(count).
  public init(count: Int = 500) {
    items = (0..<count).map { ScrollItem(id: "item-\($0)", content: .fixed(height: Self.rowHeight)) }
  }

  /// One column of rows, 1 pt separators; the row height does not follow Dynamic Type in this sketch.
  public func configuration(columns: Int, dynamicTypeSize: DynamicTypeSize) -> ScrollConfiguration {
    ScrollConfiguration(columns: 1, columnSpacing: 0, rowSpacing: 1, dynamicTypeSize: dynamicTypeSize)
  }
}
