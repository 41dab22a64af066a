import FoldTrace
import LayoutCore

/// A trace folded into what `stats`, `export` and `plot` draw: per scene its sizes, shapes and division
/// over time; for the device its hinge, markers and drops.
///
/// Fold events in order with ``add(_:)``, then read the spans with ``scenes`` and ``hingeStatus``. Shapes
/// come from LayoutCore (``FoldTrace/SceneGeometry/layoutShape``), never from rules of tracecat's own.
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
      geometryEvents += 1
      if keepingSamples { sizes.append((time, geometry.size.width, geometry.size.height)) }
    }
    fileprivate var division = SpanBuilder<Bool>()
    fileprivate var resizing = SpanBuilder<Bool>()
  }

  /// Whether size samples are kept (plot, export) or only counted (stats).
  let keepsSamples: Bool
  /// The first and last event times, in nanoseconds.
  private(set) var start: UInt64?
  private(set) var end: UInt64 = 0
  /// Scenes by id.
  private var sceneTable: [SceneID: Scene] = [:]
  private var hinge = SpanBuilder<HingeStatus>()
  /// Hinge angle samples, time (ns) and degrees; kept only when the timeline keeps samples.
  private(set) var hingeAngles: [(time: UInt64, degrees: Double)] = []
  /// Markers: time (ns) and label.
  private(set) var markers: [(time: UInt64, label: String)] = []
  /// Dropped-event records: time (ns) and count.
  private(set) var drops: [(time: UInt64, count: UInt64)] = []

  init(keepsSamples: Bool) { self.keepsSamples = keepsSamples }

  /// Folds one event in.
  /// - Complexity: O(1) amortized.
  mutating func add(_ event: TraceEvent) {
    let time = event.time
    if start == nil { start = time }
    end = max(end, time)
    switch event.payload {
    case .sceneConnected(let id, let display, _):
      if sceneTable[id] == nil { sceneTable[id] = Scene(id: id, display: display, connected: time) }
      sceneTable[id]?.display = display
      sceneTable[id]?.disconnected = nil
    case .sceneDisconnected(let id):
      sceneTable[id]?.disconnected = time
      sceneTable[id]?.shape.end(at: time)
      sceneTable[id]?.division.end(at: time)
      sceneTable[id]?.resizing.end(at: time)
    case .geometry(let id, let geometry):
      // Mutated in place through the dictionary: copying a scene out would copy its samples each time.
      sceneTable[id]?.add(geometry, at: time, keepingSamples: keepsSamples)
    case .regions(let id, let regions):
      let active = regions.contains { $0.kind == .division && $0.isActive }
      sceneTable[id]?.division.set(active, at: time)
    case .hinge(let state):
      hinge.set(state.status, at: time)
      if keepsSamples, let angle = state.angle { hingeAngles.append((time, angle)) }
    case .marker(let label):
      markers.append((time, label))
    case .dropped(let count):
      drops.append((time, count))
    case .traits, .scroll, .selection:
      break
    }
  }

  /// The scenes in ascending id.
  var scenes: [Scene] { sceneTable.keys.sorted().map { sceneTable[$0]! } }

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
  /// The hinge status spans.
  var hingeStatus: [Span<HingeStatus>] { hinge.finished(at: end) }
  /// Events the recorder dropped, summed.
  var droppedCount: UInt64 { drops.reduce(0) { $0 &+ $1.count } }
}
