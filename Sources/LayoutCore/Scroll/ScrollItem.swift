/// One item of a scrolling list or grid, with a stable identifier and a height that may depend on its
/// width.
///
/// Accepted content, enforced in one place (``init(id:content:)`` and the ``content`` setter apply
/// ``Content/sanitized``): heights, paddings and ratios must not be NaN or infinite (precondition); a
/// negative fixed height, character count or padding is clamped to 0; an aspect ratio below
/// ``minimumAspectRatio`` (a tile 1000 times taller than wide) is raised to it, so every height is finite
/// and at least 0; a ratio ≤ 0 keeps meaning "no height".
public struct ScrollItem: Sendable, Hashable {
  /// The stable identifier anchoring and selection refer to.
  public var id: String
  /// How the item's height follows from its width (stored sanitized, see ``Content/sanitized``).
  public var content: Content { didSet { content = content.sanitized } }

  /// The smallest positive aspect ratio (width / height) a tile keeps: 0.001.
  public static let minimumAspectRatio = 0.001

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - id: The stable identifier.
  ///   - content: How the height follows from the width; stored as ``Content/sanitized``.
  public init(id: String, content: Content) {
    self.id = id
    self.content = content.sanitized
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

    /// This content as an item stores it: negative heights, character counts and paddings clamped to 0;
    /// positive ratios below ``ScrollItem/minimumAspectRatio`` raised to it. NaN or infinite heights,
    /// paddings and ratios are a precondition failure.
    public var sanitized: Content {
      switch self {
      case .fixed(let height):
        precondition(height.isFinite, "ScrollItem height must be finite")
        return .fixed(height: max(0, height))
      case .text(let characters, let padding):
        precondition(padding.isFinite, "ScrollItem padding must be finite")
        return .text(characters: max(0, characters), padding: max(0, padding))
      case .aspect(let ratio):
        precondition(ratio.isFinite, "ScrollItem aspect ratio must be finite")
        return .aspect(ratio: ratio > 0 ? max(ScrollItem.minimumAspectRatio, ratio) : ratio)
      }
    }
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
