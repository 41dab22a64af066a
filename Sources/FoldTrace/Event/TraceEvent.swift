/// One recorded event: what happened, and when, in monotonic nanoseconds since the session started.
public struct TraceEvent: Sendable, Equatable {
  /// Monotonic time since session start, in nanoseconds. Non-decreasing along a trace.
  public var time: UInt64
  /// What happened.
  public var payload: Payload

  /// Creates an event.
  public init(time: UInt64, _ payload: Payload) {
    self.time = time
    self.payload = payload
  }

  /// What happened. Each case has a stable wire tag and JSON Lines name (``Kind``).
  public enum Payload: Sendable, Equatable {
    /// A scene connected on a display with the given scale (pixels per point, e.g. 3.0).
    case sceneConnected(scene: SceneID, display: DisplayRole, scale: Double)
    /// A scene disconnected.
    case sceneDisconnected(scene: SceneID)
    /// A scene's effective geometry changed.
    case geometry(scene: SceneID, SceneGeometry)
    /// The hinge changed. Device-wide, so no scene.
    case hinge(HingeState)
    /// The scene's reserved regions changed; the list replaces the previous one (inactive ones included).
    case regions(scene: SceneID, [ReservedRegion])
    /// The scene's traits changed.
    case traits(scene: SceneID, SceneTraits)
    /// The user scrolled: content offset in points and, when known, the scroll anchor item's id and
    /// the anchor item's top edge in points from the scroll view's visible top, as the app measured it
    /// after the event (`anchorTop`, format 1.1).
    case scroll(scene: SceneID, offset: TracePoint, anchor: String?, anchorTop: Double? = nil)
    /// The selection changed to an item, or to none.
    case selection(scene: SceneID, item: String?)
    /// A free-text label from the app or a test step.
    case marker(String)
    /// The recorder dropped this many events because the disk fell behind.
    case dropped(count: UInt64)
    /// The app's layout after a layout pass that changed something (format 1.1).
    case layout(scene: SceneID, RecordedLayout)
    /// The on-screen frames and opacities of the elements that moved, at one display refresh
    /// (format 1.1).
    case presented(scene: SceneID, [PresentedElement])
    /// The recording stops here mid-session (format 1.2): the events before it are all there was, and
    /// a move under way at this time was not seen to end. `tracecat recover` appends it where it repaired
    /// a torn or unclosed trace, and `tracecat slice --to` where it cut a longer one. Events after it (a
    /// writer that appended to the trace) are a later part of the session. It needs no format version:
    /// an older reader skips it as an unknown kind, as it skips any hint it cannot use.
    case cut
  }

  /// The kind of an event: its wire tag (`rawValue`) and its JSON Lines name (`name`).
  public enum Kind: UInt8, Sendable, Hashable, CaseIterable, Comparable {
    case sceneConnected = 1
    case sceneDisconnected = 2
    case geometry = 3
    case hinge = 4
    case regions = 5
    case traits = 6
    case scroll = 7
    case selection = 8
    case marker = 9
    case dropped = 10
    case layout = 11
    case presented = 12
    case cut = 13

    /// The JSON Lines `kind` value: `sceneConnected`, `sceneDisconnected`, `geometry`, `hinge`,
    /// `regions`, `traits`, `scroll`, `selection`, `marker`, `dropped`, `layout`, `presented`.
    public var name: String {
      switch self {
      case .sceneConnected: "sceneConnected"
      case .sceneDisconnected: "sceneDisconnected"
      case .geometry: "geometry"
      case .hinge: "hinge"
      case .regions: "regions"
      case .traits: "traits"
      case .scroll: "scroll"
      case .selection: "selection"
      case .marker: "marker"
      case .dropped: "dropped"
      case .layout: "layout"
      case .presented: "presented"
      case .cut: "cut"
      }
    }

    /// The format version that introduced the kind: 1.1 for `layout` and `presented`, 1.2 for `cut`,
    /// 1.0 for the others.
    public var introduced: TraceFormatVersion {
      switch self {
      case .layout, .presented: .v1_1
      case .cut: .v1_2
      default: .v1_0
      }
    }

    /// The kind with the given JSON Lines name, if any.
    public init?(name: String) {
      guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
      self = kind
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
  }

  /// This event's kind.
  public var kind: Kind {
    switch payload {
    case .sceneConnected: .sceneConnected
    case .sceneDisconnected: .sceneDisconnected
    case .geometry: .geometry
    case .hinge: .hinge
    case .regions: .regions
    case .traits: .traits
    case .scroll: .scroll
    case .selection: .selection
    case .marker: .marker
    case .dropped: .dropped
    case .layout: .layout
    case .presented: .presented
    case .cut: .cut
    }
  }

  /// The scene the event belongs to, or nil for device-wide events (hinge, marker, dropped, cut).
  public var scene: SceneID? {
    switch payload {
    case .sceneConnected(let scene, _, _), .sceneDisconnected(let scene), .geometry(let scene, _),
      .regions(let scene, _), .traits(let scene, _), .scroll(let scene, _, _, _), .selection(let scene, _),
      .layout(let scene, _), .presented(let scene, _):
      scene
    case .hinge, .marker, .dropped, .cut: nil
    }
  }

  /// The oldest format version that can hold this event: 1.1 for `layout`, `presented` and a `scroll`
  /// with an `anchorTop`, 1.0 otherwise. A writer refuses an event newer than its header's version.
  public var requiredVersion: TraceFormatVersion { payload.requiredVersion }
}

extension TraceEvent.Payload {
  /// The oldest format version that can hold this payload (``TraceEvent/requiredVersion``).
  public var requiredVersion: TraceFormatVersion {
    switch self {
    case .scroll(_, _, _, .some), .layout, .presented: .v1_1
    default: .v1_0
    }
  }
}
