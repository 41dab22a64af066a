import FoldTrace
import LayoutCore

extension LayoutContext {
  /// The layout context a scene's recorded state gives, or nil before its first geometry report.
  ///
  /// The mapping follows the guide's three layers (LayoutCore's LayoutRules, "Three layers"):
  /// - L1: the shape from the horizontal and vertical size classes (unspecified counts as regular) and
  ///   whether the scene is wider than tall; the size in points.
  /// - L2: safe-area insets; the frames of *active* divisions; `canFold` when any division is reported,
  ///   inactive ones included (`reservedRegions(kind: .division, options: .includeInactive)`); the frames
  ///   of *active* occlusions only (the internal camera reserves space only while on,
  ///   LayoutCore's LayoutRules, "iPhone Duo"); the toolbar's vertical edge.
  /// - Orthogonal states: layout direction, Dynamic Type size, Reduce Motion (Prefer Cross-Fade
  ///   Transitions is a refinement of Reduce Motion in iOS and is not read separately), and
  ///   `isInteractivelyResizing`.
  ///
  /// The hinge, the display role and the scale are L3 and never reach the context.
  ///
  /// More than `LayoutContext.maximumRegionsPerKind` active divisions or occlusions (a forged trace: a
  /// device reports one division and two cameras at most) give the context `sanitized()` makes, which
  /// bounds them: the checks and messages of every later plan then work on at most four of each.
  ///
  /// - Parameter scene: The scene's recorded state.
  /// - Complexity: O(r) in the number of reserved regions.
  public init?(_ scene: SceneState) {
    guard let geometry = scene.geometry else { return nil }
    let size = Size(geometry.size)
    let divisions = scene.regions.filter { $0.kind == .division }
    self.init(
      shape: LayoutShape(geometry),
      size: size,
      safeArea: EdgeInsets(geometry.safeArea),
      activeDivisions: divisions.filter(\.isActive).map { Rect($0.frame) },
      canFold: !divisions.isEmpty,
      occlusions: scene.regions.filter { $0.kind == .occlusion && $0.isActive }.map { Rect($0.frame) },
      toolbarVerticalEdge: ToolbarVerticalEdge(geometry.verticalBarEdge),
      layoutDirection: LayoutDirection(scene.traits.layoutDirection),
      dynamicTypeSize: DynamicTypeSize(scene.traits.contentSizeCategory),
      reduceMotion: scene.traits.reduceMotion,
      isInteractivelyResizing: geometry.isInteractivelyResizing)
    if activeDivisions.count > Self.maximumRegionsPerKind || occlusions.count > Self.maximumRegionsPerKind {
      self = sanitized()
    }
  }
}
