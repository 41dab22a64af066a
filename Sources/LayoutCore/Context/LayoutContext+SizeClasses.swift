extension LayoutContext {
  /// Creates a context from the size classes and the measured size, deriving the shape exactly as the
  /// guide's flowchart does: `LayoutShape(horizontal:vertical:isWide: size.width > size.height)`
  /// (LayoutRules, "L1: shape and presentation").
  ///
  /// - Parameters:
  ///   - horizontalSizeClass: The horizontal size class; `nil` (unspecified) counts as regular.
  ///   - verticalSizeClass: The vertical size class; `nil` counts as regular.
  ///   - size: The space the layout fills, in points.
  ///   - safeArea: Safe-area insets, in points.
  ///   - activeDivisions: Frames of active division regions, in points.
  ///   - canFold: True when a division exists, active or not (`.includeInactive` is non-empty).
  ///   - occlusions: Frames of active occlusion regions, in points.
  ///   - toolbarVerticalEdge: The edge vertical bars stand on, or `nil`.
  ///   - layoutDirection: The layout direction.
  ///   - dynamicTypeSize: The Dynamic Type size.
  ///   - reduceMotion: Reduce Motion is on.
  ///   - isInteractivelyResizing: The user is dragging the window's edge.
  public init(
    horizontalSizeClass: SizeClass?, verticalSizeClass: SizeClass?, size: Size,
    safeArea: EdgeInsets = .zero, activeDivisions: [Rect] = [], canFold: Bool = false,
    occlusions: [Rect] = [], toolbarVerticalEdge: ToolbarVerticalEdge? = nil,
    layoutDirection: LayoutDirection = .leftToRight, dynamicTypeSize: DynamicTypeSize = .large,
    reduceMotion: Bool = false, isInteractivelyResizing: Bool = false
  ) {
    self.init(
      shape: LayoutShape(horizontal: horizontalSizeClass, vertical: verticalSizeClass, isWide: size.isWide),
      size: size, safeArea: safeArea, activeDivisions: activeDivisions, canFold: canFold,
      occlusions: occlusions, toolbarVerticalEdge: toolbarVerticalEdge, layoutDirection: layoutDirection,
      dynamicTypeSize: dynamicTypeSize, reduceMotion: reduceMotion,
      isInteractivelyResizing: isInteractivelyResizing)
  }

  /// The presentation the shape calls for (stack, split or expanded).
  public var presentation: Presentation { shape.presentation }

  /// True when the shape goes single column (compactTall, compactShort).
  public var prefersSingleColumn: Bool { shape.prefersSingleColumn }
}
