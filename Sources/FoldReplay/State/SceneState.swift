import FoldTrace

/// Everything the trace has said about one connected scene, folded from its events.
///
/// A pure record of the input: the replayer's own derived state (plans, animations, re-anchored scroll
/// offsets) lives in ``Replayer``, so two ways of reaching the same point in a trace — replaying from the
/// start or seeking to a frame's keyframe — give equal `SceneState`s.
public struct SceneState: Sendable, Equatable {
  /// The scene.
  public var id: SceneID
  /// The display the scene is shown on.
  public var display: DisplayRole
  /// Pixels per point of that display (for example 3.0).
  public var scale: Double
  /// The last geometry report, or nil before the first one.
  public var geometry: SceneGeometry?
  /// The last reserved-region report, inactive regions included (empty before the first one).
  public var regions: [ReservedRegion]
  /// The last trait report (the system defaults before the first one).
  public var traits: SceneTraits
  /// The last recorded content offset, in points.
  public var scrollOffset: TracePoint
  /// The anchor item the last scroll event named, if any.
  public var scrollAnchor: String?
  /// The selected item, if any.
  public var selection: String?

  /// Creates the state of a scene that has just connected.
  public init(id: SceneID, display: DisplayRole, scale: Double) {
    self.id = id
    self.display = display
    self.scale = scale
    self.geometry = nil
    self.regions = []
    self.traits = SceneTraits()
    self.scrollOffset = .zero
    self.scrollAnchor = nil
    self.selection = nil
  }
}
