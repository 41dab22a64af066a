import FoldTrace
import LayoutCore

/// Compares what an app drew with what its model plans: replays a recording's inputs through a
/// ``ReplayConfiguration`` (the team's own layout, animator and scroll model) and, at each recorded
/// `layout` event, holds the app's elements and decisions against the model's current plan for that scene
/// (<doc:ComparingWithTheModel>).
///
/// Feed events in trace order with ``receive(_:into:)`` (the replay's records go to your sink, so the
/// usual checks can run in the same pass) and read ``finish(into:)``; or call
/// ``compare(_:trace:configuration:tolerances:)``.
///
/// Per recorded layout, in the app's element order, then the plan's:
/// - an element both have whose frame differs by more than ``ComparisonTolerances/position`` in any of
///   x, y, width or height diverges ("the app put action.archive at [464, 716, 44, 44]; the policy says
///   [272, 716, 44, 44]");
/// - an element only the app recorded diverges; one only the plan has diverges when
///   ``ComparisonTolerances/requiresEveryPlanElement``;
/// - a recorded shape, presentation or column count that differs from the plan's diverges (a decision
///   the app did not record is not compared).
///
/// Per presented sample, each element the model animates too diverges when its frame is farther from the
/// model's presentation at the sample's time than ``ComparisonTolerances/position`` plus the model's
/// speed times ``ComparisonTolerances/presentedTiming`` (a snap, a slide where the model cross-fades).
/// Per scroll event with `anchorTop` after a recorded layout of its scene, the anchor item diverges when
/// the model keeps the same item more than ``ComparisonTolerances/anchor`` from the app's `anchorTop`.
///
/// A recorded layout of a scene the model has no plan for yet (no geometry) is not compared. When the
/// model lays a scene out again (a geometry, regions or traits event changed its plan) and the app
/// records no layout of that scene within ``ComparisonTolerances/settle``, the app's last layout is
/// compared with the model's plan as if recorded then (``Divergence/isStale``): an app that ignores a
/// fold is found too.
///
/// Every divergence is counted (``ModelComparisonResult/divergenceCount``); the first
/// ``divergenceLimit`` are kept, so an app that diverges on every event of a long recording costs no
/// more memory than one that diverges a hundred times.
///
/// - Complexity: O(e log e) per recorded layout of e elements, plus the replay's own cost.
public struct ModelComparison: Sendable {
  /// The trace's name, for the result.
  public let trace: String
  /// The limits.
  public let tolerances: ComparisonTolerances
  /// The most divergences kept, in trace order of their first layout (default 100, as `tracecat replay
  /// --compare` lists); all are counted.
  public let divergenceLimit: Int
  /// The replay of the recording's inputs.
  public private(set) var replayer: Replayer

  var layouts = 0
  var elements = 0
  var presented = 0
  /// The first ``divergenceLimit`` divergences.
  var divergences: [Divergence] = []
  /// Every divergence, kept or not.
  var divergenceCount = 0
  /// Per scene and subject, the index in ``divergences`` of a run still open, or ``unkept`` for a run
  /// past the limit: the subject diverged in the scene's last compared layout (or, for presented frames,
  /// the element's last compared sample).
  var open: [SceneID: [Divergence.Subject: Int]] = [:]
  /// The index ``open`` holds for a run that is counted but not kept.
  static let unkept = -1
  /// Scenes with a recorded layout since their last scroll event: their next anchored scroll is the
  /// app's measurement after the relayout.
  var laidOut: Set<SceneID> = []
  /// Each scene's last recorded layout, and the model's plan when it was last compared.
  var appLayouts: [SceneID: RecordedLayout] = [:]
  var comparedPlans: [SceneID: LayoutPlan?] = [:]
  /// Scenes whose model laid out again with no recorded layout since: when, and the event.
  var pending: [SceneID: (time: UInt64, index: Int)] = [:]

  /// Creates a comparison at the start of a trace.
  /// - Parameters:
  ///   - trace: The trace's name.
  ///   - configuration: The model: the team's layout, animator, scroll anchoring and content.
  ///   - tolerances: The limits.
  ///   - divergenceLimit: The most divergences kept (default 100, at least 0); all are counted.
  public init(
    trace: String, configuration: ReplayConfiguration, tolerances: ComparisonTolerances = .default,
    divergenceLimit: Int = 100
  ) {
    self.trace = trace
    self.tolerances = tolerances
    self.divergenceLimit = max(divergenceLimit, 0)
    self.replayer = Replayer(configuration: configuration)
  }

  /// Replays the next event into the model and, when it is a recorded `layout`, compares it.
  /// - Parameters:
  ///   - event: The next event in trace order (as ``Replayer/consume(_:into:)`` requires).
  ///   - sink: Receives the replay's records.
  public mutating func receive<Sink: ReplaySink>(_ event: TraceEvent, into sink: inout Sink) {
    let index = replayer.eventCount
    if case .scroll(let scene, _, let item?, let top?) = event.payload, laidOut.remove(scene) != nil {
      compareAnchor(item, top: top, scene: scene, at: max(replayer.time, event.time), index: index)
    }
    replayer.consume(event, into: &sink)
    comparePending(before: replayer.time)
    switch event.payload {
    case .layout(let scene, let layout):
      pending[scene] = nil
      compare(layout, scene: scene, at: replayer.time, index: index)
      appLayouts[scene] = layout
      comparedPlans[scene] = replayer.plan(for: scene)
      laidOut.insert(scene)
    case .geometry(let scene, _), .regions(let scene, _), .traits(let scene, _):
      // The model laid out again: the app has until the settle time to record a layout of its own.
      if appLayouts[scene] != nil, pending[scene] == nil, let plan = replayer.plan(for: scene),
        plan != comparedPlans[scene]
      {
        pending[scene] = (replayer.time, index)
      }
    case .presented(let scene, let elements):
      compare(elements, scene: scene, at: replayer.time, index: index)
    case .sceneDisconnected(let scene):
      open[scene] = nil
      laidOut.remove(scene)
      pending[scene] = nil
      appLayouts[scene] = nil
      comparedPlans[scene] = nil
    default: break
    }
  }

  /// Replays the next event, dropping the replay's records, and compares it.
  public mutating func receive(_ event: TraceEvent) {
    var discard = DiscardingSink()
    receive(event, into: &discard)
  }

  /// Ends the replay (animations settle into `sink`) and returns the comparison.
  public mutating func finish<Sink: ReplaySink>(into sink: inout Sink) -> ModelComparisonResult {
    comparePending(before: .max)
    replayer.finish(into: &sink)
    return result
  }

  /// Compares, for each scene whose model laid out again more than the settle time before `now` without
  /// a recorded layout since, the app's last layout with the model's plan.
  private mutating func comparePending(before now: UInt64) {
    for scene in pending.keys.sorted() {
      guard let change = pending[scene], now == .max || now - change.time > tolerances.settle,
        let layout = appLayouts[scene]
      else { continue }
      pending[scene] = nil
      compare(layout, scene: scene, at: change.time, index: change.index, recorded: false)
      comparedPlans[scene] = replayer.plan(for: scene)
    }
  }

  /// The comparison so far.
  public var result: ModelComparisonResult {
    var result = ModelComparisonResult(
      trace: trace, layouts: layouts, elements: elements, divergences: divergences,
      divergenceCount: divergenceCount)
    result.presented = presented
    return result
  }

  /// Compares a whole recording with the model.
  /// - Parameters:
  ///   - events: The recording's events, in order (from a trace or pasted JSON Lines).
  ///   - trace: A name for the result.
  ///   - configuration: The model.
  ///   - tolerances: The limits.
  /// - Returns: The comparison.
  /// - Complexity: O(n) in the events plus the replay's ticks.
  public static func compare(
    _ events: some Sequence<TraceEvent>, trace: String, configuration: ReplayConfiguration,
    tolerances: ComparisonTolerances = .default
  ) -> ModelComparisonResult {
    var comparison = ModelComparison(trace: trace, configuration: configuration, tolerances: tolerances)
    for event in events { comparison.receive(event) }
    var discard = DiscardingSink()
    return comparison.finish(into: &discard)
  }

  /// Compares a trace file with the model.
  /// - Parameters:
  ///   - path: The trace's path; the result names it by its file name.
  ///   - configuration: The model.
  ///   - tolerances: The limits.
  /// - Returns: The comparison.
  /// - Throws: `TraceError` when the trace cannot be read.
  public static func compare(
    path: String, configuration: ReplayConfiguration, tolerances: ComparisonTolerances = .default
  ) throws(TraceError) -> ModelComparisonResult {
    let reader = try TraceReader(path: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    var comparison = ModelComparison(trace: name, configuration: configuration, tolerances: tolerances)
    while let frame = try reader.nextFrame() {
      for event in frame.events { comparison.receive(event) }
    }
    var discard = DiscardingSink()
    return comparison.finish(into: &discard)
  }

  /// Compares a layout with the model's current plan: a recorded one as it arrives, or (`recorded`
  /// false) the app's last one when it recorded none after the model laid out again.
  private mutating func compare(
    _ layout: RecordedLayout, scene: SceneID, at time: UInt64, index: Int, recorded: Bool = true
  ) {
    guard let sceneIndex = replayer.state.index(of: scene),
      let plan = replayer.state.scenes[sceneIndex].derived.plan
    else { return }
    let context = replayer.state.scenes[sceneIndex].derived.context
    if recorded { layouts += 1 }
    var found: [Divergence] = []
    func diverge(_ subject: Divergence.Subject, app: String, model: String) {
      var divergence = Divergence(
        scene: scene, time: time, eventIndex: index, subject: subject, app: app, model: model,
        context: context)
      divergence.isStale = !recorded
      found.append(divergence)
    }
    func diverge(_ element: String, app: Rect?, model: Rect?) {
      var divergence = Divergence(
        scene: scene, time: time, eventIndex: index, element: element, app: app, model: model,
        context: context)
      divergence.isStale = !recorded
      found.append(divergence)
    }
    if let shape = layout.shape, shape != plan.shape.rawValue {
      diverge(.shape, app: shape, model: plan.shape.rawValue)
    }
    if let presentation = layout.presentation, presentation != plan.presentation.rawValue {
      diverge(.presentation, app: presentation, model: plan.presentation.rawValue)
    }
    if let columns = layout.columns, columns != plan.columns {
      diverge(.columns, app: String(columns), model: String(plan.columns))
    }
    var planned: [String: Rect] = [:]
    for element in plan.elements { planned[element.id] = element.frame }
    var recorded: Set<String> = []
    for element in layout.elements {
      recorded.insert(element.id)
      let app = Rect(
        x: element.frame.x, y: element.frame.y, width: element.frame.width, height: element.frame.height)
      guard let model = planned[element.id] else {
        diverge(element.id, app: app, model: nil)
        continue
      }
      elements += 1
      let distance = max(
        abs(app.x - model.x), abs(app.y - model.y), abs(app.width - model.width),
        abs(app.height - model.height))
      if !(distance <= tolerances.position) {
        diverge(element.id, app: app, model: model)
      }
    }
    if tolerances.requiresEveryPlanElement {
      for element in plan.elements where !recorded.contains(element.id) {
        diverge(element.id, app: nil, model: element.frame)
      }
    }
    // A new layout also ends every run of presented frames: the next move is a new divergence.
    record(found, scene: scene, at: time) { subject in
      if case .anchor = subject { return false }
      return true
    }
  }

  /// Adds what one comparison found: a subject that diverged in the scene's last comparison of its kind
  /// extends that run; one of the kind (`closes`) that agrees now closes its run.
  private mutating func record(
    _ found: [Divergence], scene: SceneID, at time: UInt64, closes: (Divergence.Subject) -> Bool
  ) {
    var runs = open[scene] ?? [:]
    var next = runs.filter { !closes($0.key) }
    for divergence in found {
      if let run = runs[divergence.subject] {
        if run != Self.unkept {
          divergences[run].layouts += 1
          divergences[run].lastTime = time
        }
        next[divergence.subject] = run
      } else {
        divergenceCount += 1
        if divergences.count < divergenceLimit {
          next[divergence.subject] = divergences.count
          divergences.append(divergence)
        } else {
          next[divergence.subject] = Self.unkept
        }
      }
    }
    runs = next
    open[scene] = runs
  }

  /// Compares a presented sample with the model's animation at its time.
  private mutating func compare(
    _ elements: [PresentedElement], scene: SceneID, at time: UInt64, index: Int
  ) {
    guard let sceneIndex = replayer.state.index(of: scene) else { return }
    let derived = replayer.state.scenes[sceneIndex].derived
    guard derived.plan != nil else { return }
    var model: [String: ElementPresentation] = [:]
    for presentation in derived.animator.presentations(at: time) { model[presentation.id] = presentation }
    let timing = Double(tolerances.presentedTiming) / 1e9
    var found: [Divergence] = []
    var compared: Set<String> = []
    for element in elements {
      guard let expected = model[element.id] else { continue }
      presented += 1
      compared.insert(element.id)
      let app = Rect(
        x: element.frame.x, y: element.frame.y, width: element.frame.width, height: element.frame.height)
      let frame = expected.frame
      let v = expected.velocity
      let speed = max(abs(v.x), abs(v.y), abs(v.width), abs(v.height))
      let distance = max(
        abs(app.x - frame.x), abs(app.y - frame.y), abs(app.width - frame.width),
        abs(app.height - frame.height))
      if !(distance <= tolerances.position + speed * timing) {
        found.append(
          Divergence(
            scene: scene, time: time, eventIndex: index, element: element.id, app: app, model: frame,
            presented: true, context: derived.context))
      }
    }
    record(found, scene: scene, at: time) { subject in
      if case .presented(let id) = subject { return compared.contains(id) }
      return false
    }
  }

  /// Compares the app's `anchorTop` after a relayout with where the model keeps the same item.
  private mutating func compareAnchor(
    _ item: String, top: Double, scene: SceneID, at time: UInt64, index: Int
  ) {
    guard let kept = replayer.scrollPosition(for: scene)?.anchor, kept.itemID == item else { return }
    let context = replayer.state.index(of: scene).flatMap { replayer.state.scenes[$0].derived.context }
    var found: [Divergence] = []
    if !(abs(top - kept.offsetFromViewportTop) <= tolerances.anchor) {
      found.append(
        Divergence(
          scene: scene, time: time, eventIndex: index, subject: .anchor(item), app: ReplayFormat.number(top),
          model: ReplayFormat.number(kept.offsetFromViewportTop), context: context))
    }
    record(found, scene: scene, at: time) { $0 == .anchor(item) }
  }
}
