/// One item of a scrolling list or grid, with a stable identifier and a height that may depend on its
/// width.
public struct ScrollItem: Sendable, Hashable {
  /// The stable identifier anchoring and selection refer to.
  public var id: String
  /// How the item's height follows from its width.
  public var content: Content

  /// Creates an item.
  public init(id: String, content: Content) {
    self.id = id
    self.content = content
  }

  /// How an item's height follows from the width it is laid out at.
  public enum Content: Sendable, Hashable {
    /// A fixed height in points, whatever the width.
    case fixed(height: Double)
    /// Body text of `characters` characters wrapped by ``TextMetrics`` at the item's width minus twice
    /// `padding`, plus `padding` above and below; points.
    case text(characters: Int, padding: Double)
    /// A tile whose height is its width divided by `aspectRatio` (width / height), like an image.
    case aspect(ratio: Double)
  }

  /// The item's height at `width`, in points.
  ///
  /// - Parameters:
  ///   - width: The width the item is laid out at, in points.
  ///   - dynamicTypeSize: The text size for ``Content/text(characters:padding:)``, measured with
  ///     ``TextMetrics``.
  /// - Complexity: O(1).
  public func height(width: Double, dynamicTypeSize: DynamicTypeSize) -> Double {
    switch content {
    case .fixed(let height):
      return max(0, height)
    case .text(let characters, let padding):
      let textHeight = TextMetrics(dynamicTypeSize: dynamicTypeSize).height(
        ofCharacters: characters, width: max(0, width - 2 * padding))
      return textHeight + 2 * padding
    case .aspect(let ratio):
      return ratio > 0 ? max(0, width) / ratio : 0
    }
  }
}
