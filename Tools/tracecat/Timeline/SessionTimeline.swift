import FoldTrace
import LayoutCore

/// A trace folded into what `stats`, `export` and `plot` draw: per scene its sizes, shapes and division
/// over time; for the device its hinge, markers and drops.
///
/// Events go through FoldTrace's `SessionState` first, the fold the writer's keyframes and the replay
/// use: an event for a scene that is not connected is ignored as it is there, and the spans record
/// what the fold accepted.
///
/// Fold events in order with ``add(_:)``, then read the spans with ``scenes`` and ``hingeStatus``. Shapes
/// come from LayoutCore (``FoldTrace/SceneGeometry/layoutShape``), never from rules of tracecat's own.
///
/// A filter narrows what is drawn: events before its `from` still fold into the state (a scene connected
/// earlier shows from `from` on, with its size then), stamped `from`; events after its `to` are ignored;
/// its scenes choose the scene panels (`-`, device-wide, chooses the device panel).
struct SessionTimeline: Sendable {
  /// One scene's history.
  struct Scene: Sendable {
    /// The scene.
    var id: SceneID
    /// The display it connected on (the last connection's, if it reconnected).
    var display: DisplayRole
    /// When it first connected, in nanoseconds.
    var connected: UInt64
    /// When it last disconnected, in nanoseconds, unless it is connected at the end.
    var disconnected: UInt64?
    /// True when it disconnected before the filter's `from` and has not reconnected.
    var endedBeforeWindow = false
    /// Size samples: time (ns), width and height (points). Kept only when the timeline keeps samples.
    var sizes: [(time: UInt64, width: Double, height: Double)] = []
    /// Shapes in the order first visited.
    var shapesVisited: [LayoutShape] = []
    /// Shape changes after the first shape.
    var shapeChanges = 0
    /// Geometry events.
    var geometryEvents = 0
    fileprivate var shape = SpanBuilder<LayoutShape>()

    /// Folds a geometry report in.
    /// - Complexity: O(1) amortized.
    fileprivate mutating func add(_ geometry: SceneGeometry, at time: UInt64, keepingSamples: Bool) {
      let layoutShape = geometry.layoutShape
      if !shapesVisited.contains(layoutShape) { shapesVisited.append(layoutShape) }
      if let current = shape.current, current != layoutShape { shapeChanges += 1 }
      shape.set(layoutShape, at: time)
      resizing.set(geometry.isInteractivelyResizing, at: time)
      safeArea.set(geometry.safeArea, at: time)
      geometryEvents += 1
      guard keepingSamples else { return }
      if let last = sizes.last, last.time == time {
        sizes[sizes.count - 1] = (time, geometry.size.width, geometry.size.height)
      } else {
        sizes.append((time, geometry.size.width, geometry.size.height))
      }
    }
    fileprivate var division = SpanBuilder<Bool>()
    fileprivate var resizing = SpanBuilder<Bool>()
    fileprivate var inactiveDivision = SpanBuilder<Bool>()
    fileprivate var occlusion = SpanBuilder<Bool>()
    fileprivate var inactiveOcclusion = SpanBuilder<Bool>()
    fileprivate var safeArea = SpanBuilder<TraceInsets>()
    fileprivate var traits = SpanBuilder<SceneTraits>()
    fileprivate var anchor = SpanBuilder<String?>()
    fileprivate var selection = SpanBuilder<String?>()
    /// Scroll samples: time (ns), content offset (points, vertical) and the anchor item the event named.
    /// Kept only when the timeline keeps samples.
    var scrolls: [(time: UInt64, offset: Double, anchor: String?)] = []
    /// The app's recorded decisions (`layout` events, format 1.1) as one label: shape, presentation and
    /// columns as recorded, `·`-separated (`regularWide · split · 2 columns`).
    fileprivate var appDecision = SpanBuilder<String>()
    /// The stretches in which the app recorded presented samples (animated), time (ns): samples at most
    /// ``SessionTimeline/animationGap`` apart belong to one stretch.
    var appAnimations: [(start: UInt64, end: UInt64, samples: Int)] = []
    /// The app's recorded `layout` events and `presented` samples.
    var appLayouts = 0
    var presentedSamples = 0

    /// Folds a presented sample in.
    fileprivate mutating func present(at time: UInt64) {
      presentedSamples += 1
      if let last = appAnimations.last, time <= last.end + SessionTimeline.animationGap {
        appAnimations[appAnimations.count - 1] = (last.start, max(last.end, time), last.samples + 1)
      } else {
        appAnimations.append((time, time, 1))
      }
    }

    /// Keeps only the values in effect from now on, no spans (see ``SpanBuilder/keepsSpans``).
    fileprivate mutating func forgetSpans() {
      shape.keepsSpans = false
      division.keepsSpans = false
      resizing.keepsSpans = false
      inactiveDivision.keepsSpans = false
      occlusion.keepsSpans = false
      inactiveOcclusion.keepsSpans = false
      safeArea.keepsSpans = false
      traits.keepsSpans = false
      anchor.keepsSpans = false
      selection.keepsSpans = false
      appDecision.keepsSpans = false
    }

    /// Ends every span at `time` (the scene disconnected).
    fileprivate mutating func endSpans(at time: UInt64) {
      shape.end(at: time)
      division.end(at: time)
      resizing.end(at: time)
      inactiveDivision.end(at: time)
      occlusion.end(at: time)
      inactiveOcclusion.end(at: time)
      safeArea.end(at: time)
      traits.end(at: time)
      anchor.end(at: time)
      selection.end(at: time)
      appDecision.end(at: time)
    }
  }

  /// The longest gap between two presented samples of one animation, in nanoseconds (50 ms: three
  /// refreshes at 60 Hz, so dropped refreshes do not split it).
  static let animationGap: UInt64 = 50_000_000

  /// Whether size samples and spans are kept (plot, export) or only counted (stats).
  let keepsSamples: Bool
  /// The first and last event times, in nanoseconds.
  private(set) var start: UInt64?
  private(set) var end: UInt64 = 0
  /// The session's state: which scenes are connected.
  private var session = SessionState<Void>()
  /// Scenes by id, disconnected ones included (their history is drawn).
  private var sceneTable: [SceneID: Scene] = [:]
  private var hinge = SpanBuilder<HingeStatus>()
  private var angleSamples: [(time: UInt64, degrees: Double)] = []
  private var markerList: [(time: UInt64, label: String)] = []
  private var dropList: [(time: UInt64, count: UInt64)] = []

  /// The time window and scenes shown.
  let filter: EventFilter

  init(keepsSamples: Bool, filter: EventFilter = EventFilter()) {
    self.keepsSamples = keepsSamples
    self.filter = filter
    hinge.keepsSpans = keepsSamples
    if filter.from > 0 { start = filter.from }
    if filter.to != .max { end = filter.to }
  }

  /// Folds one event in.
  /// - Complexity: O(1) amortized.
  mutating func add(_ event: TraceEvent) {
    guard event.time <= filter.to else { return }
    let early = event.time < filter.from
    let time = max(event.time, filter.from)
    if start == nil { start = time }
    end = max(end, time)
    if case .unknownScene = session.apply(event.payload) { return }
    switch event.payload {
    case .sceneConnected(let id, let display, _):
      if sceneTable[id] == nil {
        var scene = Scene(id: id, display: display, connected: time)
        if !keepsSamples { scene.forgetSpans() }
        sceneTable[id] = scene
      }
      sceneTable[id]?.display = display
      sceneTable[id]?.disconnected = nil
      sceneTable[id]?.endedBeforeWindow = false
    case .sceneDisconnected(let id):
      sceneTable[id]?.disconnected = time
      sceneTable[id]?.endedBeforeWindow = early
      sceneTable[id]?.endSpans(at: time)
    case .geometry(let id, let geometry):
      // Mutated in place through the dictionary: copying a scene out would copy its samples each time.
      sceneTable[id]?.add(geometry, at: time, keepingSamples: keepsSamples)
    case .regions(let id, let regions):
      func has(_ kind: ReservedRegion.Kind, active: Bool) -> Bool {
        regions.contains { $0.kind == kind && $0.isActive == active }
      }
      sceneTable[id]?.division.set(has(.division, active: true), at: time)
      sceneTable[id]?.inactiveDivision.set(has(.division, active: false), at: time)
      sceneTable[id]?.occlusion.set(has(.occlusion, active: true), at: time)
      sceneTable[id]?.inactiveOcclusion.set(has(.occlusion, active: false), at: time)
    case .hinge(let state):
      hinge.set(state.status, at: time)
      if keepsSamples, let angle = state.angle {
        if let last = angleSamples.last, last.time == time {
          angleSamples[angleSamples.count - 1] = (time, angle)
        } else {
          angleSamples.append((time, angle))
        }
      }
    case .marker(let label):
      if !early { markerList.append((time, label)) }
    case .dropped(let count):
      if !early { dropList.append((time, count)) }
    case .traits(let id, let traits):
      sceneTable[id]?.traits.set(traits, at: time)
    case .scroll(let id, let offset, let anchor, _):
      sceneTable[id]?.anchor.set(anchor, at: time)
      if keepsSamples { sceneTable[id]?.scrolls.append((time, offset.y, anchor)) }
    case .selection(let id, let item):
      sceneTable[id]?.selection.set(item, at: time)
    case .layout(let id, let layout):
      sceneTable[id]?.appLayouts += 1
      let decision = [
        layout.shape, layout.presentation, layout.columns.map { $0 == 1 ? "1 column" : "\($0) columns" },
      ].compactMap { $0 }
      sceneTable[id]?.appDecision.set(
        decision.isEmpty ? "layout" : decision.joined(separator: " · "), at: time)
    case .presented(let id, _):
      if !early { sceneTable[id]?.present(at: time) }
    }
  }

  /// The scenes shown, in ascending id: those the filter keeps that were connected in its window.
  var scenes: [Scene] {
    sceneTable.keys.sorted().map { sceneTable[$0]! }.filter {
      !$0.endedBeforeWindow && (filter.scenes?.contains($0.id) ?? true)
    }
  }

  /// Whether the device (hinge, markers, drops) is shown: no scene filter, or one that names `-`.
  var showsDevice: Bool { filter.scenes?.contains(nil) ?? true }

  /// The scene's shape spans, the last ending at the trace's end.
  func shapes(of scene: Scene) -> [Span<LayoutShape>] { scene.shape.finished(at: end) }
  /// The scene's presentation spans: LayoutCore's `LayoutShape.presentation` of each shape, adjacent
  /// equal presentations merged (`000_e528e4f7338d08ab.txt`: five shapes, three designs).
  func presentations(of scene: Scene) -> [Span<Presentation>] {
    var merged: [Span<Presentation>] = []
    for span in shapes(of: scene) {
      let presentation = span.value.presentation
      if let last = merged.last, last.value == presentation, last.end == span.start {
        merged[merged.count - 1].end = span.end
      } else {
        merged.append(Span(start: span.start, end: span.end, value: presentation))
      }
    }
    return merged
  }
  /// The scene's division spans (true while a division region is active).
  func division(of scene: Scene) -> [Span<Bool>] { scene.division.finished(at: end) }
  /// The scene's interactive-resizing spans.
  func resizing(of scene: Scene) -> [Span<Bool>] { scene.resizing.finished(at: end) }
  /// The scene's spans with an inactive division reported (the device can fold, and is flat or shut).
  func inactiveDivision(of scene: Scene) -> [Span<Bool>] { scene.inactiveDivision.finished(at: end) }
  /// The scene's spans with an active occlusion (the internal camera in use).
  func occlusion(of scene: Scene) -> [Span<Bool>] { scene.occlusion.finished(at: end) }
  /// The scene's spans with an inactive occlusion reported.
  func inactiveOcclusion(of scene: Scene) -> [Span<Bool>] { scene.inactiveOcclusion.finished(at: end) }
  /// The scene's safe-area insets over time, in points.
  func safeArea(of scene: Scene) -> [Span<TraceInsets>] { scene.safeArea.finished(at: end) }
  /// The scene's traits over time (the system defaults until the first report, which is not a span).
  func traits(of scene: Scene) -> [Span<SceneTraits>] { scene.traits.finished(at: end) }
  /// The anchor item the scene's scroll events named, over time (nil: none named).
  func anchors(of scene: Scene) -> [Span<String?>] { scene.anchor.finished(at: end) }
  /// The scene's selected item over time (nil: nothing selected).
  func selections(of scene: Scene) -> [Span<String?>] { scene.selection.finished(at: end) }
  /// The app's recorded decisions over time (format 1.1 `layout` events), as labels.
  func appDecisions(of scene: Scene) -> [Span<String>] { scene.appDecision.finished(at: end) }
  /// The stretches in which the app animated (recorded presented samples), each at least one 60 Hz
  /// refresh long so a single sample shows.
  func appAnimations(of scene: Scene) -> [Span<Int>] {
    scene.appAnimations.map {
      Span(start: $0.start, end: max($0.end, $0.start + 16_666_667), value: $0.samples)
    }
  }
  /// Whether any shown scene holds the app's recorded output.
  var hasAppOutput: Bool { scenes.contains { $0.appLayouts > 0 || $0.presentedSamples > 0 } }
  /// The hinge status spans (none when the device is not shown).
  var hingeStatus: [Span<HingeStatus>] { showsDevice ? hinge.finished(at: end) : [] }
  /// Hinge angle samples, time (ns) and degrees; kept only when the timeline keeps samples.
  var hingeAngles: [(time: UInt64, degrees: Double)] { showsDevice ? angleSamples : [] }
  /// Markers: time (ns) and label.
  var markers: [(time: UInt64, label: String)] { showsDevice ? markerList : [] }
  /// Dropped-event records: time (ns) and count.
  var drops: [(time: UInt64, count: UInt64)] { showsDevice ? dropList : [] }
  /// Events the recorder dropped, summed.
  var droppedCount: UInt64 { dropList.reduce(0) { $0 &+ $1.count } }
}
