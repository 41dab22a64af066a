/// Everything a layout may decide from: the guide's L1 and L2 signals and the states orthogonal to the
/// shape (LayoutRules, "Three layers"; the orthogonal states are in "Readable width and Dynamic Type",
/// "L2: safe area and bars" and "Folds and reserved regions").
///
/// L3 signals (idiom, orientation, hinge angle, device name) are deliberately absent: no layout API can
/// take them.
public struct LayoutContext: Sendable, Hashable {
  // MARK: L1 — layout branching

  /// The shape from the size classes and aspect ratio.
  public var shape: LayoutShape
  /// The space the layout fills, in points.
  public var size: Size

  // MARK: L2 — spatial correction

  /// Safe-area insets in points (top, leading, bottom, trailing); asymmetric insets are normal.
  public var safeArea: EdgeInsets
  /// Frames of the active division regions (the fold, while partially open), in points.
  public var activeDivisions: [Rect]
  /// True when a division exists, even an inactive one: the device can fold.
  public var canFold: Bool
  /// Frames of the active occlusion regions (for example the internal camera), in points.
  public var occlusions: [Rect]
  /// The edge bars stand on when vertical (`toolbarVerticalEdge`), or nil when bars are horizontal.
  public var toolbarVerticalEdge: ToolbarVerticalEdge?

  // MARK: Orthogonal states

  /// The layout direction.
  public var layoutDirection: LayoutDirection
  /// The Dynamic Type size.
  public var dynamicTypeSize: DynamicTypeSize
  /// Reduce Motion is on: moves become cross-fades.
  public var reduceMotion: Bool
  /// True while the user drags the window's size (LayoutRules, "Resizable windows").
  public var isInteractivelyResizing: Bool

  /// Creates a context.
  public init(
    shape: LayoutShape, size: Size, safeArea: EdgeInsets = .zero, activeDivisions: [Rect] = [],
    canFold: Bool = false, occlusions: [Rect] = [], toolbarVerticalEdge: ToolbarVerticalEdge? = nil,
    layoutDirection: LayoutDirection = .leftToRight, dynamicTypeSize: DynamicTypeSize = .large,
    reduceMotion: Bool = false, isInteractivelyResizing: Bool = false
  ) {
    self.shape = shape
    self.size = size
    self.safeArea = safeArea
    self.activeDivisions = activeDivisions
    self.canFold = canFold
    self.occlusions = occlusions
    self.toolbarVerticalEdge = toolbarVerticalEdge
    self.layoutDirection = layoutDirection
    self.dynamicTypeSize = dynamicTypeSize
    self.reduceMotion = reduceMotion
    self.isInteractivelyResizing = isInteractivelyResizing
  }

  /// True when a division is active: the device is partially folded.
  public var isFolded: Bool { !activeDivisions.isEmpty }
  /// True when the space is wider than tall.
  public var isWide: Bool { size.isWide }
  /// True when the safe area's leading and trailing insets differ.
  public var hasAsymmetricSafeArea: Bool { safeArea.isHorizontallyAsymmetric }
}

/// The edge vertical bars stand on (SwiftUI `toolbarVerticalEdge`).
public enum ToolbarVerticalEdge: Sendable, Hashable, CaseIterable {
  /// The leading edge.
  case leading
  /// The trailing edge.
  case trailing
}

/// SwiftUI's `DynamicTypeSize`, smallest first.
public enum DynamicTypeSize: Int, Sendable, Hashable, CaseIterable, Comparable {
  case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
  case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

  /// True for the five accessibility sizes.
  public var isAccessibilitySize: Bool { self >= .accessibility1 }

  public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
