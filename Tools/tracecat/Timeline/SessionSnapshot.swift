import FoldTrace

/// The session state at one instant, as events: what a trace slice writes first so that it replays
/// from its start as the whole trace does from that instant.
///
/// It keeps what a FoldTrace keyframe keeps, in the same order (<doc:TraceFormat>, "Keyframes" in
/// FoldTrace): the hinge, then per connected scene in ascending id its connection, geometry, traits,
/// reserved regions, scroll position and selection. Markers and drops are history, not state.
struct SessionSnapshot: Sendable {
  private struct Scene: Sendable {
    var connected: TraceEvent.Payload
    var geometry: TraceEvent.Payload?
    var traits: TraceEvent.Payload?
    var regions: TraceEvent.Payload?
    var scroll: TraceEvent.Payload?
    var selection: TraceEvent.Payload?
  }

  private var hinge: TraceEvent.Payload?
  private var scenes: [SceneID: Scene] = [:]

  /// Folds one event in.
  mutating func apply(_ payload: TraceEvent.Payload) {
    switch payload {
    case .sceneConnected(let id, _, _): scenes[id] = Scene(connected: payload)
    case .sceneDisconnected(let id): scenes[id] = nil
    case .geometry(let id, _): scenes[id]?.geometry = payload
    case .traits(let id, _): scenes[id]?.traits = payload
    case .regions(let id, _): scenes[id]?.regions = payload
    case .scroll(let id, _, _): scenes[id]?.scroll = payload
    case .selection(let id, _): scenes[id]?.selection = payload
    case .hinge: hinge = payload
    case .marker, .dropped: break
    }
  }

  /// The state as events stamped `time`, in keyframe order.
  /// - Complexity: O(s log s) for s connected scenes.
  func events(at time: UInt64) -> [TraceEvent] {
    var payloads: [TraceEvent.Payload] = hinge.map { [$0] } ?? []
    for id in scenes.keys.sorted() {
      let scene = scenes[id]!
      payloads.append(scene.connected)
      payloads += [scene.geometry, scene.traits, scene.regions, scene.scroll, scene.selection]
        .compactMap { $0 }
    }
    return payloads.map { TraceEvent(time: time, $0) }
  }
}
