import FoldTrace
import LayoutCore

/// Checks what an app drew, from its recorded output (`layout`, `presented`, `scroll`'s `anchorTop`),
/// against the session's recorded inputs: no model of the app is involved (<doc:CheckingRecordings>).
///
/// Feed it a trace's events in order with ``receive(_:)``, then read ``finish()``; or call
/// ``check(_:trace:tolerances:)``. The promises are those `tracecat replay` checks on a model's plan
/// (``ReplayCheck``), held against the recording:
///
/// - ``ReplayCheck/shape``: a recorded shape that names a ``LayoutShape`` is the one the recorded size
///   classes and aspect ratio give (LayoutRules.md, "L1: shape and presentation").
/// - ``ReplayCheck/flapping``: no recorded decision (shape, presentation, columns) changes back within
///   ``RecordingTolerances/minimumDwell`` unless the size classes crossed back too (or, for the
///   presentation and columns, another input did: safe area, bar edge, reserved regions, Dynamic Type,
///   layout direction).
/// - ``ReplayCheck/reservedRegion``: at rest (the layout and the regions unchanged for
///   ``RecordingTolerances/settle``, or at the end), no interactive element intersects an active division
///   or occlusion.
/// - ``ReplayCheck/evenColumns``: a scene that can fold (a division was recorded) lays out an even
///   number of columns when it lays out more than one.
/// - ``ReplayCheck/frameJump``: presented frames are continuous between refreshes, and an element whose
///   layout moved it was presented moving (no cut) — except while the user drags the scene's size, where
///   a layout may move an element at rest by as much as the size and safe area changed since the last
///   layout (plus ``RecordingTolerances/position``) without animating, and a presented step may exceed
///   the spring's bound by as much as the geometry changed since the previous sample, as the replay's
///   check allows. A layout that retargets a moving element keeps the step bound of the move it came
///   from (the spring keeps its velocity).
/// - ``ReplayCheck/retargetOrigin``: the first presented frame after a layout starts from the on-screen
///   value.
/// - ``ReplayCheck/endSnap``: the last presented frame rests exactly on the recorded layout.
/// - ``ReplayCheck/overshoot``: no presented frame passes its layout frame (unless the move was
///   retargeted while moving, or the user drags the size: the spring's kept velocity may carry it past).
/// - ``ReplayCheck/crossFade``: under Reduce Motion or Prefer Cross-Fade, moves are cross-fades (some
///   presented opacity below 1).
/// - ``ReplayCheck/anchor``: the anchor item's `anchorTop` stays within ``RecordingTolerances/anchor``
///   across a relayout of its scene and across a display handover where the same anchor is recorded; a
///   scroll recorded without `anchorTop` (the user scrolled where the app did not measure) forgets it.
///
/// Every failure is a ``ReplayFailure`` whose message names the scene, the time, the element or
/// decision, what was expected and what was recorded. All are counted (``ReplaySummary/failureCount``,
/// ``ReplaySummary/failureGroups``, the digest); the first `failureLimit` of each check are kept, as
/// `tracecat replay` keeps them.
///
/// Memory holds, per connected scene, the motion of each element of its latest layout and of its latest
/// presented sample: an element in neither is closed as at the end of the recording (its move checked;
/// a move still under way when the element left is interrupted, with no end to check) and forgotten, so an
/// element that comes back starts afresh at rest. A ``ReplayCheck/frameJump`` or ``ReplayCheck/overshoot`` is
/// reported once per element between two of its targets, and a ``ReplayCheck/reservedRegion`` once per
/// element, frame and region while the latest layout keeps the element at that frame and the regions recorded
/// keep that region: remembered with the same state, so memory does not grow with the failures.
///
/// - Complexity: O(e + p) per event of e elements, for p elements of the scene's previous layout or
///   sample; O(1) per element of a presented sample (one dictionary lookup).
public struct RecordingChecker: Sendable {
  /// The trace's name, for the summary.
  public let trace: String
  public let tolerances: RecordingTolerances

  var scenes: [SceneID: SceneRecord] = [:]
  /// Scenes in the order they connected (again at each reconnection), for the end and the summary: only
  /// those connected or listed in the summary are sure to stay, as ``compactSceneOrder()`` drops the
  /// others, so it holds O(connected + ``ReplaySummary/sceneLimit``) ids however many come and go.
  var sceneOrder: [SceneID] = []
  /// ``sceneOrder``'s length at which ``compactSceneOrder()`` next runs.
  var sceneOrderCompaction = 1024
  /// The connected scenes with a recorded shape past ``ReplaySummary/sceneLimit``: counted once per
  /// connection (``ReplaySummary/unlistedScenes``), forgotten at their disconnect.
  var unlistedScenes: Set<SceneID> = []
  /// Failures kept per check.
  let failureLimit: Int
  /// The failures counted, grouped and kept so far (``ReplaySummary/tally(_:limit:kept:)``); the other
  /// fields are filled in by ``finish()``.
  var tally: ReplaySummary
  /// The failures kept so far per check.
  var kept: [ReplayCheck: Int] = [:]
  /// FNV-1a 64 of every failure's message, in order.
  var digest = FNV1a64()
  var events = 0
  var lastTime: UInt64 = 0
  var maximumAnchorDrift = 0.0
  var maximumFrameJump = 0.0
  /// The last anchored scroll of any scene: a handover compares the next scene's first one with it.
  var lastAnchor: (scene: SceneID, item: String, top: Double)?

  /// Creates a checker.
  /// - Parameters:
  ///   - trace: The trace's name, for the summary and messages.
  ///   - tolerances: The limits.
  ///   - failureLimit: Failures kept per check (default 20, as `tracecat replay`); all are counted.
  public init(trace: String, tolerances: RecordingTolerances = .default, failureLimit: Int = 20) {
    self.trace = trace
    self.tolerances = tolerances
    self.failureLimit = failureLimit
    self.tally = ReplaySummary(
      trace: trace, events: 0, scenes: [], maximumAnchorDrift: 0, maximumFrameJump: 0, digest: "",
      failures: [], failureCount: 0)
  }

  /// Checks a whole recording.
  /// - Parameters:
  ///   - events: The trace's events, in order.
  ///   - trace: Its name, for the summary and messages.
  ///   - tolerances: The limits.
  ///   - cut: The recording was cut (``finish(cut:)``): moves under way at its end are left unfinished.
  /// - Returns: The summary: passed when no check failed; at most 20 failures kept per check, all counted.
  /// - Complexity: O(total elements listed).
  public static func check(
    _ events: some Sequence<TraceEvent>, trace: String, tolerances: RecordingTolerances = .default,
    cut: Bool = false
  ) -> ReplaySummary {
    var checker = RecordingChecker(trace: trace, tolerances: tolerances)
    for event in events { checker.receive(event) }
    return checker.finish(cut: cut)
  }

  /// Checks the next event.
  public mutating func receive(_ event: TraceEvent) {
    let index = events
    events += 1
    let now = max(lastTime, event.time)
    lastTime = now
    switch event.payload {
    case .sceneConnected(let id, _, _):
      let connecting = scenes[id] == nil
      scenes[id] = SceneRecord()
      if connecting {
        sceneOrder.append(id)
        if sceneOrder.count >= sceneOrderCompaction { compactSceneOrder() }
      }
    case .sceneDisconnected(let id):
      unlistedScenes.remove(id)
      if var scene = scenes.removeValue(forKey: id) {
        closeRestState(&scene, id: id, at: now, final: true, disconnected: true)
      }
    case .geometry(let id, let geometry):
      update(id) { scene in
        scene.resizing = geometry.isInteractivelyResizing
        if let before = scene.geometry,
          before.safeArea != geometry.safeArea || before.verticalBarEdge != geometry.verticalBarEdge
        {
          scene.otherInputChanged(at: now)
        }
        scene.geometry = geometry
        let shape = LayoutShape(geometry)
        if scene.expectedShape != shape { scene.shapeChanged(at: now) }
        scene.expectedShape = shape
        scene.needsAnchorCheck = true
      }
    case .regions(let id, let regions):
      guard var scene = scenes.removeValue(forKey: id) else { return }
      closeRestState(&scene, id: id, at: now, final: false)
      // The first regions after a layout change the input it was made for, too.
      if scene.regions.map({ $0 != regions }) ?? (scene.layout != nil) { scene.otherInputChanged(at: now) }
      scene.regions = regions
      scene.activeRegions = regions.filter(\.isActive)
      scene.keepReportedRegions(recorded: regions)
      if regions.contains(where: { $0.kind == .division }) { scene.canFold = true }
      scene.restSince = now
      scenes[id] = scene
    case .traits(let id, let traits):
      update(id) { scene in
        scene.crossFades = traits.reduceMotion || traits.prefersCrossFade
        if let before = scene.traits,
          before.contentSizeCategory != traits.contentSizeCategory
            || before.layoutDirection != traits.layoutDirection
        {
          scene.otherInputChanged(at: now)
        }
        scene.traits = traits
      }
    case .scroll(let id, _, let anchor, let anchorTop):
      guard let anchor, let anchorTop else {
        // A scroll the app did not measure moved the content: where the anchor is, is no longer known.
        update(id) { $0.anchor = nil }
        if lastAnchor?.scene == id { lastAnchor = nil }
        return
      }
      checkAnchor(id, item: anchor, top: anchorTop, at: now, index: index)
    case .layout(let id, let layout):
      guard var scene = scenes.removeValue(forKey: id) else { return }
      receiveLayout(layout, scene: &scene, id: id, at: now, index: index)
      scenes[id] = scene
    case .presented(let id, let elements):
      guard var scene = scenes.removeValue(forKey: id) else { return }
      var tracking = 0.0
      if scene.resizing, let geometry = scene.geometry {
        tracking = Self.change(from: scene.geometryAtSample ?? geometry, to: geometry)
      }
      scene.geometryAtSample = scene.geometry
      for element in elements {
        receivePresented(element, scene: &scene, id: id, at: now, index: index, tracking: tracking)
      }
      let previous = scene.presentedIDs
      scene.presentedIDs = elements.map(\.id)
      scene.presentedSet = Set(scene.presentedIDs)
      forget(previous, in: &scene, id: id, at: now)
      scenes[id] = scene
    case .cut:
      cut(at: now)
    case .hinge, .selection, .marker, .dropped:
      break
    }
  }

  /// The recording stops at `now` mid-session (a `cut` record): in every scene, a move under way then
  /// closes unfinished, as at ``finish(cut:)``, and the others close as at the end. Every element is
  /// then at rest on its layout frame, so a move that a later part of the recording lays out is judged
  /// from there.
  /// - Complexity: O(m log m) for m elements remembered.
  mutating func cut(at now: UInt64) {
    for id in sceneOrder {
      guard var scene = scenes.removeValue(forKey: id) else { continue }
      closeRestState(&scene, id: id, at: now, final: true, disconnected: true)
      for (element, motion) in scene.motions {
        scene.motions[element] = ElementMotion(
          onScreen: motion.target, target: motion.target, start: motion.target, targetTime: now,
          targetIndex: motion.targetIndex, order: motion.order)
      }
      scenes[id] = scene
    }
  }

  /// Ends the recording: the last layouts must be at rest, clear of active regions, and reached.
  ///
  /// The events alone cannot tell a recording that ended from one that was cut mid-move (a last sample
  /// short of its frame is a missed rest in the one and a move under way in the other), so the caller
  /// says which. A `cut` recording stops mid-session: a torn or damaged trace read up to the damage, a
  /// trace with no seek table (its writer stopped between frames), or a part of a longer one. Its moves
  /// under way at the last event's time (``RecordingTolerances/retargetGap``) close unfinished, as when a
  /// scene disconnects mid-move: what was presented of them is checked, their end is not (no
  /// ``ReplayCheck/endSnap``, and no ``ReplayCheck/frameJump`` for a move not yet presented). Every other
  /// check is the same.
  /// - Parameter cut: The recording was cut mid-session rather than ended (default false).
  /// - Returns: The summary of every check.
  /// - Complexity: O(m log m) for m elements remembered.
  public mutating func finish(cut: Bool = false) -> ReplaySummary {
    for id in sceneOrder {
      guard var scene = scenes.removeValue(forKey: id) else { continue }
      closeRestState(&scene, id: id, at: lastTime, final: true, disconnected: cut)
      scenes[id] = scene
    }
    let shapes = sceneOrder.compactMap { id -> ReplaySummary.SceneShapes? in
      guard var scene = shapeTransitions[id], !scene.transitions.isEmpty else { return nil }
      scene.settle()
      return scene
    }
    var summary = tally
    summary.events = events
    summary.scenes = shapes
    summary.maximumAnchorDrift = maximumAnchorDrift
    summary.maximumFrameJump = maximumFrameJump
    summary.digest = String(digest.value, radix: 16)
    return summary
  }

  /// Each scene's recorded shapes that name a ``LayoutShape``, consecutive repeats merged, bounded as a
  /// summary's (``ReplaySummary/historyEnds``): the first ``ReplaySummary/sceneLimit`` scenes that
  /// recorded one.
  var shapeTransitions: [SceneID: ReplaySummary.SceneShapes] = [:]

  /// Drops from ``sceneOrder`` the scenes neither connected nor listed in the summary: they have nothing
  /// left for ``finish()``. Runs when ``sceneOrder`` doubled since the last time.
  /// - Complexity: O(n) for its n ids, amortized O(1) per connection.
  mutating func compactSceneOrder() {
    sceneOrder.removeAll { scenes[$0] == nil && shapeTransitions[$0] == nil }
    sceneOrderCompaction = max(1024, 2 * sceneOrder.count)
  }

  /// Changes scene `id`'s record in place: taken out of ``scenes`` meanwhile, so that its collections are
  /// not copied on write.
  private mutating func update(_ id: SceneID, _ change: (inout SceneRecord) -> Void) {
    guard var scene = scenes.removeValue(forKey: id) else { return }
    change(&scene)
    scenes[id] = scene
  }

  mutating func fail(
    _ check: ReplayCheck, scene: SceneID?, index: Int?, time: UInt64, element: String?, expected: String,
    actual: String, summary: String
  ) {
    let failure = ReplayFailure(
      check: check, scene: scene, eventIndex: index, time: time, element: element, expected: expected,
      actual: actual, summary: summary)
    digest.combine(failure.message)
    tally.tally(failure, limit: failureLimit, kept: &kept)
  }

  /// Closes and forgets the motions of `elements` (a previous layout's or sample's, in order) that are
  /// neither in the scene's latest layout nor in its latest presented sample. An element taken out of
  /// the layout while its move was under way at `now` (``ElementMotion/isMoving(at:gap:)``) closes as
  /// interrupted: it had no end to reach.
  /// - Complexity: O(n) for n elements.
  mutating func forget(_ elements: [String], in scene: inout SceneRecord, id: SceneID, at now: UInt64) {
    for element in elements where !scene.layoutIDs.contains(element) && !scene.presentedSet.contains(element)
    {
      guard var motion = scene.motions.removeValue(forKey: element) else { continue }
      let interrupted = motion.isMoving(at: now, gap: tolerances.retargetGap)
      closeMotion(&motion, id: element, scene: id, interrupted: interrupted)
    }
  }
}

/// What the checker knows of one connected scene.
struct SceneRecord: Sendable {
  var expectedShape: LayoutShape?
  /// When the size classes' shape last changed, and when it changed before that, in ns (nil: not yet).
  /// The flapping check asks only whether two changes fall in a window that ends now; times only grow,
  /// so the latest two answer it, however often the size classes flip.
  var lastShapeChange: UInt64?
  var previousShapeChange: UInt64?
  /// When an input other than the size last changed (safe area, bar edge, reserved regions, Dynamic
  /// Type, layout direction), and when before that, in ns; as for the shape, the latest two answer the
  /// flapping check.
  var lastOtherInputChange: UInt64?
  var previousOtherInputChange: UInt64?
  /// The regions and traits last recorded.
  var regions: [ReservedRegion]?
  var traits: SceneTraits?
  var activeRegions: [ReservedRegion] = []
  var canFold = false
  var crossFades = false
  var layout: RecordedLayout?
  /// Since when the layout and the regions are unchanged.
  var restSince: UInt64 = 0
  /// Each decision's value, since when it is held, and the value before it.
  var decisions: [String: Decision] = [:]
  /// The motion of each element of the latest layout or the latest presented sample, by id.
  var motions: [String: ElementMotion] = [:]
  /// The next motion's ``ElementMotion/order``.
  var nextOrder = 0
  /// The ids of the latest layout's elements.
  var layoutIDs: Set<String> = []
  /// The ids of the latest presented sample's elements, in order, and as a set.
  var presentedIDs: [String] = []
  var presentedSet: Set<String> = []
  /// The frames (as printed) of the regions each element of the latest layout was reported resting on,
  /// in the order reported: each failure is reported once while the element keeps its frame and the
  /// region stays recorded. Pruned at each layout and regions event, so it holds at most the layout's
  /// elements × the recorded regions.
  var regionsReported: [RestingElement: [String]] = [:]
  /// The last anchored scroll of this scene.
  var anchor: (item: String, top: Double)?
  /// A geometry or layout arrived since the last anchored scroll.
  var needsAnchorCheck = false
  /// The user drags the scene's size (the last geometry's `interactive`): layouts may track it.
  var resizing = false
  /// The last geometry, and the one the last layout was made for.
  var geometry: SceneGeometry?
  var geometryAtLayout: SceneGeometry?
  /// The geometry at the last presented sample.
  var geometryAtSample: SceneGeometry?
}

extension SceneRecord {
  /// Forgets the regions reported for elements that the latest layout no longer has at the frame they
  /// had then.
  /// - Complexity: O(e + r) for e elements laid out and r elements with regions reported.
  mutating func keepReportedRegions(of layout: RecordedLayout) {
    guard !regionsReported.isEmpty else { return }
    let resting = Set(layout.elements.map { RestingElement(id: $0.id, frame: ReplayFormat.rect($0.frame)) })
    regionsReported = regionsReported.filter { resting.contains($0.key) }
  }

  /// Forgets the reported regions that the latest regions event no longer records (active or not).
  /// - Complexity: O(n + r) for n regions recorded and r regions reported.
  mutating func keepReportedRegions(recorded regions: [ReservedRegion]) {
    guard !regionsReported.isEmpty else { return }
    let frames = Set(regions.map { ReplayFormat.rect($0.frame) })
    regionsReported = regionsReported.compactMapValues { reported in
      let kept = reported.filter(frames.contains)
      return kept.isEmpty ? nil : kept
    }
  }

  /// Notes a change of the size classes' shape at `time` (no earlier than the last one).
  mutating func shapeChanged(at time: UInt64) {
    previousShapeChange = lastShapeChange
    lastShapeChange = time
  }

  /// Whether the size classes' shape changed at least twice at or after `start` (the check's window
  /// ends now, and no change is later than now).
  func shapeChangedTwice(since start: UInt64) -> Bool {
    previousShapeChange.map { $0 >= start } ?? false
  }

  /// Notes a change of an input other than the size at `time` (no earlier than the last one).
  mutating func otherInputChanged(at time: UInt64) {
    previousOtherInputChange = lastOtherInputChange
    lastOtherInputChange = time
  }

  /// Whether an input other than the size changed at least twice at or after `start`: there and back.
  func otherInputChangedTwice(since start: UInt64) -> Bool {
    previousOtherInputChange.map { $0 >= start } ?? false
  }
}

/// An element at one of its layout frames, as printed (``ReplayFormat/rect(_:)``): frames that print
/// alike are one.
struct RestingElement: Hashable, Sendable {
  var id: String
  var frame: String
}

struct Decision: Sendable {
  var value: String
  var since: UInt64
  var previous: String?
}

/// One element's motion towards its recorded layout frame.
struct ElementMotion: Sendable {
  /// The frame last on screen: the last presented one, or the layout frame it rested on.
  var onScreen: TraceRect
  /// The layout frame it moves to.
  var target: TraceRect
  /// The on-screen frame when the target was set.
  var start: TraceRect
  /// When the target was set, in ns.
  var targetTime: UInt64
  /// The event that set the target.
  var targetIndex: Int
  /// The last presented sample's time, since the target was set.
  var lastSample: UInt64?
  /// When ``start`` was presented, for a target set while the element moved (nil: it was at rest on
  /// screen until ``targetTime``), in ns.
  var startTime: UInt64?
  var lastOpacity = 1.0
  var faded = false
  /// A ``ReplayCheck/frameJump`` or an ``ReplayCheck/overshoot`` was reported for this target: each
  /// is reported once per element between two targets.
  var reportedJump = false
  var reportedOvershoot = false
  /// When the element was first seen (its scene's count of motions created before), for a deterministic
  /// end.
  var order = 0
  /// The largest move this motion was retargeted from while still moving, in points: a retarget keeps
  /// the spring's velocity, so the step bound keeps that move's scale (0 after a start from rest).
  var carriedMove = 0.0
  /// Reduce Motion or Prefer Cross-Fade was on when the target was set: the move must cross-fade,
  /// whatever the traits are when it is closed.
  var crossFades = false
}

extension ElementMotion {
  /// Whether the last presented opacity rounds to 0 on an 8-bit display (below 0.5 / 255): the element
  /// was not on screen.
  var isInvisible: Bool { lastOpacity < 0.5 / 255 }

  /// Whether the move is under way at `now`: presented within `gap` ns, or retargeted within `gap` ns
  /// and not presented since (the animation had not reached a refresh yet). After a longer gap the move
  /// has ended and must have come to rest.
  func isMoving(at now: UInt64, gap: UInt64) -> Bool {
    lastSample.map { now - $0 <= gap } ?? (start != target && now - targetTime <= gap)
  }
}
