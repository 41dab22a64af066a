import FoldTrace
import LayoutCore

/// Replays a trace into a layout, an animator and a scroll-anchoring strategy on a virtual clock taken
/// only from the trace, and reports what happened to a ``ReplaySink``.
///
/// Feed events in trace order with ``consume(_:into:)`` and call ``finish(into:)`` after the last one.
/// For every event the replayer first samples the presentation at each tick up to the event's time
/// (only while some scene moves), then folds the event into ``session`` and, when a scene's
/// `LayoutContext` changed, asks the layout for a plan, re-anchors the scroll position and retargets
/// the animator. The replayer keeps only per-scene state, so memory does not grow with the trace.
///
/// Scene handover: when a scene disconnects and another connects on a different display (iPhone Duo
/// opening or closing), the new scene takes over the departing scene's scroll anchor and selection
/// (LayoutCore's LayoutRules, "Spatial consistency across displays"), in either order of the two events.
///
/// Deterministic: output depends only on the events and the configuration.
public struct Replayer: Sendable {
  /// What the replay drives.
  public let configuration: ReplayConfiguration
  /// The number of events consumed (also the index the next event gets).
  public private(set) var eventCount = 0
  /// The virtual clock: trace time of the last event, in nanoseconds.
  public private(set) var time: UInt64 = 0

  /// The session as folded from the events so far, each connected scene with the replay's own state
  /// for it (plan, animator, scroll view): what connects, disconnects and is found with the scene.
  var state = SessionState<SceneReplay>()
  /// The content's layouts lately measured, shared by every scene's scroll view and by the replay's own
  /// measurement (a cache: the same inputs give the same layout).
  var layouts = ScrollLayoutCache()
  var pendingHandover: Handover?
  var nextTick: UInt64 = 0
  /// The content model's item ids, hashed at the first anchor or selection event.
  var contentIDs: Set<String>?

  /// Creates a replayer at the start of a trace.
  ///
  /// - Parameter configuration: What to drive.
  public init(configuration: ReplayConfiguration) {
    self.configuration = configuration
  }

  /// Creates a replayer that starts at a frame of a trace (seek).
  ///
  /// The keyframe's events rebuild the session state without reporting anything; every scene's layout is
  /// then placed at rest, as after a launch. Replaying the frame's events from here gives the session
  /// state and plans that replaying the whole trace gives.
  ///
  /// - Parameters:
  ///   - configuration: What to drive.
  ///   - keyframe: The session state at the frame's start, as events (`TraceFrame.keyframe`).
  ///   - eventIndex: The index in the whole trace of the frame's first event.
  public init(configuration: ReplayConfiguration, keyframe: [TraceEvent], eventIndex: Int) {
    self.configuration = configuration
    var discard = DiscardingSink()
    for event in keyframe { consume(event, into: &discard) }
    for index in state.scenes.indices {
      Self.placeAtRest(&state[derived: index], animator: configuration.animator, at: time)
    }
    eventCount = eventIndex
  }

  /// Puts a scene's plan in place without motion: a fresh animator updated to it.
  private static func placeAtRest(_ scene: inout SceneReplay, animator: any PlanAnimating, at time: UInt64) {
    guard let plan = scene.plan, let context = scene.context else { return }
    scene.animator = animator
    scene.animator.update(to: plan, context: context, at: time)
    scene.isAnimating = false
  }

  /// The session as folded from the events so far: the trace's inputs, without the replay's state.
  /// - Complexity: O(s) for s connected scenes.
  public var session: SessionState<Void> { state.mapDerived { _ in () } }

  /// The current plan of a connected scene: the last one the layout gave for its context.
  ///
  /// - Parameter scene: The scene's id, as the trace records it.
  /// - Returns: The plan, or nil when the scene is not connected or has had no geometry yet.
  /// - Complexity: O(log s) for s connected scenes.
  public func plan(for scene: SceneID) -> LayoutPlan? {
    state.index(of: scene).flatMap { state.scenes[$0].derived.plan }
  }

  /// The current content offset of a connected scene's scrolling element.
  ///
  /// - Parameter scene: The scene's id, as the trace records it.
  /// - Returns: The offset from the content's top, in points, or nil when the scene is not connected or
  ///   its plan has no scrolling element yet.
  /// - Complexity: O(log s) for s connected scenes.
  public func scrollOffset(for scene: SceneID) -> Double? {
    state.index(of: scene).flatMap { state.scenes[$0].derived.scroll?.contentOffset }
  }

  /// The user's place in a connected scene: the anchor and selection it would hand over to the scene
  /// that takes over (LayoutCore's LayoutRules, "Spatial consistency across displays").
  ///
  /// - Parameter scene: The scene's id, as the trace records it.
  /// - Returns: The position, or nil when the scene is not connected or has no scrolling content yet.
  /// - Complexity: O(log s) for s connected scenes.
  public func scrollPosition(for scene: SceneID) -> ScrollPosition? {
    state.index(of: scene).flatMap { state.scenes[$0].derived.scroll?.position }
  }

  /// Replays one event.
  ///
  /// - Parameters:
  ///   - event: The next event in trace order. An event stamped earlier than the previous one is replayed
  ///     at the previous one's time (the clock never runs backward). Its lengths must be numbers, not NaN
  ///     or ±∞ (precondition): `TraceEvent.validationFailure` nil, as every trace writer and `TraceReader`
  ///     ensure.
  ///   - sink: Receives the frames sampled before the event and the records the event causes.
  /// - Complexity: O(s + e) per event for s scenes and e plan elements, plus the content model's cost on
  ///   a relayout, plus O(e) per tick while something moves.
  public mutating func consume<Sink: ReplaySink>(_ event: TraceEvent, into sink: inout Sink) {
    let index = eventCount
    let now = max(time, event.time)
    advance(to: now, into: &sink)
    time = now
    eventCount += 1
    var departed: SceneReplay?
    let animator = configuration.animator
    let change = state.apply(
      event, connecting: { _ in SceneReplay(connectedAt: now, animator: animator) }, departed: &departed)
    switch change {
    case .connected(let id):
      connected(id, at: now)
    case .disconnected(let input):
      if let departed { disconnected(input, departed, eventIndex: index, into: &sink) }
      sink.receive(.disconnected(SceneDisconnection(scene: input.id, time: now, eventIndex: index)))
    case .layoutInput(let id):
      relayout(id, eventIndex: index, into: &sink)
    case .scrolled(let id):
      scrolled(id)
      // Read in place: `session` would copy every scene into a new state.
      let anchor = state.index(of: id).flatMap { state.scenes[$0].state.scrollAnchor }
      checkContentID(anchor, .anchor, scene: id, eventIndex: index, into: &sink)
    case .selected(let id):
      selected(id)
      let selection = state.index(of: id).flatMap { state.scenes[$0].state.selection }
      checkContentID(selection, .selection, scene: id, eventIndex: index, into: &sink)
    case .none, .unknownScene:
      break
    }
  }

  /// Ends the replay: lets animations run until they settle (at most
  /// ``ReplayConfiguration/settleLimit`` past the last event) and reports ``ReplayRecord/end(_:)``.
  ///
  /// - Parameter sink: Receives the last frames and the end record.
  public mutating func finish<Sink: ReplaySink>(into sink: inout Sink) {
    let (limit, overflow) = time.addingReportingOverflow(configuration.settleLimit)
    advance(to: overflow ? .max : limit, into: &sink)
    let unsettled = state.scenes.indices.filter { state.scenes[$0].derived.isAnimating }.map {
      state.scenes[$0].state.id
    }
    sink.receive(
      .end(
        ReplayEnd(
          events: eventCount, time: time, unsettledScenes: unsettled,
          settleLimit: configuration.settleLimit)))
  }

  /// Gives a scene that has just connected the place a departing scene on another display left, when it
  /// left within ``ReplayConfiguration/handoverWindow``.
  private mutating func connected(_ id: SceneID, at now: UInt64) {
    guard let index = state.index(of: id), let handover = pendingHandover,
      handover.display != state.scenes[index].state.display,
      now - handover.disconnectedAt <= configuration.handoverWindow
    else { return }
    state[derived: index].handover = handover
    pendingHandover = nil
  }

  /// Applies a user scroll. When the content has the event's anchor item, that item is brought to the
  /// viewing region's top, or `anchorTop` points below it when the app measured that (the recording
  /// app's rows need not be as tall as the replay's); otherwise the recorded offset is used.
  private mutating func scrolled(_ id: SceneID) {
    guard let index = state.index(of: id) else { return }
    let recorded = state.scenes[index].state.scrollOffset.y
    let anchor = state.scenes[index].state.scrollAnchor
    let anchorTop = state.scenes[index].state.reportedScroll?.anchorTop ?? 0
    Self.scroll(&state[derived: index], recorded: recorded, anchor: anchor, anchorTop: anchorTop)
  }

  /// Scrolls a scene's view to `anchorTop` points above `anchor`'s top in its layout, or to `recorded`
  /// (points) without one. The view is taken out while it scrolls, so the scene holds no second
  /// reference to its storage.
  private static func scroll(
    _ scene: inout SceneReplay, recorded: Double, anchor: String?, anchorTop: Double
  ) {
    scene.userActed = true
    guard let layout = scene.layout, var scroll = scene.scroll.take() else { return }
    var offset = recorded
    if let anchor, let top = layout.frame(of: anchor)?.minY { offset = top - anchorTop }
    scroll.scroll(to: offset)
    scene.promise = scroll.anchor
    scene.scroll = consume scroll
  }

  private mutating func selected(_ id: SceneID) {
    guard let index = state.index(of: id) else { return }
    let selection = state.scenes[index].state.selection
    state[derived: index].userActed = true
    guard state[derived: index].scroll != nil else { return }
    state[derived: index].scroll!.select(selection)
    state[derived: index].promise = state[derived: index].scroll!.anchor
  }
}

/// A sink that drops every record.
public struct DiscardingSink: ReplaySink {
  /// Creates the sink.
  public init() {}
  /// Drops the record.
  public mutating func receive(_ record: ReplayRecord) {}
}
