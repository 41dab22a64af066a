/// The session as the trace describes it at one instant: connected scenes with their display roles,
/// geometry, reserved regions, traits, scroll and selection, and the device's hinge — plus, per
/// connected scene, whatever state a consumer derives from it (`Derived`).
///
/// The one fold of events into per-scene state. The writer folds every appended event into a
/// `SessionState<Void>` and writes it at each frame start (<doc:TraceFormat>, "Keyframes"); `tracecat
/// slice` writes it first; a replayer keeps its plans and animations as the `Derived` of each scene, so
/// they connect, disconnect and are found with the scene's input, by one binary search.
///
/// A pure left fold of ``apply(_:connecting:departed:)`` over events: applying a frame's keyframe
/// events to an empty state gives the inputs that applying every earlier event gives. Markers, drops
/// and every kind of event that is history rather than state change nothing.
///
/// ```swift
/// var state = SessionState()
/// for event in events where event.time < cut { state.apply(event) }
/// let opening = state.events(at: cut)  // hinge, then per scene in ascending id
/// ```
public struct SessionState<Derived> {
  /// One connected scene: its input, folded from the events, and what the consumer derives from it.
  @dynamicMemberLookup
  public struct Scene {
    /// What the trace said about the scene.
    @inlinable public var state: SceneState { input }
    /// The consumer's state for the scene, made when it connected.
    public var derived: Derived
    @usableFromInline var input: SceneState

    @inlinable init(state: SceneState, derived: Derived) {
      self.input = state
      self.derived = derived
    }

    /// A field of ``state``.
    @inlinable public subscript<Value>(dynamicMember path: KeyPath<SceneState, Value>) -> Value {
      state[keyPath: path]
    }
  }

  /// Connected scenes in ascending id: a sorted array, found by binary search and changed in place (no
  /// dictionary, so iteration order is deterministic and no scene is copied per event).
  @inlinable public var scenes: [Scene] { connected }
  /// The last hinge report, if any. For interaction and effects only: layout never reads it
  /// (LayoutCore's LayoutRules, "Three layers", L3).
  @inlinable public var hinge: HingeState? { lastHinge }
  /// The trace time of the last event applied, in nanoseconds.
  @inlinable public var time: UInt64 { lastTime }

  @usableFromInline var connected: [Scene] = []
  @usableFromInline var lastHinge: HingeState?
  @usableFromInline var lastTime: UInt64 = 0

  /// Creates the state before any event: no hinge report, no scene connected.
  public init() {}

  /// The consumer's state of the scene at `index` in ``scenes``, changed in place.
  @inlinable public subscript(derived index: Int) -> Derived {
    get { connected[index].derived }
    _modify { yield &connected[index].derived }
  }

  /// The connected scene with the given id: its input.
  /// - Complexity: O(log s) for s connected scenes.
  @inlinable public func scene(_ id: SceneID) -> SceneState? { index(of: id).map { connected[$0].input } }

  /// The position in ``scenes`` of the connected scene `id`, for reading a few of its fields in place
  /// (``scene(_:)`` copies the whole state, its geometry and regions included).
  /// - Complexity: O(log s) for s connected scenes.
  @inlinable public func index(of id: SceneID) -> Int? {
    let index = position(of: id)
    return index < connected.count && connected[index].input.id == id ? index : nil
  }

  /// Whether scene `id` is connected.
  /// - Complexity: O(log s) for s connected scenes.
  @inlinable public func isConnected(_ id: SceneID) -> Bool { index(of: id) != nil }

  /// Folds one event into the state.
  ///
  /// A `sceneConnected` for a scene that is already connected starts it afresh (its derived state too);
  /// an event for a scene that is not connected is ignored and reported as
  /// ``SessionChange/unknownScene(_:)``. Time never goes backward: an event stamped earlier than the
  /// last one is applied at the last time.
  ///
  /// - Parameters:
  ///   - event: The next event of the trace.
  ///   - connecting: Makes the derived state of a scene that connects, called after its input is set.
  ///   - departed: Receives the derived state of a scene that disconnects; left alone otherwise.
  /// - Returns: What the event changed.
  /// - Complexity: O(log s) for s connected scenes, plus O(s) to insert or remove one.
  @inlinable @discardableResult
  public mutating func apply(
    _ event: TraceEvent, connecting: (SceneState) -> Derived, departed: inout Derived?
  ) -> SessionChange {
    lastTime = max(lastTime, event.time)
    return apply(event.payload, connecting: connecting, departed: &departed)
  }

  /// Folds one event's payload into the state, leaving ``time`` alone (see
  /// ``apply(_:connecting:departed:)``).
  /// - Complexity: O(log s) for s connected scenes, plus O(s) to insert or remove one.
  @inlinable @discardableResult
  public mutating func apply(
    _ payload: TraceEvent.Payload, connecting: (SceneState) -> Derived, departed: inout Derived?
  ) -> SessionChange {
    switch payload {
    case .sceneConnected(let id, let display, let scale):
      let index = position(of: id)
      let state = SceneState(id: id, display: display, scale: scale)
      let scene = Scene(state: state, derived: connecting(state))
      if index < connected.count && connected[index].input.id == id {
        connected[index] = scene
      } else {
        connected.insert(scene, at: index)
      }
      return .connected(id)
    case .sceneDisconnected(let id):
      guard let index = index(of: id) else { return .unknownScene(id) }
      let scene = connected.remove(at: index)
      departed = scene.derived
      return .disconnected(scene.state)
    case .geometry(let id, let geometry):
      return update(id, .layoutInput(id)) { $0.geometry = geometry }
    case .regions(let id, let regions):
      return update(id, .layoutInput(id)) { $0.reportedRegions = regions }
    case .traits(let id, let traits):
      return update(id, .layoutInput(id)) { $0.reportedTraits = traits }
    case .scroll(let id, let offset, let anchor, let anchorTop):
      return update(id, .scrolled(id)) {
        $0.reportedScroll = .init(offset: offset, anchor: anchor, anchorTop: anchorTop)
      }
    case .selection(let id, let item):
      return update(id, .selected(id)) { $0.reportedSelection = .some(item) }
    case .hinge(let state):
      lastHinge = state
      return .none
    case .layout(let id, let layout):
      // The app's last layout is kept so a keyframe or a slice carries it; it is no layout input.
      return update(id, .none) { $0.reportedLayout = layout }
    case .marker, .dropped, .presented, .cut:
      // Markers, drops, presented samples and cuts are history, not state.
      return .none
    }
  }

  @inlinable mutating func update(
    _ id: SceneID, _ change: SessionChange, _ body: (inout SceneState) -> Void
  ) -> SessionChange {
    guard let index = index(of: id) else { return .unknownScene(id) }
    body(&connected[index].input)
    return change
  }

  /// The index of the first scene whose id is not less than `id` (binary search).
  /// - Complexity: O(log s) for s connected scenes.
  @inlinable func position(of id: SceneID) -> Int {
    var low = 0
    var high = connected.count
    while low < high {
      let middle = (low + high) / 2
      if connected[middle].input.id < id { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The same inputs with other derived state: `transform` of each scene's.
  /// - Complexity: O(s) for s connected scenes.
  public func mapDerived<Other>(_ transform: (Scene) -> Other) -> SessionState<Other> {
    var other = SessionState<Other>()
    other.connected = connected.map { .init(state: $0.input, derived: transform($0)) }
    other.lastHinge = lastHinge
    other.lastTime = lastTime
    return other
  }

  /// The state as payloads, in keyframe order: hinge, then per scene in ascending id: connected,
  /// geometry, traits, regions, scroll, selection, layout (``SceneState/payloads``).
  /// - Complexity: O(s) for s connected scenes.
  public var payloads: [TraceEvent.Payload] {
    var payloads: [TraceEvent.Payload] = []
    if let hinge { payloads.append(.hinge(hinge)) }
    for scene in scenes { scene.state.appendPayloads(to: &payloads) }
    return payloads
  }

  /// The state as events stamped `time` (nanoseconds), in keyframe order (``payloads``).
  /// - Complexity: O(s) for s connected scenes.
  public func events(at time: UInt64) -> [TraceEvent] {
    payloads.map { TraceEvent(time: time, $0) }
  }
}

extension SessionState where Derived == Void {
  /// Folds one event into the state (see ``apply(_:connecting:departed:)``).
  /// - Complexity: O(log s) for s connected scenes, plus O(s) to insert or remove one.
  @discardableResult
  public mutating func apply(_ event: TraceEvent) -> SessionChange {
    var departed: Void?
    return apply(event, connecting: { _ in () }, departed: &departed)
  }

  /// Folds one event's payload into the state, leaving ``time`` alone.
  /// - Complexity: O(log s) for s connected scenes, plus O(s) to insert or remove one.
  @discardableResult
  public mutating func apply(_ payload: TraceEvent.Payload) -> SessionChange {
    var departed: Void?
    return apply(payload, connecting: { _ in () }, departed: &departed)
  }
}

extension SessionState.Scene: Sendable where Derived: Sendable {}
extension SessionState: Sendable where Derived: Sendable {}

extension SessionState.Scene: Equatable where Derived == Void {
  /// Scenes with the same input are equal.
  public static func == (a: Self, b: Self) -> Bool { a.state == b.state }
}

extension SessionState: Equatable where Derived == Void {
  /// States with the same scenes, hinge and time are equal.
  public static func == (a: Self, b: Self) -> Bool {
    a.scenes == b.scenes && a.hinge == b.hinge && a.time == b.time
  }
}

/// The effect one event had on a ``SessionState``.
public enum SessionChange: Sendable, Equatable {
  /// A scene connected.
  case connected(SceneID)
  /// A scene disconnected; its last input.
  case disconnected(SceneState)
  /// A scene's geometry, regions or traits changed: its layout context may have changed.
  case layoutInput(SceneID)
  /// A scene scrolled.
  case scrolled(SceneID)
  /// A scene's selection changed.
  case selected(SceneID)
  /// The event changed no scene (hinge, marker, dropped, recorded output).
  case none
  /// The event names a scene that is not connected; it was ignored.
  case unknownScene(SceneID)
}
