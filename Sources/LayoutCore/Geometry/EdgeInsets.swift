/// Insets in points, in the order top, leading, bottom, trailing (SwiftUI's `EdgeInsets`).
///
/// Leading and trailing follow the layout direction: in right-to-left, leading is the right edge.
/// Asymmetric insets are the norm on iPhone Duo (LayoutRules, "L2: safe area and bars").
public struct EdgeInsets: Sendable, Hashable {
  /// Top inset, in points.
  public var top: Double
  /// Leading inset, in points.
  public var leading: Double
  /// Bottom inset, in points.
  public var bottom: Double
  /// Trailing inset, in points.
  public var trailing: Double

  /// Creates insets in points.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// No insets.
  public static let zero = EdgeInsets()

  /// True when leading and trailing differ (the guide's `hasAsymmetricSafeArea`).
  public var isHorizontallyAsymmetric: Bool { leading != trailing }
}

/// The direction in which leading-to-trailing runs.
public enum LayoutDirection: Sendable, Hashable, CaseIterable {
  /// Leading is the left edge.
  case leftToRight
  /// Leading is the right edge.
  case rightToLeft
}
