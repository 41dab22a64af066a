import FoldReplay
import FoldTrace
import LayoutCore
import ReferenceScreen

/// Reads a trace into ``SceneSnapshot``s at chosen moments, in one pass.
///
/// Without a replay a snapshot is the recorded state at that moment laid out by the example app's
/// reference screen at rest: the plan LayoutCore gives for the scene's context, the recorded scroll
/// position. With a replay (as `tracecat replay` does) it is the replayer's state: the animated
/// presentation at the last tick at or before the moment, the re-anchored scroll offset, and the
/// failures the checks located there.
enum SnapshotReader {
  /// What `show` and `replay --report` drive: the reference screen, its record list and scroll view.
  static let configuration = ReplayConfiguration(
    policy: ReferenceScreenLayout(), content: RecordListContent(),
    scrollElementID: ReferenceScreenLayout.scrollElementID)

  /// The snapshots of a trace and what the replay found.
  struct Result: Sendable {
    /// Per requested time (in the order given), the chosen scenes connected then with a geometry, by id.
    var snapshots: [[SceneSnapshot]]
    /// The time of the trace's last event, in nanoseconds; when reading stopped after the last moment
    /// (no replay), the last event read, which is after every moment.
    var end: UInt64
    /// With a replay, the checks' summary.
    var summary: ReplaySummary?
    /// Where the panels (one scene at one moment) passed the limit given, when they did: reading
    /// stopped there, and ``snapshots`` holds none.
    var overflow: Overflow?
  }

  /// The moment at which a filmstrip's panels passed their limit.
  struct Overflow: Sendable, Equatable {
    /// The moment, in nanoseconds.
    var time: UInt64
    /// The chosen scenes with a geometry then: its panels.
    var scenes: Int
  }

  /// Reads the snapshots at `times`.
  ///
  /// - Parameters:
  ///   - input: The trace.
  ///   - times: The moments, in nanoseconds, ascending.
  ///   - scenes: The scenes to keep, or nil for all.
  ///   - replay: Replay the trace and draw its presentation and failures.
  ///   - configuration: What the replay drives (default: the reference screen at 120 Hz).
  ///   - panelLimit: The most snapshots (panels: one scene at one moment) to take over all the moments;
  ///     past it reading stops and the result holds the ``Overflow`` instead, so no more than
  ///     `panelLimit` plus one moment's scenes (at most 128) are ever held.
  /// - Returns: The snapshots and the trace's end.
  /// - Throws: ``TracecatError`` when a frame the snapshots need cannot be read (with a replay, any
  ///   frame).
  /// - Complexity: O(n) in the events read (plus the replay's ticks), and O(i) per snapshot for i
  ///   content items. Without a replay, the events read end with the first frame after the last moment
  ///   and, in a 1.0 trace, start with the frame holding the first (O(log f) frame decodes to find it).
  static func read(
    _ input: TraceInput, at times: [UInt64], scenes: Set<SceneID>?, replay: Bool,
    configuration: ReplayConfiguration = SnapshotReader.configuration, panelLimit: Int = .max
  ) throws
    -> Result
  {
    let reader = try input.open()
    var collector = Collector(
      times: times, scenes: scenes, replay: replay, trace: input.name, configuration: configuration,
      panelLimit: panelLimit)
    // Without a replay a snapshot is state, so reading stops at the first frame after the last moment
    // (the rest cannot change it) and, in a 1.0 trace, starts at the frame holding the first moment:
    // its keyframe is the whole state then. A 1.1 trace is read from its start, because the app's
    // presented frames since its last layout are history a keyframe does not carry. A replay needs
    // every event (its animations and checks run from the session's start to its end).
    let last = replay ? nil : times.last
    do throws(TraceError) {
      var needsState = false
      if let first = times.first, first > 0, !replay, reader.header.version < .v1_1 {
        needsState = try reader.seek(toTime: first) ?? 0 > 0
      }
      while let frame = try reader.nextFrame() {
        if needsState {
          for event in frame.keyframe { collector.consume(event) }
          needsState = false
        }
        for event in frame.events { collector.consume(event) }
        if let last, collector.end > last { break }
        if collector.overflow != nil { break }
      }
    } catch {
      throw TracecatError(error)
    }
    return collector.finish()
  }

  /// Reads the snapshots at `times` from events in memory (tests, and traces already read).
  static func read<Events: Sequence<TraceEvent>>(
    events: Events, trace: String, at times: [UInt64], scenes: Set<SceneID>? = nil, replay: Bool
  ) -> Result {
    var collector = Collector(
      times: times, scenes: scenes, replay: replay, trace: trace, configuration: SnapshotReader.configuration)
    for event in events { collector.consume(event) }
    return collector.finish()
  }

  /// Keeps what a snapshot needs from the replay records: each connected scene's latest presentation and
  /// plan evaluation time (forgotten at its disconnect), the frames sampled while the next event is
  /// consumed, and the checks.
  struct Sink: ReplaySink {
    var verifier: ReplayVerifier
    /// Each scene's latest presentation (a retarget's after, or a tick's), with its time.
    var presentation: [SceneID: (time: UInt64, elements: [ElementPresentation])] = [:]
    /// Each scene's latest plan evaluation time, in nanoseconds.
    var evaluated: [SceneID: UInt64] = [:]
    /// Each scene's elements' frames in the latest plan that placed them: where an element the layout
    /// later left out last stood.
    var placed: [SceneID: [String: Rect]] = [:]
    /// Frames kept while ``keepsFrames``, in order.
    var frames: [FrameSample] = []
    var keepsFrames = false
    /// Every element id seen in a plan, with whether it is interactive and scrollable: what an element
    /// fading out after leaving the plan was.
    var flags: [String: (interactive: Bool, scrollable: Bool)] = [:]

    mutating func receive(_ record: ReplayRecord) {
      verifier.receive(record)
      switch record {
      case .evaluation(let evaluation):
        evaluated[evaluation.scene] = evaluation.time
        for element in evaluation.plan.elements {
          placed[evaluation.scene, default: [:]][element.id] = element.frame
        }
        for element in evaluation.plan.elements where flags[element.id] == nil {
          flags[element.id] = (element.isInteractive, element.isScrollable)
        }
      case .retarget(let retarget):
        presentation[retarget.scene] = (retarget.time, retarget.after)
      case .frame(let sample):
        presentation[sample.scene] = (sample.time, sample.elements)
        if keepsFrames { frames.append(sample) }
      case .disconnected(let disconnection):
        // A snapshot takes connected scenes only: what the maps hold of a scene that left is never read.
        presentation[disconnection.scene] = nil
        evaluated[disconnection.scene] = nil
        placed[disconnection.scene] = nil
      case .layout, .unknownContentID, .end:
        break
      }
    }
  }

  /// A snapshot taken before the next event, waiting for the frames sampled up to its time.
  private struct Pending {
    var index: Int
    var snapshots: [SceneSnapshot]
    var evaluated: [SceneID: UInt64]
    var placed: [SceneID: [String: Rect]]
  }

  /// Folds events and takes the snapshots as their times pass.
  struct Collector {
    let times: [UInt64]
    let scenes: Set<SceneID>?
    let replay: Bool
    /// The most snapshots to take, over all the moments.
    let panelLimit: Int
    /// The snapshots taken so far.
    var panels = 0
    /// Set when ``panels`` passed ``panelLimit``: nothing is consumed or taken after it.
    var overflow: Overflow?
    var session = SessionState<Void>()
    var replayer: Replayer
    var sink: Sink
    var next = 0
    var end: UInt64 = 0
    var snapshots: [[SceneSnapshot]]
    var evaluatedAt: [[SceneID: UInt64]]
    var placedAt: [[SceneID: [String: Rect]]]

    init(
      times: [UInt64], scenes: Set<SceneID>?, replay: Bool, trace: String, configuration: ReplayConfiguration,
      panelLimit: Int = .max
    ) {
      replayer = Replayer(configuration: configuration)
      self.panelLimit = panelLimit
      self.times = times
      self.scenes = scenes
      self.replay = replay
      sink = Sink(verifier: ReplayVerifier(trace: trace))
      snapshots = Array(repeating: [], count: times.count)
      evaluatedAt = Array(repeating: [:], count: times.count)
      placedAt = Array(repeating: [:], count: times.count)
    }

    mutating func consume(_ event: TraceEvent) {
      guard overflow == nil else { return }
      end = max(end, event.time)
      let pending = takeSnapshots(before: event.time)
      guard overflow == nil else { return }
      noteAppOutput(event)
      guard replay else {
        settle(pending)
        _ = session.apply(event)
        return
      }
      if case .sceneConnected(let id, _, _) = event.payload { sink.presentation[id] = nil }
      sink.keepsFrames = !pending.isEmpty
      let carried = sink.presentation
      replayer.consume(event, into: &sink)
      settle(pending, carried: carried)
      sink.frames.removeAll(keepingCapacity: true)
      sink.keepsFrames = false
    }

    mutating func finish() -> Result {
      let pending = takeSnapshots(before: nil)
      if let overflow { return Result(snapshots: [], end: end, summary: nil, overflow: overflow) }
      var summary: ReplaySummary?
      if replay {
        sink.keepsFrames = !pending.isEmpty
        let carried = sink.presentation
        replayer.finish(into: &sink)
        settle(pending, carried: carried)
        summary = sink.verifier.summary
      } else {
        settle(pending)
      }
      if let summary {
        for index in snapshots.indices {
          for scene in snapshots[index].indices {
            let id = snapshots[index][scene].scene
            SnapshotReader.locate(
              summary.failures, in: &snapshots[index][scene], evaluatedAt: evaluatedAt[index][id] ?? 0,
              lastPlaced: placedAt[index][id] ?? [:])
          }
        }
      }
      return Result(snapshots: snapshots, end: end, summary: summary)
    }

    /// Takes the snapshots of the moments before `time` (every moment left when nil), counting them
    /// against ``panelLimit``; at the moment that passes it, sets ``overflow`` and takes no more.
    private mutating func takeSnapshots(before time: UInt64?) -> [Pending] {
      var pending: [Pending] = []
      while overflow == nil, next < times.count, time.map({ times[next] < $0 }) ?? true {
        let snapshots = capture(at: times[next])
        panels += snapshots.count
        guard panels <= panelLimit else {
          overflow = Overflow(time: times[next], scenes: snapshots.count)
          break
        }
        pending.append(
          Pending(index: next, snapshots: snapshots, evaluated: sink.evaluated, placed: sink.placed))
        next += 1
      }
      return pending
    }

    /// Fills each pending snapshot's elements with the scene's presentation at its time: the last
    /// frame sampled at or before it, else the presentation carried from before the event.
    private mutating func settle(
      _ pending: [Pending], carried: [SceneID: (time: UInt64, elements: [ElementPresentation])] = [:]
    ) {
      for var item in pending {
        let time = times[item.index]
        for position in item.snapshots.indices where replay {
          let id = item.snapshots[position].scene
          let sampled = sink.frames.last { $0.scene == id && $0.time <= time }?.elements
          if let elements = sampled ?? carried[id]?.elements {
            SnapshotReader.present(elements, in: &item.snapshots[position], flags: sink.flags)
          }
        }
        snapshots[item.index] = item.snapshots
        evaluatedAt[item.index] = item.evaluated
        placedAt[item.index] = item.placed
      }
    }

    /// Each scene's elements the app presented since its last recorded layout: the last presented frame,
    /// in points; only elements a snapshot draws (among the layout's first
    /// ``SceneSnapshot/recordedLimit``), so at most that many a scene.
    var presentedSince: [SceneID: [String: TraceRect]] = [:]

    /// Keeps the app's presented frames (format 1.1) for the snapshots taken after `event`; a recorded
    /// layout starts afresh.
    private mutating func noteAppOutput(_ event: TraceEvent) {
      switch event.payload {
      case .layout(let id, _), .sceneDisconnected(let id), .sceneConnected(let id, _, _):
        presentedSince[id] = nil
      case .presented(let id, let elements):
        let state = replay ? replayer.session : session
        guard let layout = state.scene(id)?.reportedLayout?.elements.prefix(SceneSnapshot.recordedLimit)
        else { return }
        for element in elements where layout.contains(where: { $0.id == element.id }) {
          presentedSince[id, default: [:]][element.id] = element.frame
        }
      default:
        break
      }
    }

    /// The app's own frames in a scene, when the trace records them: its last recorded layout's first
    /// ``SceneSnapshot/recordedLimit`` elements, each at its last presented frame since, ids cut to
    /// ``SceneSnapshot/idLimit`` characters; and how many elements follow them.
    private func recorded(_ scene: SceneState) -> (frames: [SceneSnapshot.RecordedFrame], omitted: Int) {
      guard let layout = scene.reportedLayout else { return ([], 0) }
      let presented = presentedSince[scene.id] ?? [:]
      let frames = layout.elements.prefix(SceneSnapshot.recordedLimit).map { element in
        SceneSnapshot.RecordedFrame(
          id: SceneSnapshot.shortened(element.id), frame: Rect(presented[element.id] ?? element.frame))
      }
      return (frames, max(layout.elements.count - SceneSnapshot.recordedLimit, 0))
    }

    /// The chosen scenes as they stand now (the plan at rest; a replay's presentation is filled in by
    /// ``settle(_:carried:)``).
    private func capture(at time: UInt64) -> [SceneSnapshot] {
      let state = replay ? replayer.session : session
      return state.scenes.map(\.state).filter { scenes?.contains($0.id) ?? true }.sorted { $0.id < $1.id }
        .compactMap {
          scene -> SceneSnapshot? in
          guard let context = LayoutContext(scene) else { return nil }
          let plan =
            replay
            ? (replayer.plan(for: scene.id)
              ?? SnapshotReader.configuration.layout.plan(
                for: context, content: SnapshotReader.configuration.content))
            : SnapshotReader.configuration.layout.plan(
              for: context, content: SnapshotReader.configuration.content)
          let scroll: SceneSnapshot.Scroll?
          if replay {
            let position = replayer.scrollPosition(for: scene.id)
            scroll = SnapshotReader.scroll(
              plan: plan, context: context, offset: replayer.scrollOffset(for: scene.id) ?? 0,
              anchor: position?.anchor, selection: position?.selection ?? scene.selection)
          } else {
            scroll = SnapshotReader.recordedScroll(plan: plan, context: context, scene: scene)
          }
          let recorded = recorded(scene)
          return SceneSnapshot(
            scene: scene.id, display: scene.display, time: time, size: context.size,
            safeArea: context.safeArea, layoutDirection: context.layoutDirection,
            regions: scene.regions.prefix(SceneSnapshot.regionLimit).map {
              Region(kind: $0.kind, frame: Rect($0.frame), isActive: $0.isActive)
            },
            omittedRegions: max(scene.regions.count - SceneSnapshot.regionLimit, 0),
            shape: plan.shape, presentation: plan.presentation, columns: plan.columns,
            elements: plan.elements.map {
              .init(
                id: $0.id, frame: $0.frame, target: $0.frame, isInteractive: $0.isInteractive,
                isScrollable: $0.isScrollable, opacity: 1, isDisappearing: false)
            },
            unplaced: plan.unplaced, scroll: scroll, recorded: recorded.frames,
            omittedRecorded: recorded.omitted, isReplayed: replay)
        }
    }

    private typealias Region = SceneSnapshot.Region
  }

  /// Replaces a snapshot's elements by a presentation: each plan element at its presentation frame, and
  /// the elements fading out after leaving the plan.
  static func present(
    _ presentation: [ElementPresentation], in snapshot: inout SceneSnapshot,
    flags: [String: (interactive: Bool, scrollable: Bool)]
  ) {
    var elements: [SceneSnapshot.Element] = []
    for shown in presentation {
      let planned = snapshot.elements.first { $0.id == shown.id }
      elements.append(
        SceneSnapshot.Element(
          id: shown.id, frame: shown.frame, target: planned?.target ?? shown.target,
          isInteractive: planned?.isInteractive ?? flags[shown.id]?.interactive ?? false,
          isScrollable: planned?.isScrollable ?? flags[shown.id]?.scrollable ?? false, opacity: shown.opacity,
          isDisappearing: shown.phase == .disappearing))
    }
    // Plan elements the animator has not seen yet (a plan newer than the presentation) stay at rest.
    for element in snapshot.elements where !elements.contains(where: { $0.id == element.id }) {
      elements.append(element)
    }
    snapshot.elements = elements
  }

  /// Checks whose verdict holds while a plan holds (the plan checks) are located at every moment from
  /// the plan's evaluation on; motion checks only within one tick (1/120 s) after they fired.
  static let planChecks: Set<ReplayCheck> = [.reservedRegion, .evenColumns, .featureSet]

  /// Attaches the failures that belong to a snapshot's scene and moment, with the offending element's
  /// frames and the reserved regions it intersects.
  ///
  /// An element the layout left out (``LayoutPlan/unplaced``) and that has faded out is shown where it
  /// last stood (`lastPlaced`), within the scene's bounds: the place it lost.
  static func locate(
    _ failures: [ReplayFailure], in snapshot: inout SceneSnapshot, evaluatedAt: UInt64,
    lastPlaced: [String: Rect] = [:]
  ) {
    let bounds = Rect(x: 0, y: 0, width: snapshot.size.width, height: snapshot.size.height)
    let tick = 1_000_000_000 / UInt64(configuration.tickRate)
    let active = snapshot.regions.filter(\.isActive).map(\.frame)
    for failure in failures where failure.scene == snapshot.scene && failure.time <= snapshot.time {
      let current =
        planChecks.contains(failure.check)
        ? failure.time >= evaluatedAt : snapshot.time - failure.time < tick
      guard current else { continue }
      let element = failure.element.flatMap { id in snapshot.elements.first { $0.id == id } }
      let actual =
        element?.frame
        ?? failure.element.flatMap { lastPlaced[$0] }.flatMap { Self.intersection($0, bounds) }
      snapshot.failures.append(
        SceneSnapshot.Failure(
          failure: failure, actual: actual, expected: element.flatMap { $0.isMoving ? $0.target : nil },
          regions: actual.map { frame in active.filter { frame.intersects($0) } } ?? []))
    }
  }

  /// The common part of two rects, or nil when they do not overlap.
  static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
    let x = max(a.minX, b.minX)
    let y = max(a.minY, b.minY)
    let width = min(a.maxX, b.maxX) - x
    let height = min(a.maxY, b.maxY) - y
    return width > 0 && height > 0 ? Rect(x: x, y: y, width: width, height: height) : nil
  }

  /// The scroll view of a plan with the recorded position: the anchor item's top at the viewport's top
  /// when the scroll event named one the content has, else the recorded offset.
  static func recordedScroll(plan: LayoutPlan, context: LayoutContext, scene: SceneState)
    -> SceneSnapshot.Scroll?
  {
    guard let layout = contentLayout(plan: plan, context: context) else { return nil }
    var offset = scene.scrollOffset.y
    if let id = scene.scrollAnchor, let top = layout.layout.frame(of: id)?.minY { offset = top }
    offset = min(max(0, offset), layout.layout.maxOffset(in: layout.viewport))
    let anchor = ScrollAnchor.select(
      in: layout.layout, viewport: layout.viewport, contentOffset: offset, priority: scene.selection)
    return scroll(plan: plan, context: context, offset: offset, anchor: anchor, selection: scene.selection)
  }

  /// The scroll view of a plan at a content offset (points), with its anchor and selection.
  static func scroll(
    plan: LayoutPlan, context: LayoutContext, offset: Double, anchor: ScrollAnchor?, selection: String?
  ) -> SceneSnapshot.Scroll? {
    guard let (layout, viewport, frame) = contentLayout(plan: plan, context: context) else { return nil }
    func onScreen(_ item: Rect) -> Rect {
      Rect(x: frame.x + item.x, y: frame.y + item.y - offset, width: item.width, height: item.height)
    }
    var visible: [(id: String, frame: Rect)] = []
    let bottom = offset + viewport.visibleHeight
    for index in layout.items.indices {
      let item = layout.frames[index]
      if item.maxY > offset && item.minY < bottom { visible.append((layout.items[index].id, onScreen(item))) }
    }
    return SceneSnapshot.Scroll(
      viewport: frame, offset: offset, contentHeight: layout.contentHeight, visibleItems: visible,
      anchor: anchor, anchorFrame: anchor.flatMap { layout.frame(of: $0.itemID) }.map(onScreen),
      selection: selection, selectionFrame: selection.flatMap { layout.frame(of: $0) }.map(onScreen))
  }

  /// The content laid out in the plan's scrolling element, as the replay lays it out.
  private static func contentLayout(plan: LayoutPlan, context: LayoutContext)
    -> (layout: ScrollLayout, viewport: ScrollViewport, frame: Rect)?
  {
    guard let element = plan.element(configuration.scrollElementID) else { return nil }
    let viewport = ScrollViewport(size: element.frame.size, layoutDirection: context.layoutDirection)
    let scrollConfiguration = configuration.content.configuration(
      columns: plan.columns, dynamicTypeSize: context.dynamicTypeSize)
    let layout = ScrollLayout(
      items: configuration.content.items, viewport: viewport, configuration: scrollConfiguration)
    return (layout, viewport, element.frame)
  }
}
