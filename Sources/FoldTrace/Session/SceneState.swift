/// Everything the trace has said about one connected scene, folded from its events.
///
/// A pure record of the input. Each report is kept as it last arrived, nil before the first one, so the
/// state can be written back as the events that rebuild it (``payloads``); the plain accessors
/// (``regions``, ``traits``, ``scrollOffset``, ``selection``) give the system defaults before a report.
public struct SceneState: Sendable, Equatable {
  /// The scene.
  public var id: SceneID
  /// The display the scene is shown on.
  public var display: DisplayRole
  /// Pixels per point of that display (for example 3.0).
  public var scale: Double
  /// The last geometry report, or nil before the first one.
  public var geometry: SceneGeometry?
  /// The last reserved-region report, inactive regions included, or nil before the first one.
  public var reportedRegions: [ReservedRegion]?
  /// The last trait report, or nil before the first one.
  public var reportedTraits: SceneTraits?
  /// The last scroll report, or nil before the first one.
  public var reportedScroll: ScrollReport?
  /// The last selection report (`.some(nil)`: the selection was cleared), or nil before the first one.
  public var reportedSelection: String??
  /// The app's last recorded layout, or nil before the first one (format 1.1).
  public var reportedLayout: RecordedLayout?

  /// A scroll event's content.
  public struct ScrollReport: Sendable, Equatable {
    /// The content offset, in points.
    public var offset: TracePoint
    /// The anchor item the event named, if any.
    public var anchor: String?
    /// The anchor item's top edge from the scroll view's visible top as the app measured it, in points,
    /// if recorded (format 1.1).
    public var anchorTop: Double?

    /// Creates a report of `offset` (points), `anchor` and `anchorTop` (points).
    public init(offset: TracePoint, anchor: String?, anchorTop: Double? = nil) {
      self.offset = offset
      self.anchor = anchor
      self.anchorTop = anchorTop
    }
  }

  /// Creates the state of a scene that has just connected: nothing reported yet.
  public init(id: SceneID, display: DisplayRole, scale: Double) {
    self.id = id
    self.display = display
    self.scale = scale
  }

  /// The last reserved-region report, inactive regions included (empty before the first one).
  public var regions: [ReservedRegion] {
    get { reportedRegions ?? [] }
    set { reportedRegions = newValue }
  }
  /// The last trait report (the system defaults before the first one).
  public var traits: SceneTraits {
    get { reportedTraits ?? SceneTraits() }
    set { reportedTraits = newValue }
  }
  /// The last recorded content offset, in points (zero before the first scroll report).
  public var scrollOffset: TracePoint { reportedScroll?.offset ?? .zero }
  /// The anchor item the last scroll event named, if any.
  public var scrollAnchor: String? { reportedScroll?.anchor }
  /// The selected item, if any.
  public var selection: String? { reportedSelection ?? nil }

  /// The events that rebuild this state from nothing, in keyframe order: connected, geometry, traits,
  /// regions, scroll, selection, the app's layout (<doc:TraceFormat>, "Keyframes"); only reports that
  /// arrived.
  /// - Complexity: O(1).
  public var payloads: [TraceEvent.Payload] {
    var payloads: [TraceEvent.Payload] = []
    appendPayloads(to: &payloads)
    return payloads
  }

  func appendPayloads(to payloads: inout [TraceEvent.Payload]) {
    payloads.append(.sceneConnected(scene: id, display: display, scale: scale))
    if let geometry { payloads.append(.geometry(scene: id, geometry)) }
    if let reportedTraits { payloads.append(.traits(scene: id, reportedTraits)) }
    if let reportedRegions { payloads.append(.regions(scene: id, reportedRegions)) }
    if let reportedScroll {
      payloads.append(
        .scroll(
          scene: id, offset: reportedScroll.offset, anchor: reportedScroll.anchor,
          anchorTop: reportedScroll.anchorTop))
    }
    if let reportedSelection { payloads.append(.selection(scene: id, item: reportedSelection)) }
    if let reportedLayout { payloads.append(.layout(scene: id, reportedLayout)) }
  }
}
