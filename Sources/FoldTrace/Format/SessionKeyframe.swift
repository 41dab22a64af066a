/// The session state a keyframe carries: what a replayer needs to start at a frame (state, not history).
///
/// The writer folds every appended event into it and writes it as records at each frame start
/// (<doc:TraceFormat>, "Keyframes"); `tracecat slice` writes it first, so a slice replays from its start
/// as the whole trace does from that instant. It keeps the last hinge report and, per connected scene,
/// its connection, geometry, traits, reserved regions, scroll position, selection and the app's last
/// recorded layout; markers, drop counts and presented samples are history and are not kept (a
/// presented record's deltas refer only to samples in its own frame).
///
/// ```swift
/// var state = SessionKeyframe()
/// for event in events where event.time < cut { state.apply(event.payload) }
/// let opening = state.events(at: cut)  // hinge, then per scene in ascending id
/// ```
public struct SessionKeyframe: Equatable, Sendable {
  /// The last state of one connected scene.
  struct Scene: Equatable, Sendable {
    var display: DisplayRole
    var scale: Double
    var geometry: SceneGeometry?
    var traits: SceneTraits?
    var regions: [ReservedRegion]?
    var scroll: (offset: TracePoint, anchor: String?, anchorTop: Double?)?
    var selection: String??
    var layout: RecordedLayout?

    static func == (a: Scene, b: Scene) -> Bool {
      a.display == b.display && a.scale.bitPattern == b.scale.bitPattern && a.geometry == b.geometry
        && a.traits == b.traits && a.regions == b.regions && a.scroll?.offset == b.scroll?.offset
        && a.scroll?.anchor == b.scroll?.anchor && a.scroll?.anchorTop == b.scroll?.anchorTop
        && a.selection == b.selection && a.layout == b.layout
    }
  }

  /// The last hinge report, if any.
  var hinge: HingeState?
  /// A connected scene and its id.
  struct Entry: Equatable, Sendable {
    var id: SceneID
    var scene: Scene
  }

  /// Connected scenes in ascending id: a sorted array, found by binary search and changed in place. A
  /// dictionary cost two hash lookups and a copy of the scene per event on the recording thread.
  var scenes: [Entry] = []

  /// An empty state: no hinge report, no scene connected.
  public init() {}

  /// Folds one event into the state.
  /// - Complexity: O(log s) for s connected scenes; O(s) when a scene connects or disconnects.
  public mutating func apply(_ payload: TraceEvent.Payload) {
    switch payload {
    case .sceneConnected(let id, let display, let scale):
      let (found, index) = position(of: id)
      let scene = Scene(display: display, scale: scale)
      if found { scenes[index].scene = scene } else { scenes.insert(Entry(id: id, scene: scene), at: index) }
    case .sceneDisconnected(let id):
      let (found, index) = position(of: id)
      if found { scenes.remove(at: index) }
    case .geometry(let id, let geometry):
      update(id) { $0.geometry = geometry }
    case .hinge(let hinge):
      self.hinge = hinge
    case .regions(let id, let regions):
      update(id) { $0.regions = regions }
    case .traits(let id, let traits):
      update(id) { $0.traits = traits }
    case .scroll(let id, let offset, let anchor, let anchorTop):
      update(id) { $0.scroll = (offset, anchor, anchorTop) }
    case .selection(let id, let item):
      update(id) { $0.selection = .some(item) }
    case .layout(let id, let layout):
      update(id) { $0.layout = layout }
    case .marker, .dropped, .presented:
      break
    }
  }

  /// Changes a connected scene in place; does nothing for an unknown one.
  private mutating func update(_ id: SceneID, _ change: (inout Scene) -> Void) {
    let (found, index) = position(of: id)
    if found { change(&scenes[index].scene) }
  }

  /// Whether scene `id` is connected.
  /// - Complexity: O(log s) for s connected scenes.
  func isConnected(_ id: SceneID) -> Bool { position(of: id).found }

  /// Where scene `id` is in ``scenes``, or where it would be inserted.
  /// - Complexity: O(log s) for s connected scenes.
  private func position(of id: SceneID) -> (found: Bool, index: Int) {
    var low = 0
    var high = scenes.count
    while low < high {
      let middle = (low + high) / 2
      if scenes[middle].id < id { low = middle + 1 } else { high = middle }
    }
    return (low < scenes.count && scenes[low].id == id, low)
  }

  /// The state as payloads, in keyframe order: hinge, then per scene in ascending id: connected,
  /// geometry, traits, regions, scroll, selection, layout.
  /// - Complexity: O(s) for s connected scenes.
  public var payloads: [TraceEvent.Payload] {
    var payloads: [TraceEvent.Payload] = []
    if let hinge { payloads.append(.hinge(hinge)) }
    for entry in scenes {
      let id = entry.id
      let scene = entry.scene
      payloads.append(.sceneConnected(scene: id, display: scene.display, scale: scene.scale))
      if let geometry = scene.geometry { payloads.append(.geometry(scene: id, geometry)) }
      if let traits = scene.traits { payloads.append(.traits(scene: id, traits)) }
      if let regions = scene.regions { payloads.append(.regions(scene: id, regions)) }
      if let scroll = scene.scroll {
        payloads.append(
          .scroll(scene: id, offset: scroll.offset, anchor: scroll.anchor, anchorTop: scroll.anchorTop))
      }
      if let selection = scene.selection { payloads.append(.selection(scene: id, item: selection)) }
      if let layout = scene.layout { payloads.append(.layout(scene: id, layout)) }
    }
    return payloads
  }

  /// The state as events stamped `time` (nanoseconds), in keyframe order (``payloads``).
  /// - Complexity: O(s) for s connected scenes.
  public func events(at time: UInt64) -> [TraceEvent] {
    payloads.map { TraceEvent(time: time, $0) }
  }
}
