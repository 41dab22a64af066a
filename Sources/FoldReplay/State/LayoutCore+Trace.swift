import FoldTrace
import LayoutCore

// Conversions from the trace's recorded values to LayoutCore's layout values. They are the only place
// where FoldTrace and LayoutCore meet (Package.swift: FoldReplay joins the two).

extension SizeClass {
  /// The layout size class for a recorded one; `nil` for `.unspecified`, which LayoutCore counts as
  /// regular (LayoutCore's LayoutRules, "L1: shape and presentation").
  public init?(_ recorded: UserInterfaceSizeClass) {
    switch recorded {
    case .compact: self = .compact
    case .regular: self = .regular
    case .unspecified: return nil
    }
  }
}

extension LayoutShape {
  /// The shape of a recorded scene geometry: its size classes (unspecified counts as regular) and whether
  /// it is wider than tall (LayoutCore's LayoutRules, "L1: shape and presentation"). The one place a recorded
  /// geometry becomes a shape: `LayoutContext.init(_:)` and tracecat both call it.
  public init(_ geometry: SceneGeometry) {
    self.init(
      horizontal: SizeClass(geometry.horizontal), vertical: SizeClass(geometry.vertical),
      isWide: Size(geometry.size).isWide)
  }
}

extension DynamicTypeSize {
  /// The SwiftUI Dynamic Type size for a recorded UIKit content size category (the two scales have the
  /// same twelve steps in the same order).
  public init(_ category: ContentSizeCategory) {
    switch category {
    case .extraSmall: self = .xSmall
    case .small: self = .small
    case .medium: self = .medium
    case .large: self = .large
    case .extraLarge: self = .xLarge
    case .extraExtraLarge: self = .xxLarge
    case .extraExtraExtraLarge: self = .xxxLarge
    case .accessibilityMedium: self = .accessibility1
    case .accessibilityLarge: self = .accessibility2
    case .accessibilityExtraLarge: self = .accessibility3
    case .accessibilityExtraExtraLarge: self = .accessibility4
    case .accessibilityExtraExtraExtraLarge: self = .accessibility5
    }
  }
}

extension LayoutDirection {
  /// The layout direction for a recorded one.
  public init(_ recorded: UserInterfaceLayoutDirection) {
    self = recorded == .rightToLeft ? .rightToLeft : .leftToRight
  }
}

extension ToolbarVerticalEdge {
  /// The toolbar edge for a recorded vertical bar edge; `nil` when bars are horizontal.
  public init?(_ recorded: VerticalBarEdge) {
    switch recorded {
    case .none: return nil
    case .leading: self = .leading
    case .trailing: self = .trailing
    }
  }
}

extension Rect {
  /// The rectangle for a recorded one (x, y, width, height in points).
  public init(_ rect: TraceRect) {
    self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
  }
}

extension Size {
  /// The size for a recorded one, in points.
  public init(_ size: TraceSize) { self.init(width: size.width, height: size.height) }
}

extension EdgeInsets {
  /// The insets for recorded ones (top, leading, bottom, trailing, in points).
  public init(_ insets: TraceInsets) {
    self.init(top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing)
  }
}
