import FoldReplay
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
    /// Its connections in the window, in time order: each from its connection to its disconnection (nil
    /// while connected), in nanoseconds, on its display. Kept when the timeline keeps samples (a plot
    /// places each connection in a lane of its own display).
    var connections: [Connection] = []
    /// Width samples: time (ns) and width (points). Kept only when the timeline keeps samples; with a
    /// grid, thinned to what the plot draws (``StepSeries``).
    var widths: StepSeries
    /// Height samples: time (ns) and height (points), kept as ``widths`` are.
    var heights: StepSeries
    /// Shapes in the order first visited.
    var shapesVisited: [LayoutShape] = []
    /// Shape changes after the first shape.
    var shapeChanges = 0
    /// Geometry events.
    var geometryEvents = 0
    /// With a grid: its connection now, once placed in a lane.
    fileprivate var placed: PlacedConnection?
    /// With a grid: its connections so far (orders connections that start at one instant).
    fileprivate var connectionCount = 0
    fileprivate var shape = SpanBuilder<LayoutShape>()
    /// LayoutCore's `LayoutShape.presentation` of each shape: five shapes, three designs.
    fileprivate var presentation = SpanBuilder<Presentation>()

    fileprivate init(id: SceneID, display: DisplayRole, connected: UInt64, grid: TimeGrid?) {
      self.id = id
      self.display = display
      self.connected = connected
      widths = StepSeries(grid: grid, replacesSameTime: true)
      heights = StepSeries(grid: grid, replacesSameTime: true)
      scrollOffsets = StepSeries(grid: grid, replacesSameTime: false)
      guard let grid else { return }
      shape.grid = grid
      presentation.grid = grid
      division.grid = grid
      resizing.grid = grid
      inactiveDivision.grid = grid
      occlusion.grid = grid
      inactiveOcclusion.grid = grid
      safeArea.grid = grid
      traits.grid = grid
      anchor.grid = grid
      selection.grid = grid
      appDecision.grid = grid
    }

    /// Folds a geometry report in.
    /// - Complexity: O(1) amortized.
    fileprivate mutating func add(_ geometry: SceneGeometry, at time: UInt64, keepingSamples: Bool) {
      let layoutShape = geometry.layoutShape
      if !shapesVisited.contains(layoutShape) { shapesVisited.append(layoutShape) }
      if let current = shape.current, current != layoutShape { shapeChanges += 1 }
      shape.set(layoutShape, at: time)
      presentation.set(layoutShape.presentation, at: time)
      resizing.set(geometry.isInteractivelyResizing, at: time)
      safeArea.set(geometry.safeArea, at: time)
      geometryEvents += 1
      guard keepingSamples else { return }
      widths.append(time, geometry.size.width)
      heights.append(time, geometry.size.height)
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
    /// Scroll samples: time (ns) and content offset (points, vertical), kept as ``widths`` are.
    var scrollOffsets: StepSeries
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
      if let last = appAnimations.last, time - min(time, last.end) <= SessionTimeline.animationGap {
        appAnimations[appAnimations.count - 1] = (last.start, max(last.end, time), last.samples + 1)
      } else {
        appAnimations.append((time, time, 1))
      }
    }

    /// Keeps only the values in effect from now on, no spans (see ``SpanBuilder/keepsSpans``).
    fileprivate mutating func forgetSpans() {
      shape.keepsSpans = false
      presentation.keepsSpans = false
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
      presentation.end(at: time)
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

  /// One connection of a scene: from `start` to `end` (nil while connected), in nanoseconds.
  struct Connection: Sendable, Equatable {
    var start: UInt64
    var end: UInt64?
    var display: DisplayRole
  }

  /// What `stats` reports of one scene, in 24 bytes: a timeline that keeps no samples folds a scene
  /// into this when it disconnects and forgets the rest, and keeps those of the ``summaryLimit`` lowest
  /// scene ids, so a trace of millions of scenes that come and go is summarized in a few hundred
  /// kilobytes.
  struct Summary: Sendable, Equatable {
    /// The scene.
    var id: SceneID
    /// The display of its last connection.
    var display: DisplayRole
    /// True when it disconnected before the filter's `from` and has not reconnected.
    var endedBeforeWindow: Bool
    /// The shapes in the order first visited, 3 bits each from the low bits (``LayoutShape/allCases``
    /// index + 1; 0 ends the list): five shapes fit in 15 bits.
    private var packedShapes: UInt16
    /// Shape changes after the first shape of each connection.
    var shapeChanges: Int
    /// Geometry events.
    var geometryEvents: Int

    init(_ scene: Scene) {
      id = scene.id
      display = scene.display
      endedBeforeWindow = scene.endedBeforeWindow
      packedShapes = 0
      shapeChanges = scene.shapeChanges
      geometryEvents = scene.geometryEvents
      for shape in scene.shapesVisited { visit(shape) }
    }

    /// The shapes in the order first visited.
    var shapesVisited: [LayoutShape] {
      var shapes: [LayoutShape] = []
      var bits = packedShapes
      while bits & 7 != 0 {
        shapes.append(LayoutShape.allCases[Int(bits & 7) - 1])
        bits >>= 3
      }
      return shapes
    }

    /// Adds `shape` to the shapes visited unless it is there.
    private mutating func visit(_ shape: LayoutShape) {
      let code = UInt16(LayoutShape.allCases.firstIndex(of: shape)! + 1)
      var shift: UInt16 = 0
      while (packedShapes >> shift) & 7 != 0 {
        if (packedShapes >> shift) & 7 == code { return }
        shift += 3
      }
      packedShapes |= code << shift
    }

    /// Folds a later connection of the same scene in: its shapes after these, its counts added, its
    /// display and window flag replacing these.
    mutating func append(_ later: Summary) {
      for shape in later.shapesVisited { visit(shape) }
      display = later.display
      endedBeforeWindow = later.endedBeforeWindow
      shapeChanges += later.shapeChanges
      geometryEvents += later.geometryEvents
    }

    /// Sorts `records` by scene and folds each scene's connections (in the order given) into one, in
    /// place: no second copy of the summaries is made.
    /// - Complexity: O(n log n).
    static func merge(_ records: inout [Summary]) {
      // Stable (the standard library's sort is): a scene's connections keep their order.
      records.sort { $0.id < $1.id }
      var kept = 0
      for index in records.indices {
        if kept > 0, records[kept - 1].id == records[index].id {
          records[kept - 1].append(records[index])
        } else {
          records[kept] = records[index]
          kept += 1
        }
      }
      records.removeLast(records.count - kept)
    }
  }

  /// The longest gap between two presented samples of one animation, in nanoseconds (50 ms: three
  /// refreshes at 60 Hz, so dropped refreshes do not split it).
  static let animationGap: UInt64 = 50_000_000

  /// Whether size samples and spans are kept (plot, export) or only counted (stats).
  let keepsSamples: Bool
  /// The plot's grid that samples and spans are thinned to, when they are kept for a plot.
  let grid: TimeGrid?
  /// Whether a timeline without samples keeps the summaries of the scenes that disconnected (`stats`);
  /// a plot's first pass, which needs only the window's start and end, keeps none.
  let keepsSummaries: Bool
  /// The first and last event times, in nanoseconds.
  private(set) var start: UInt64?
  private(set) var end: UInt64 = 0
  /// The session's state: which scenes are connected.
  private var session = SessionState<Void>()
  /// Scenes by id: connected ones, and when the timeline keeps samples disconnected ones too (their
  /// history is drawn) unless a streaming export took and forgot them (``forget(_:)``).
  private var sceneTable: [SceneID: Scene] = [:]
  /// Without samples, the summaries of the connections that ended, in the order they ended; whenever
  /// their count doubles, folded by scene (``Summary/merge(_:)``) and cut to the ``summaryLimit`` lowest
  /// scene ids, so they stay within twice ``summaryLimit`` summaries however many scenes come and go.
  private var endedSummaries: [Summary] = []
  private var mergeAt = 1024
  /// Whether ``endedSummaries`` is merged: sorted by scene, one summary each.
  private var summariesMerged = true
  /// The most scenes ``forEachSummary(_:)`` hands over: ``FoldReplay/ReplaySummary/sceneLimit``, the
  /// scenes `tracecat replay` lists; the scenes past it are counted.
  static let summaryLimit = ReplaySummary.sceneLimit
  /// Once ``endedSummaries`` was cut, the highest scene id it keeps: a connection of a higher one is
  /// counted when it ends, not kept (the ids kept only get lower, so such a scene is never listed).
  private var highestListed: SceneID?
  /// Shown connections of scenes cut from ``endedSummaries`` or above ``highestListed``: each scene cut
  /// counts once, and each later connection of a scene above ``highestListed`` once more.
  private var unlistedConnections = 0
  private var hinge = SpanBuilder<HingeStatus>()
  private var angleSamples: StepSeries
  /// With a grid: the lanes, in the order they opened (``plotLanes`` orders them).
  private(set) var plotLanes: [PlotLane] = []
  /// With a grid: the connections placed in lanes so far (by start, scene, connection).
  private var placedCount = 0
  /// With a grid: the handover lines between lanes, found as connections are placed and end.
  private var handovers: HandoverFinder?
  /// With a grid: the scenes shown, counted (``DistinctTally``).
  private var shownScenes = DistinctTally<SceneID>()
  /// With a grid: the scene and lane (`scene << 16 | lane`) of each connection, counted per lane
  /// (``PlotLane/sceneCount``).
  private var laneScenes = DistinctTally<UInt64>()
  /// With a grid: the scenes whose lanes are kept (replay marks are drawn in them).
  private let marked: Set<SceneID>
  /// With a grid: for each scene of ``marked`` that was shown, its connections' starts (ns) and lanes
  /// (``plotLanes`` indexes), in time order.
  private(set) var laneHistory: [SceneID: [(start: UInt64, lane: UInt16)]] = [:]
  /// With a grid: the connections that started at ``pendingAt``, placed in lanes once every event of
  /// that instant is read (a disconnection at the same instant frees its lane first).
  private var pending: [PendingPiece] = []
  private var pendingAt: UInt64?
  /// With a grid: how many scenes have a shown connection (exact unless more than
  /// ``DistinctTally/limit`` did and one of those past it came back).
  var shownSceneCount: Int { shownScenes.count }
  /// With a grid: the handover lines, in time order, once ``finishPlot()`` ran.
  var handoverLines: [HandoverLine] { handovers?.lines ?? [] }
  /// With a grid: whether a shown scene holds the app's recorded output.
  private var anyAppOutput = false
  /// Markers and dropped-event records, kept only with samples (plot, export); stats counts.
  private var markerList: [Marker] = []
  /// With a grid, the marker count past which markers in one grid column are gathered (doubles).
  private var gatherMarkersAt = 256
  /// The markers in the window, gathered or not.
  private(set) var markerCount = 0
  private var dropList: [(time: UInt64, count: UInt64)] = []
  /// Events the recorder dropped in the window, summed (saturating at 2⁶⁴ − 1).
  private(set) var droppedCount: UInt64 = 0

  /// The time window and scenes shown.
  let filter: EventFilter
  /// Which of the scenes the filter names appeared in what was read (for a note when one did not).
  private(set) var coverage: SceneCoverage

  /// A timeline that keeps samples and spans (`keepsSamples`, thinned to `grid` when there is one) or
  /// only the values in effect; with a grid, the lanes of the `marked` scenes' connections are kept
  /// (``laneHistory``).
  init(
    keepsSamples: Bool, grid: TimeGrid? = nil, filter: EventFilter = EventFilter(),
    keepsSummaries: Bool = true, marked: Set<SceneID> = []
  ) {
    coverage = SceneCoverage(filter)
    self.marked = marked
    self.keepsSummaries = keepsSummaries
    self.keepsSamples = keepsSamples
    self.grid = keepsSamples ? grid : nil
    handovers = self.grid.map(HandoverFinder.init)
    self.filter = filter
    hinge.keepsSpans = keepsSamples
    hinge.grid = self.grid
    angleSamples = StepSeries(grid: self.grid, replacesSameTime: true)
    if filter.from > 0 { start = filter.from }
    if filter.to != .max { end = filter.to }
  }

  /// Folds one event in.
  /// - Complexity: O(1) amortized.
  mutating func add(_ event: TraceEvent) {
    coverage.see(event)
    guard event.time <= filter.to else { return }
    let early = event.time < filter.from
    let time = max(event.time, filter.from)
    if let instant = pendingAt, time > instant { placePending() }
    if start == nil { start = time }
    end = max(end, time)
    if case .unknownScene = session.apply(event.payload) { return }
    switch event.payload {
    case .sceneConnected(let id, let display, _):
      if grid != nil {
        connectPiece(id, display: display, at: time)
        return
      }
      if sceneTable[id] == nil {
        var scene = Scene(id: id, display: display, connected: time, grid: grid)
        if !keepsSamples { scene.forgetSpans() }
        sceneTable[id] = scene
      }
      sceneTable[id]?.display = display
      sceneTable[id]?.disconnected = nil
      sceneTable[id]?.endedBeforeWindow = false
      if keepsSamples {
        // A connection of a connected scene starts it afresh: the connection before ends here.
        if let count = sceneTable[id]?.connections.count, count > 0,
          sceneTable[id]?.connections[count - 1].end == nil
        {
          sceneTable[id]?.connections[count - 1].end = time
        }
        sceneTable[id]?.connections.append(Connection(start: time, end: nil, display: display))
      }
    case .sceneDisconnected(let id):
      if grid != nil {
        disconnectPiece(id, at: time, early: early)
        return
      }
      sceneTable[id]?.disconnected = time
      sceneTable[id]?.endedBeforeWindow = early
      sceneTable[id]?.endSpans(at: time)
      if keepsSamples, let count = sceneTable[id]?.connections.count, count > 0 {
        // A connection that ended before the window is not shown.
        if early {
          sceneTable[id]?.connections.removeLast()
        } else {
          sceneTable[id]?.connections[count - 1].end = time
        }
      }
      // No later sample can replace the newest: the scene's next sample, if it reconnects, starts anew.
      sceneTable[id]?.widths.settle()
      sceneTable[id]?.heights.settle()
      sceneTable[id]?.scrollOffsets.settle()
      if !keepsSamples, let scene = sceneTable.removeValue(forKey: id), keepsSummaries {
        keepSummary(of: scene)
      }
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
      if keepsSamples, let angle = state.angle { angleSamples.append(time, angle) }
    case .marker(let label):
      guard !early else { break }
      markerCount += 1
      guard keepsSamples else { break }
      markerList.append(Marker(time: time, label: label, count: 1))
      if let grid, markerList.count >= gatherMarkersAt {
        gatherMarkers(on: grid)
        gatherMarkersAt = max(256, markerList.count * 2)
      }
    case .dropped(let count):
      guard !early else { break }
      // Only a streaming export draws each drop; a plot counts them.
      if keepsSamples && grid == nil { dropList.append((time, count)) }
      let (sum, overflow) = droppedCount.addingReportingOverflow(count)
      droppedCount = overflow ? .max : sum
    case .traits(let id, let traits):
      sceneTable[id]?.traits.set(traits, at: time)
    case .scroll(let id, let offset, let anchor, _):
      sceneTable[id]?.anchor.set(anchor, at: time)
      if keepsSamples { sceneTable[id]?.scrollOffsets.append(time, offset.y) }
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
      // Only what is drawn keeps the animation stretches: `stats` keeps nothing that grows per event.
      if !early, keepsSamples { sceneTable[id]?.present(at: time) }
    case .cut:
      // Where the recording stopped mid-session: no state to draw (`cat` and `show` list it).
      break
    }
  }

  /// Keeps the summary of a scene's connection that ended (a timeline without samples), or counts it
  /// when its scene is above the ``summaryLimit`` lowest ids kept; a scene the filter does not show is
  /// neither.
  /// - Complexity: O(1) amortized; O(n log n) every time the n summaries kept double (n at most
  ///   2 · ``summaryLimit``).
  private mutating func keepSummary(of scene: Scene) {
    guard filter.scenes?.contains(scene.id) ?? true else { return }
    if let highest = highestListed, scene.id > highest {
      if !scene.endedBeforeWindow { unlistedConnections += 1 }
      return
    }
    endedSummaries.append(Summary(scene))
    summariesMerged = false
    guard endedSummaries.count >= mergeAt else { return }
    mergeSummaries()
    mergeAt = max(2 * endedSummaries.count, 1024)
  }

  /// Merges the summaries of the connections that ended (``Summary/merge(_:)``), so that
  /// ``forEachSummary(_:)`` reads them without a copy, and cuts them to the ``summaryLimit`` lowest
  /// scene ids (the scenes cut are counted). Call it when the trace is read.
  /// - Complexity: O(n log n) for the n summaries kept.
  mutating func mergeSummaries() {
    guard !summariesMerged else { return }
    Summary.merge(&endedSummaries)
    summariesMerged = true
    guard endedSummaries.count > Self.summaryLimit else { return }
    unlistedConnections += endedSummaries[Self.summaryLimit...].count { !$0.endedBeforeWindow }
    endedSummaries.removeLast(endedSummaries.count - Self.summaryLimit)
    highestListed = endedSummaries.last?.id
  }

  /// The scenes shown, in ascending id: those the filter keeps that were connected in its window. A
  /// timeline without samples keeps only the connected ones whole: read ``forEachSummary(_:)`` of it.
  /// - Complexity: O(s log s) for the s scenes kept.
  var scenes: [Scene] {
    sceneTable.values.filter { !$0.endedBeforeWindow && (filter.scenes?.contains($0.id) ?? true) }
      .sorted { $0.id < $1.id }
  }

  /// Hands what `stats` reports of each scene shown to `body`, in ascending id, the first
  /// ``summaryLimit`` of them: the scenes the filter keeps that were connected in its window, each
  /// scene's connections folded into one. Memory beyond the summaries kept: the connected scenes' (at
  /// most 128), once ``mergeSummaries()`` ran; a copy of the summaries otherwise.
  /// - Returns: The scenes shown past the first ``summaryLimit``, not handed over: exact unless one of
  ///   them connected more than once (each connection after the limit was reached counts), as
  ///   ``FoldReplay/ReplaySummary/unlistedScenes`` counts.
  /// - Complexity: O(n + c log c) for n summaries and c connected scenes, merged; O(n log n) otherwise.
  @discardableResult
  func forEachSummary(_ body: (Summary) throws -> Void) rethrows -> Int {
    var ended = endedSummaries
    if !summariesMerged { Summary.merge(&ended) }
    var connected = sceneTable.values.map(Summary.init)
    Summary.merge(&connected)
    var listed = 0
    var unlisted = unlistedConnections
    var pending: Summary?
    func hand(_ scene: Summary) throws {
      guard !scene.endedBeforeWindow, filter.scenes?.contains(scene.id) ?? true else { return }
      guard listed < Self.summaryLimit else {
        unlisted += 1
        return
      }
      listed += 1
      try body(scene)
    }
    func emit(_ summary: Summary) throws {
      if var open = pending, open.id == summary.id {
        open.append(summary)
        pending = open
        return
      }
      if let open = pending { try hand(open) }
      pending = summary
    }
    // The connected scenes' connections are the latest: each follows its scene's ended ones.
    var next = 0
    for summary in ended {
      while next < connected.count, connected[next].id < summary.id {
        try emit(connected[next])
        next += 1
      }
      try emit(summary)
    }
    for summary in connected[next...] { try emit(summary) }
    if let open = pending { try hand(open) }
    return unlisted
  }

  /// Whether the device (hinge, markers, drops) is shown: no scene filter, or one that names `-`.
  var showsDevice: Bool { filter.scenes?.contains(nil) ?? true }

  /// The scene's shape spans, the last ending at the trace's end.
  func shapes(of scene: Scene) -> [Span<LayoutShape>] { scene.shape.finished(at: end) }
  /// The scene's presentation spans: LayoutCore's `LayoutShape.presentation` of each shape, equal
  /// presentations merged (LayoutCore's LayoutRules, "L1: shape and presentation").
  func presentations(of scene: Scene) -> [Span<Presentation>] { scene.presentation.finished(at: end) }
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
  func appAnimations(of scene: Scene) -> [Span<Int>] { scene.appAnimations.map(Self.animationSpan) }

  /// An animation stretch as a span at least one 60 Hz refresh long, its value the sample count.
  private static func animationSpan(_ stretch: (start: UInt64, end: UInt64, samples: Int)) -> Span<Int> {
    // Saturating: a sample in the last refresh before 2⁶⁴ − 1 ns ends there.
    let (minimumEnd, overflow) = stretch.start.addingReportingOverflow(16_666_667)
    return Span(
      start: stretch.start, end: max(stretch.end, overflow ? .max : minimumEnd), value: stretch.samples)
  }
  /// Whether any shown scene holds the app's recorded output.
  var hasAppOutput: Bool {
    grid != nil ? anyAppOutput : scenes.contains { $0.appLayouts > 0 || $0.presentedSamples > 0 }
  }
  /// The hinge status spans (none when the device is not shown).
  var hingeStatus: [Span<HingeStatus>] { showsDevice ? hinge.finished(at: end) : [] }
  /// Hinge angle samples, time (ns) and degrees; kept only when the timeline keeps samples.
  var hingeAngles: [(time: UInt64, degrees: Double)] {
    showsDevice ? angleSamples.samples.map { ($0.time, $0.value) } : []
  }
  /// Markers: time (ns) and label.
  var markers: [Marker] { showsDevice ? markerList : [] }
  /// Dropped-event records: time (ns) and count.
  var drops: [(time: UInt64, count: UInt64)] { showsDevice ? dropList : [] }

  // MARK: Streaming

  /// What a scene's events ended since the last ``takeEnded(_:)``: its spans that ended and its
  /// samples that settled, in time order per kind.
  struct Ended {
    var shapes: [Span<LayoutShape>] = []
    var presentations: [Span<Presentation>] = []
    var division: [Span<Bool>] = []
    var resizing: [Span<Bool>] = []
    var occlusion: [Span<Bool>] = []
    var safeArea: [Span<TraceInsets>] = []
    var traits: [Span<SceneTraits>] = []
    var anchors: [Span<String?>] = []
    var selections: [Span<String?>] = []
    var inactiveDivision: [Span<Bool>] = []
    var inactiveOcclusion: [Span<Bool>] = []
    var appDecisions: [Span<String>] = []
    var appAnimations: [Span<Int>] = []
    /// Width, height and scroll offset samples, points; widths and heights pair up one to one.
    var widths: [StepSeries.Sample] = []
    var heights: [StepSeries.Sample] = []
    var scrollOffsets: [StepSeries.Sample] = []
  }

  /// The scene's state now, if it ever connected.
  subscript(scene id: SceneID) -> Scene? { sceneTable[id] }

  /// The ids of every scene that connected, ascending.
  var sceneIDs: [SceneID] { sceneTable.keys.sorted() }

  /// Whether the scene is shown: the filter keeps it and it was connected in the window.
  func shows(_ id: SceneID) -> Bool {
    guard let scene = sceneTable[id] else { return false }
    return !scene.endedBeforeWindow && (filter.scenes?.contains(id) ?? true)
  }

  /// Takes what the scene's events ended and settled since the last call out of the timeline, so a
  /// streaming export (``ChromeTraceExporter``) holds no history: only the open spans and the newest
  /// samples stay. For a timeline that keeps samples, without a grid.
  /// - Complexity: O(1) beyond the size of what it returns.
  mutating func takeEnded(_ id: SceneID) -> Ended {
    guard var scene = sceneTable[id] else { return Ended() }
    sceneTable[id] = nil  // the scene is taken out while it is changed, so its arrays are not copied
    var ended = Ended()
    ended.shapes = scene.shape.takeSpans()
    ended.presentations = scene.presentation.takeSpans()
    ended.division = scene.division.takeSpans()
    ended.resizing = scene.resizing.takeSpans()
    ended.occlusion = scene.occlusion.takeSpans()
    ended.safeArea = scene.safeArea.takeSpans()
    ended.traits = scene.traits.takeSpans()
    ended.anchors = scene.anchor.takeSpans()
    ended.selections = scene.selection.takeSpans()
    ended.inactiveDivision = scene.inactiveDivision.takeSpans()
    ended.inactiveOcclusion = scene.inactiveOcclusion.takeSpans()
    ended.appDecisions = scene.appDecision.takeSpans()
    // The newest stretch may still grow; the ones before it are done.
    if scene.appAnimations.count > 1 || (scene.appAnimations.count == 1 && finished) {
      let done = finished ? scene.appAnimations.count : scene.appAnimations.count - 1
      ended.appAnimations = scene.appAnimations.prefix(done).map(Self.animationSpan)
      scene.appAnimations.removeFirst(done)
    }
    ended.widths = scene.widths.takeSettled()
    ended.heights = scene.heights.takeSettled()
    ended.scrollOffsets = scene.scrollOffsets.takeSettled()
    sceneTable[id] = scene
    return ended
  }

  /// Forgets a disconnected scene whose ended spans and samples were taken (``takeEnded(_:)``): a
  /// streaming export holds nothing of the scenes that left. If it reconnects it starts anew.
  /// - Complexity: O(1).
  mutating func forget(_ id: SceneID) {
    guard sceneTable[id]?.disconnected != nil else { return }
    sceneTable[id] = nil
  }

  /// A marker, or with a grid the markers of one grid column gathered: the first one's time (ns) and
  /// label, and how many there are.
  struct Marker: Sendable {
    var time: UInt64
    var label: String
    var count: Int
  }

  /// Gathers markers that share a grid column into their first (markers arrive in time order), so a
  /// plot keeps O(columns) markers however many the trace has. Markers in distinct columns stay apart,
  /// so a trace with few markers draws exactly as before.
  /// - Complexity: O(m) for m markers kept.
  private mutating func gatherMarkers(on grid: TimeGrid) {
    var kept = 0
    for index in markerList.indices {
      if kept > 0, grid.column(markerList[kept - 1].time) == grid.column(markerList[index].time) {
        markerList[kept - 1].count += markerList[index].count
      } else {
        markerList[kept] = markerList[index]
        kept += 1
      }
    }
    markerList.removeLast(markerList.count - kept)
  }

  /// Takes the device's hinge spans, settled hinge angles, markers and drops since the last call.
  /// - Complexity: O(1) beyond the size of what it returns.
  mutating func takeDeviceEnded() -> (
    hinge: [Span<HingeStatus>], angles: [StepSeries.Sample], markers: [(time: UInt64, label: String)],
    drops: [(time: UInt64, count: UInt64)]
  ) {
    defer {
      markerList = []
      dropList = []
    }
    return (hinge.takeSpans(), angleSamples.takeSettled(), markerList.map { ($0.time, $0.label) }, dropList)
  }

  /// Whether ``finish()`` ended the timeline.
  private(set) var finished = false

  /// Ends every open span at the trace's end and settles every newest sample, for the last
  /// ``takeEnded(_:)`` and ``takeDeviceEnded()``. Nothing may be added after it.
  mutating func finish() {
    for id in sceneTable.keys {
      sceneTable[id]?.endSpans(at: end)
      sceneTable[id]?.widths.settle()
      sceneTable[id]?.heights.settle()
      sceneTable[id]?.scrollOffsets.settle()
    }
    hinge.end(at: end)
    angleSamples.settle()
    finished = true
  }
}

// MARK: Plot lanes

extension SessionTimeline {
  /// A connection that started at ``pendingAt``, waiting for its lane.
  struct PendingPiece {
    var scene: SceneID
    var ordinal: Int
    var start: UInt64
    var display: DisplayRole
    /// Its drawing and end, when it ended before it was placed.
    var ended: (drawing: ConnectionDrawing, time: UInt64)?
    /// It ended before the filter's `from`: it is not shown.
    var endedEarly = false
  }

  /// A scene connects (a timeline with a grid): its connection waits for a lane until every event of
  /// its instant is read; a connection of a connected scene ends the one before.
  /// - Complexity: O(1) amortized.
  fileprivate mutating func connectPiece(_ id: SceneID, display: DisplayRole, at time: UInt64) {
    var scene =
      sceneTable.removeValue(forKey: id) ?? Scene(id: id, display: display, connected: time, grid: grid)
    if scene.connectionCount > 0 { closePiece(of: &scene, at: time, open: false) }
    scene.display = display
    scene.disconnected = nil
    scene.endedBeforeWindow = false
    scene.connectionCount += 1
    if filter.scenes?.contains(id) ?? true {
      pending.append(PendingPiece(scene: id, ordinal: scene.connectionCount, start: time, display: display))
      pendingAt = time
    }
    sceneTable[id] = scene
  }

  /// A scene disconnects (a timeline with a grid): its connection's drawing goes to its lane and the
  /// scene is forgotten (a scene that comes back starts anew). A connection that ended before the
  /// filter's `from` is not shown.
  /// - Complexity: O(spans and samples of the connection).
  fileprivate mutating func disconnectPiece(_ id: SceneID, at time: UInt64, early: Bool) {
    guard var scene = sceneTable.removeValue(forKey: id) else { return }
    scene.endSpans(at: time)
    if early {
      if let slot = pending.lastIndex(where: { $0.scene == id && $0.ended == nil && !$0.endedEarly }) {
        pending[slot].endedEarly = true
      }
      return
    }
    closePiece(of: &scene, at: time, open: false)
  }

  /// Takes what the scene's connection now draws out of the scene and hands it to the connection's
  /// lane (or to its pending entry, before it has one), and its end to the handover lines. `open`: the
  /// scene is connected at the end.
  private mutating func closePiece(of scene: inout Scene, at time: UInt64, open: Bool) {
    let drawing = takeDrawing(of: &scene)
    defer { scene.placed = nil }
    if let placed = scene.placed {
      let lane = Int(placed.lane)
      plotLanes[lane].append(
        drawing, scene: scene.id, start: placed.start, end: open ? nil : time, trailingEnd: end)
      plotLanes[lane].freeFrom = open ? .max : time
      if drawing.hasAppOutput { anyAppOutput = true }
      if !open { handovers?.ended(placed, at: time) }
    } else if let slot = pending.lastIndex(where: {
      $0.scene == scene.id && $0.ended == nil && !$0.endedEarly
    }) {
      pending[slot].ended = (drawing, time)
    }
  }

  /// The scene's spans ended and samples since its last connection's, taken out of it.
  private func takeDrawing(of scene: inout Scene) -> ConnectionDrawing {
    var drawing = ConnectionDrawing()
    drawing.shapes = scene.shape.takeSpans()
    drawing.presentations = scene.presentation.takeSpans()
    drawing.division = scene.division.takeSpans()
    drawing.inactiveDivision = scene.inactiveDivision.takeSpans()
    drawing.occlusion = scene.occlusion.takeSpans()
    drawing.inactiveOcclusion = scene.inactiveOcclusion.takeSpans()
    drawing.resizing = scene.resizing.takeSpans()
    drawing.safeArea = scene.safeArea.takeSpans()
    drawing.anchors = scene.anchor.takeSpans()
    drawing.selections = scene.selection.takeSpans()
    drawing.appDecisions = scene.appDecision.takeSpans()
    drawing.appAnimations = scene.appAnimations.map(Self.animationSpan)
    scene.appAnimations = []
    drawing.widths = scene.widths.samples
    drawing.heights = scene.heights.samples
    drawing.scrollOffsets = scene.scrollOffsets.samples
    scene.widths = StepSeries(grid: grid, replacesSameTime: true)
    scene.heights = StepSeries(grid: grid, replacesSameTime: true)
    scene.scrollOffsets = StepSeries(grid: grid, replacesSameTime: false)
    drawing.hasAppOutput = scene.appLayouts > 0 || scene.presentedSamples > 0
    return drawing
  }

  /// Places the connections of the instant read last in lanes, by scene: each in its display's first
  /// lane free when it starts, a new lane when none is; counts its scene in the lane and among those
  /// shown, and hands it (and its end, if it ended in that instant) to the handover lines.
  /// - Complexity: O(p log p + p · l) for p connections and l lanes.
  private mutating func placePending() {
    let batch = pending.sorted { ($0.scene, $0.ordinal) < ($1.scene, $1.ordinal) }
    pending = []
    pendingAt = nil
    for entry in batch where !entry.endedEarly {
      let lane: Int
      if let free = plotLanes.indices.first(where: {
        plotLanes[$0].display == entry.display && plotLanes[$0].freeFrom <= entry.start
      }) {
        lane = free
      } else {
        let number = plotLanes.filter { $0.display == entry.display }.count + 1
        plotLanes.append(PlotLane(display: entry.display, number: number, grid: grid!))
        lane = plotLanes.count - 1
      }
      plotLanes[lane].pieces += 1
      if plotLanes[lane].firstScenes.count < 12, !plotLanes[lane].firstScenes.contains(entry.scene) {
        plotLanes[lane].firstScenes.append(entry.scene)
      }
      if laneScenes.add(UInt64(entry.scene.rawValue) << 16 | UInt64(lane)) { plotLanes[lane].sceneCount += 1 }
      shownScenes.add(entry.scene)
      if marked.contains(entry.scene) {
        laneHistory[entry.scene, default: []].append((entry.start, UInt16(lane)))
      }
      let connection = PlacedConnection(
        index: placedCount, start: entry.start, scene: entry.scene, lane: UInt16(lane),
        laneNumber: UInt16(plotLanes[lane].number),
        displayIndex: UInt8(DisplayRole.allCases.firstIndex(of: entry.display)!))
      placedCount += 1
      handovers?.placed(connection)
      if let ended = entry.ended {
        plotLanes[lane].append(
          ended.drawing, scene: entry.scene, start: entry.start, end: ended.time, trailingEnd: end)
        plotLanes[lane].freeFrom = ended.time
        if ended.drawing.hasAppOutput { anyAppOutput = true }
        handovers?.ended(connection, at: ended.time)
      } else {
        plotLanes[lane].freeFrom = .max
        sceneTable[entry.scene]?.placed = connection
      }
    }
  }

  /// Ends a timeline read for a plot: places the last instant's connections, hands the drawing of the
  /// connections still open to their lanes (ending at the trace's end) and closes the handover lines.
  /// Nothing may be added after it.
  /// - Complexity: O(c log c) for the c connected scenes.
  mutating func finishPlot() {
    guard let grid else { return }
    if pendingAt != nil { placePending() }
    // Past the first gathering, the markers since the last one are gathered too: one line per column.
    if gatherMarkersAt > 256 { gatherMarkers(on: grid) }
    for id in sceneTable.keys.sorted() {
      guard var scene = sceneTable.removeValue(forKey: id) else { continue }
      scene.endSpans(at: end)
      if scene.placed != nil { closePiece(of: &scene, at: end, open: true) }
      sceneTable[id] = scene
    }
    handovers?.finish()
  }
}
