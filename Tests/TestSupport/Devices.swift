import LayoutCore

/// Contexts for the devices of the guide's case matrix (LayoutCore's LayoutRules, "Case matrix"). Size
/// classes, aspect and fold come from the table; the point sizes and insets are representative values (the
/// seeds give none for iPhone Duo), chosen so the aspect matches the row.
package enum Devices {
  package static func context(
    _ h: SizeClass?, _ v: SizeClass?, _ width: Double, _ height: Double,
    safeArea: EdgeInsets = .zero, canFold: Bool = false, divisions: [Rect] = [], occlusions: [Rect] = [],
    bar: ToolbarVerticalEdge? = nil, direction: LayoutDirection = .leftToRight,
    type: DynamicTypeSize = .large
  ) -> LayoutContext {
    LayoutContext(
      horizontalSizeClass: h, verticalSizeClass: v, size: Size(width: width, height: height),
      safeArea: safeArea, activeDivisions: divisions, canFold: canFold, occlusions: occlusions,
      toolbarVerticalEdge: bar, layoutDirection: direction, dynamicTypeSize: type)
  }

  /// Duo internal display, unfolded, landscape: 1000 × 740 pt, fold inactive (canFold), bars vertical on
  /// the trailing edge (LayoutCore's LayoutRules, "iPhone Duo": bars are on the side except internal
  /// portrait).
  package static func duoInternalLandscape(
    divisions: [Rect] = [], occlusions: [Rect] = [], bar: ToolbarVerticalEdge? = .trailing,
    direction: LayoutDirection = .leftToRight
  ) -> LayoutContext {
    context(
      .regular, .regular, 1000, 740, safeArea: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0),
      canFold: true, divisions: divisions, occlusions: occlusions, bar: bar, direction: direction)
  }

  /// Duo internal display, portrait: 740 × 1000 pt, canFold, bars horizontal.
  package static func duoInternalPortrait(divisions: [Rect] = [], occlusions: [Rect] = []) -> LayoutContext {
    context(
      .regular, .regular, 740, 1000, safeArea: EdgeInsets(top: 32, leading: 0, bottom: 20, trailing: 0),
      canFold: true, divisions: divisions, occlusions: occlusions)
  }

  /// The fold of the internal display in book pose: a full-height 20 pt band at the centre.
  package static let bookFold = Rect(x: 490, y: 0, width: 20, height: 740)
  /// The fold in tabletop pose (internal portrait folded flat on a table): a full-width 20 pt band.
  package static let tabletopFold = Rect(x: 0, y: 490, width: 740, height: 20)
}
