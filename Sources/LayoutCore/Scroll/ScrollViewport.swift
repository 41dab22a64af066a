/// The visible window of a vertical scroll view: its size, the insets content must keep clear of, and the
/// layout direction.
///
/// The insets play the role of CSS `scroll-padding`: the *optimal viewing region* (CSS Scroll Anchoring
/// §2.1) is the viewport shrunk by them, and its top edge is the "viewport top" anchor offsets are measured
/// from. Content is laid out across the viewport width minus the leading and trailing insets (asymmetric on
/// Duo, LayoutRules, "L2: safe area and bars").
///
/// Accepted input, enforced in one place (the initializer and both setters): every size and inset must
/// be finite (precondition: an infinite width would give infinite item heights); negative sizes and
/// insets are clamped to 0.
public struct ScrollViewport: Sendable, Hashable {
  /// The viewport size, in points; finite, each side at least 0.
  public var size: Size { didSet { size = Self.sanitized(size) } }
  /// Insets, in points: top and bottom bound the viewing region, leading and trailing the content width;
  /// finite, each at least 0.
  public var insets: EdgeInsets { didSet { insets = Self.sanitized(insets) } }
  /// Which edge leading is.
  public var layoutDirection: LayoutDirection

  /// Creates a viewport.
  ///
  /// - Parameters:
  ///   - size: The size, in points; finite (precondition), negative sides clamped to 0.
  ///   - insets: The insets, in points; finite (precondition), negative insets clamped to 0.
  ///   - layoutDirection: Which edge leading is.
  public init(size: Size, insets: EdgeInsets = .zero, layoutDirection: LayoutDirection = .leftToRight) {
    self.size = Self.sanitized(size)
    self.insets = Self.sanitized(insets)
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

  /// `size` with finite sides (precondition), negative ones clamped to 0.
  private static func sanitized(_ size: Size) -> Size {
    precondition(size.width.isFinite && size.height.isFinite, "ScrollViewport size must be finite")
    return Size(width: max(0, size.width), height: max(0, size.height))
  }

  /// `insets` finite (precondition), negative ones clamped to 0.
  private static func sanitized(_ insets: EdgeInsets) -> EdgeInsets {
    let all = [insets.top, insets.leading, insets.bottom, insets.trailing]
    precondition(all.allSatisfy(\.isFinite), "ScrollViewport insets must be finite")
    return EdgeInsets(
      top: max(0, insets.top), leading: max(0, insets.leading), bottom: max(0, insets.bottom),
      trailing: max(0, insets.trailing))
  }
}
