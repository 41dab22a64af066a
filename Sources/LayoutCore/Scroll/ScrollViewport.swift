/// The visible window of a vertical scroll view: its size, the insets content must keep clear of, and the
/// layout direction.
///
/// The insets play the role of CSS `scroll-padding`: the *optimal viewing region* (CSS Scroll Anchoring
/// §2.2) is the viewport shrunk by them, and its top edge is the "viewport top" anchor offsets are measured
/// from. Content is laid out across the viewport width minus the leading and trailing insets (asymmetric on
/// Duo, `000_e528e4f7338d08ab.txt`, "세이프 에어리어가 비대칭").
public struct ScrollViewport: Sendable, Hashable {
  /// The viewport size, in points.
  public var size: Size
  /// Insets, in points: top and bottom bound the viewing region, leading and trailing the content width.
  public var insets: EdgeInsets
  /// Which edge leading is.
  public var layoutDirection: LayoutDirection

  /// Creates a viewport.
  public init(size: Size, insets: EdgeInsets = .zero, layoutDirection: LayoutDirection = .leftToRight) {
    self.size = size
    self.insets = insets
    self.layoutDirection = layoutDirection
  }

  /// The height of the viewing region (size minus top and bottom insets, at least 0), in points.
  public var visibleHeight: Double { max(0, size.height - insets.top - insets.bottom) }

  /// The width content is laid out across (size minus leading and trailing insets, at least 0), in points.
  public var contentWidth: Double { max(0, size.width - insets.leading - insets.trailing) }

  /// The x of the content's left edge in the viewport, in points: the leading inset in left-to-right, the
  /// trailing inset in right-to-left.
  public var contentMinX: Double {
    layoutDirection == .leftToRight ? insets.leading : insets.trailing
  }
}
