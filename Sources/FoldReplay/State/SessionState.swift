import FoldTrace

/// The session as the trace describes it at one instant: connected scenes with their display roles,
/// geometry, reserved regions, traits, scroll and selection, and the device's hinge.
///
/// `SessionState` is a pure left fold of ``apply(_:)`` over events, so it is the reference for seeking:
/// applying a frame's keyframe events to an empty state must give the state that replaying every earlier
/// event gives.
public struct SessionState: Sendable, Equatable {
  /// Connected scenes, sorted by id (no dictionary, so iteration order is deterministic).
  public private(set) var scenes: [SceneState] = []
  /// The last hinge report, if any. For interaction and effects only: layout never reads it
  /// (`000_e528e4f7338d08ab.txt`, L3).
  public private(set) var hinge: HingeState?
  /// The trace time of the last event applied, in nanoseconds.
  public private(set) var time: UInt64 = 0

  /// Creates the state before any event.
  public init() {}

  /// The effect one event had on the state.
  public enum Change: Sendable, Equatable {
    /// A scene connected.
    case connected(SceneID)
    /// A scene disconnected; its last state.
    case disconnected(SceneState)
    /// A scene's geometry, regions or traits changed: its layout context may have changed.
    case layoutInput(SceneID)
    /// A scene scrolled.
    case scrolled(SceneID)
    /// A scene's selection changed.
    case selected(SceneID)
    /// The event changed nothing layout depends on (hinge, marker, dropped).
    case none
    /// The event names a scene that is not connected; it was ignored.
    case unknownScene(SceneID)
  }

  /// The connected scene with the given id.
  ///
  /// - Complexity: O(log n) in the number of connected scenes.
  public func scene(_ id: SceneID) -> SceneState? {
    let index = position(of: id)
    return index < scenes.count && scenes[index].id == id ? scenes[index] : nil
  }

  /// The position in ``scenes`` of the connected scene `id`, for reading a few of its fields in place
  /// (``scene(_:)`` copies the whole state, its geometry and regions included).
  ///
  /// - Complexity: O(log s) for s connected scenes.
  func index(of id: SceneID) -> Int? {
    let index = position(of: id)
    return index < scenes.count && scenes[index].id == id ? index : nil
  }

  /// Folds one event into the state.
  ///
  /// A `sceneConnected` for a scene that is already connected starts it afresh; an event for a scene
  /// that is not connected is ignored and reported as ``Change/unknownScene(_:)``. Time never goes
  /// backward: an event stamped earlier than the last one is applied at the last time.
  ///
  /// - Parameter event: The next event of the trace.
  /// - Returns: What the event changed.
  /// - Complexity: O(log n) in the number of connected scenes, plus O(n) to insert or remove one.
  @discardableResult
  public mutating func apply(_ event: TraceEvent) -> Change {
    time = max(time, event.time)
    switch event.payload {
    case .sceneConnected(let id, let display, let scale):
      let index = position(of: id)
      let scene = SceneState(id: id, display: display, scale: scale)
      if index < scenes.count && scenes[index].id == id {
        scenes[index] = scene
      } else {
        scenes.insert(scene, at: index)
      }
      return .connected(id)
    case .sceneDisconnected(let id):
      let index = position(of: id)
      guard index < scenes.count && scenes[index].id == id else { return .unknownScene(id) }
      return .disconnected(scenes.remove(at: index))
    case .geometry(let id, let geometry):
      return update(id, .layoutInput(id)) { $0.geometry = geometry }
    case .regions(let id, let regions):
      return update(id, .layoutInput(id)) { $0.regions = regions }
    case .traits(let id, let traits):
      return update(id, .layoutInput(id)) { $0.traits = traits }
    case .scroll(let id, let offset, let anchor, _):
      return update(id, .scrolled(id)) {
        $0.scrollOffset = offset
        $0.scrollAnchor = anchor
      }
    case .selection(let id, let item):
      return update(id, .selected(id)) { $0.selection = item }
    case .hinge(let state):
      hinge = state
      return .none
    case .marker, .dropped, .layout, .presented:
      return .none
    }
  }

  private mutating func update(
    _ id: SceneID, _ change: Change, _ body: (inout SceneState) -> Void
  ) -> Change {
    let index = position(of: id)
    guard index < scenes.count && scenes[index].id == id else { return .unknownScene(id) }
    body(&scenes[index])
    return change
  }

  /// The index of the first scene whose id is not less than `id` (binary search).
  private func position(of id: SceneID) -> Int {
    var low = 0
    var high = scenes.count
    while low < high {
      let mid = (low + high) / 2
      if scenes[mid].id < id { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
