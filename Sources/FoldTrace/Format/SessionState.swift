/// The session state a keyframe carries: what a replayer needs to start at a frame (state, not history).
///
/// The writer folds every appended event into it; at each frame start it is written as records
/// (<doc:TraceFormat>, "Keyframes").
struct SessionState: Equatable {
  /// The last state of one connected scene.
  struct Scene: Equatable {
    var display: DisplayRole
    var scale: Double
    var geometry: SceneGeometry?
    var traits: SceneTraits?
    var regions: [ReservedRegion]?
    var scroll: (offset: TracePoint, anchor: String?)?
    var selection: String??

    static func == (a: Scene, b: Scene) -> Bool {
      a.display == b.display && a.scale.bitPattern == b.scale.bitPattern && a.geometry == b.geometry
        && a.traits == b.traits && a.regions == b.regions && a.scroll?.offset == b.scroll?.offset
        && a.scroll?.anchor == b.scroll?.anchor && a.selection == b.selection
    }
  }

  /// The last hinge report, if any.
  var hinge: HingeState?
  /// Connected scenes by id.
  var scenes: [SceneID: Scene] = [:]

  /// Folds one event into the state.
  mutating func apply(_ payload: TraceEvent.Payload) {
    switch payload {
    case .sceneConnected(let id, let display, let scale):
      scenes[id] = Scene(display: display, scale: scale)
    case .sceneDisconnected(let id):
      scenes[id] = nil
    case .geometry(let id, let geometry):
      scenes[id]?.geometry = geometry
    case .hinge(let hinge):
      self.hinge = hinge
    case .regions(let id, let regions):
      scenes[id]?.regions = regions
    case .traits(let id, let traits):
      scenes[id]?.traits = traits
    case .scroll(let id, let offset, let anchor):
      scenes[id]?.scroll = (offset, anchor)
    case .selection(let id, let item):
      scenes[id]?.selection = .some(item)
    case .marker, .dropped:
      break
    }
  }

  /// The state as payloads, in keyframe order: hinge, then per scene in ascending id: connected,
  /// geometry, traits, regions, scroll, selection.
  /// - Complexity: O(s log s) for s connected scenes.
  var keyframe: [TraceEvent.Payload] {
    var payloads: [TraceEvent.Payload] = []
    if let hinge { payloads.append(.hinge(hinge)) }
    for id in scenes.keys.sorted() {
      let scene = scenes[id]!
      payloads.append(.sceneConnected(scene: id, display: scene.display, scale: scene.scale))
      if let geometry = scene.geometry { payloads.append(.geometry(scene: id, geometry)) }
      if let traits = scene.traits { payloads.append(.traits(scene: id, traits)) }
      if let regions = scene.regions { payloads.append(.regions(scene: id, regions)) }
      if let scroll = scene.scroll {
        payloads.append(.scroll(scene: id, offset: scroll.offset, anchor: scroll.anchor))
      }
      if let selection = scene.selection { payloads.append(.selection(scene: id, item: selection)) }
    }
    return payloads
  }
}
