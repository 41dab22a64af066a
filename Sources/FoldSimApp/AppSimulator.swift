import FoldReplay
import FoldSim
import FoldTrace
import LayoutCore
import ReferenceScreen

/// Plays "the app" of a scenario that asks for its output (``AppOutputSpec``): FoldSim's session is
/// replayed into the named layout (the reference screen) with LayoutCore's spring animator and scroll
/// model, and what that app would record is written between the system's events — a `layout` after each
/// layout pass that changed the plan, a `presented` sample of the elements that moved at each display
/// refresh while anything animates, and `anchorTop` on each scroll it measures.
///
/// Display-link realism, all drawn from the scenario's seed: refreshes at ``AppOutputSpec/rate``; each
/// sample's timestamp comes late after its vsync by up to ``AppOutputSpec/jitter`` (the presentation
/// values stay the vsync's, as a CADisplayLink callback reads them); a share
/// ``AppOutputSpec/dropRate`` of refreshes is dropped (never the one that comes to rest). A
/// ``AppOutputSpec/Fault`` makes the app misbehave in one known way.
///
/// Deterministic: the same scenario gives the same events.
public enum AppSimulator {
  /// The scenario's events with the app's output between them, in time order.
  /// - Parameter scenario: A scenario; without ``Scenario/appOutput`` its events are returned as they are.
  /// - Returns: The system's events and the app's, time non-decreasing, each app event after the system
  ///   event that caused it.
  /// - Throws: ``ScenarioError`` when the scenario cannot be played.
  /// - Complexity: O(n) in the events plus the refreshes sampled, all held in memory; ``play(_:_:)``
  ///   streams them instead.
  public static func events(for scenario: Scenario) throws(ScenarioError) -> [TraceEvent] {
    var all: [TraceEvent] = []
    try play(scenario) { batch in
      all.append(contentsOf: batch)
      return true
    }
    return all
  }

  /// Plays the scenario and hands the events ``events(for:)`` returns to `deliver`, in time order and in
  /// batches, as they are synthesized: each batch of the system's events (``Scenario/play(_:)``) is
  /// replayed into the app as it arrives and handed on with the app's output woven in, in pieces of about
  /// ``Scenario/eventBatch`` events. The app's events only ever follow the system event that caused them
  /// (or come before the next one), so the weave needs no lookahead: memory stays bounded by a batch and
  /// the app's state however long the session, however many of the app's events each system event
  /// causes (a hinge leg followed by a rest makes some 20 times as many as it publishes).
  ///
  /// - Parameters:
  ///   - scenario: A scenario; without ``Scenario/appOutput`` its events are handed on as they are.
  ///   - deliver: Takes the next events, in time order; returns false to stop playing.
  /// - Returns: False when `deliver` stopped the play, true when every event was delivered.
  /// - Throws: ``ScenarioError`` when the scenario cannot be played; the events before the failing step
  ///   have been delivered.
  /// - Complexity: O(n) time in the events plus the refreshes sampled; in memory, a batch of about
  ///   ``Scenario/eventBatch`` system events and about as many woven events, plus the app's output for
  ///   one system event (the refreshes until the next one, while anything animates).
  @discardableResult
  public static func play(
    _ scenario: Scenario, _ deliver: ([TraceEvent]) -> Bool
  ) throws(ScenarioError) -> Bool {
    guard let spec = scenario.appOutput else { return try scenario.play(deliver) }
    var app = AppRun(spec: spec, seed: scenario.seed)
    let played = try scenario.play { batch in app.play(batch, deliver) }
    guard played else { return false }
    let rest = app.finish()
    return rest.isEmpty || deliver(rest)
  }

  /// The trace `foldsim SCENARIO.json -o OUT` writes: ``events(for:)`` encoded under the scenario's
  /// header (format 1.1 when the scenario asks for the app's output).
  /// - Throws: ``ScenarioError`` as `Scenario.traceBytes()` does.
  /// - Complexity: O(events); the whole trace in memory (``writeTrace(for:_:observing:)`` streams it).
  public static func traceBytes(for scenario: Scenario) throws(ScenarioError) -> [UInt8] {
    var bytes: [UInt8] = []
    try writeTrace(for: scenario) { piece in
      bytes += piece
      return true
    }
    return bytes
  }

  /// Encodes the trace ``traceBytes(for:)`` returns, handing its bytes to `output` as its frames complete
  /// (the header first, the seek table last): the same bytes, in pieces, with memory bounded by a frame
  /// and a batch of events however long the session.
  ///
  /// - Parameters:
  ///   - scenario: The scenario to play.
  ///   - output: Takes the next bytes; returns false to stop, which leaves the trace incomplete.
  ///   - observe: Called with each event written, in order (for a summary).
  /// - Returns: False when `output` stopped it; true when the whole trace was handed over.
  /// - Throws: ``ScenarioError`` as `Scenario.writeTrace(_:observing:)` does.
  /// - Complexity: O(events) time.
  @discardableResult
  public static func writeTrace(
    for scenario: Scenario, _ output: ([UInt8]) -> Bool, observing observe: (TraceEvent) -> Void = { _ in }
  ) throws(ScenarioError) -> Bool {
    try scenario.writeTrace(
      playing: { deliver throws(ScenarioError) in try play(scenario, deliver) }, output, observing: observe)
  }

  /// The replay configuration of the app a spec names, its fault included.
  static func configuration(_ spec: AppOutputSpec) -> ReplayConfiguration {
    var policy: any LayoutPolicy = ReferenceScreenLayout()
    if spec.fault == .buttonOnFold { policy = CentredButtonLayout(base: policy) }
    var animator: any PlanAnimating = PlanAnimator()
    if spec.fault == .ignoreReduceMotion { animator = MotionBlindAnimator(base: animator) }
    return ReplayConfiguration(
      policy: policy, animator: animator, content: RecordListContent(),
      scrollElementID: ReferenceScreenLayout.scrollElementID, tickRate: spec.rate)
  }
}

/// What the replay reported for one event: the refreshes sampled before it, the layout changes after,
/// and the scenes it disconnected.
struct AppRecords: ReplaySink {
  var frames: [FrameSample] = []
  var changes: [LayoutChange] = []
  var disconnected: [SceneID] = []

  mutating func receive(_ record: ReplayRecord) {
    switch record {
    case .frame(let sample): frames.append(sample)
    case .layout(let change): changes.append(change)
    case .disconnected(let disconnection): disconnected.append(disconnection.scene)
    default: break
    }
  }
}

/// One run of the simulated app over a session, fed the system's events batch by batch.
struct AppRun {
  let spec: AppOutputSpec
  var random: SplitMix64
  var replayer: Replayer
  /// The events woven and not yet handed on by ``play(_:_:)`` and ``finish()``: fewer than
  /// ``Scenario/eventBatch`` plus one system event's share between calls.
  var output: [TraceEvent] = []
  /// The time of the last event written, in nanoseconds (0 before the first): the app's events are
  /// never stamped before it, so the output stays time non-decreasing across batches.
  var now: UInt64 = 0
  /// Per connected scene, each element's frame and opacity last recorded as presented (or placed at
  /// rest). A scene's entry goes when it disconnects: the replay holds nothing more of it, so it is
  /// sampled no more, and a scene that connects again starts afresh (FoldSim never reuses an id).
  var shown: [SceneID: [String: PresentedElement]] = [:]

  init(spec: AppOutputSpec, seed: UInt64) {
    self.spec = spec
    // The app's draws come from their own stream, so asking for the output leaves the system's events
    // exactly as they were.
    random = SplitMix64(seed: seed ^ 0x4150_505F_4F55_5450)
    replayer = Replayer(configuration: AppSimulator.configuration(spec))
  }

  /// Hands the next system events on to `deliver` with the app's output woven in: the refreshes sampled
  /// before each, the event itself (a scroll with the anchor's measured top), then the layout passes it
  /// caused. They go in pieces of at least ``Scenario/eventBatch`` events, each ending after a system
  /// event's share, and the last piece with the batch's last system event.
  /// - Returns: False when `deliver` stopped the play.
  /// - Complexity: O(n) in the batch plus the refreshes sampled.
  mutating func play(_ inputs: [TraceEvent], _ deliver: ([TraceEvent]) -> Bool) -> Bool {
    output.removeAll(keepingCapacity: true)
    for input in inputs {
      var records = AppRecords()
      replayer.consume(input, into: &records)
      present(records.frames, before: input.time)
      emit(measured(input))
      for change in records.changes { laidOut(change) }
      for scene in records.disconnected { shown[scene] = nil }
      if output.count >= Scenario.eventBatch {
        guard deliver(output) else { return false }
        output.removeAll(keepingCapacity: true)
      }
    }
    return output.isEmpty || deliver(output)
  }

  /// The refreshes sampled after the last system event, until everything has come to rest.
  mutating func finish() -> [TraceEvent] {
    output.removeAll(keepingCapacity: true)
    var records = AppRecords()
    replayer.finish(into: &records)
    present(records.frames, before: nil)
    return output
  }

  /// Writes an event, advancing ``now``.
  mutating func emit(_ event: TraceEvent) {
    output.append(event)
    now = event.time
  }

  /// A user scroll, with the anchor item's top as the app measured it after the scroll.
  func measured(_ input: TraceEvent) -> TraceEvent {
    guard case .scroll(let scene, let offset, let anchor?, nil) = input.payload,
      let position = replayer.scrollPosition(for: scene)?.anchor, position.itemID == anchor
    else { return input }
    return TraceEvent(
      time: input.time,
      .scroll(scene: scene, offset: offset, anchor: anchor, anchorTop: position.offsetFromViewportTop))
  }

  /// A layout pass that changed the plan: the `layout` event, and the anchor's place after it.
  mutating func laidOut(_ change: LayoutChange) {
    let plan = change.plan
    var presentation = plan.presentation.rawValue
    if spec.fault == .flapPanes, let threshold = spec.paneThreshold,
      change.context.size.width < threshold
    {
      presentation = Presentation.stack.rawValue
    }
    let elements = plan.elements.map { element in
      RecordedElement(id: element.id, frame: traceRect(element.frame), isInteractive: element.isInteractive)
    }
    emit(
      TraceEvent(
        time: now,
        .layout(
          scene: change.scene,
          RecordedLayout(
            shape: plan.shape.rawValue, presentation: presentation, columns: plan.columns,
            elements: elements))))
    var placed = shown[change.scene] ?? [:]
    for element in elements where placed[element.id] == nil {
      placed[element.id] = PresentedElement(id: element.id, frame: element.frame).quantized()
    }
    shown[change.scene] = placed
    guard case .kept = change.anchorOutcome, let after = change.anchorAfter else { return }
    var top = after.offsetFromViewportTop
    var offset = change.offsetAfter
    if spec.fault == .loseAnchor, change.handoverFrom != nil {
      // Back at the top of the content: the item is as far below the viewport's top as it was scrolled.
      top += offset
      offset = 0
    }
    let scroll = TraceEvent(
      time: now,
      .scroll(scene: change.scene, offset: TracePoint(x: 0, y: offset), anchor: after.itemID, anchorTop: top))
    emit(scroll)
    // The app's own scroll is an input of the model too: a lost anchor stays lost.
    var discard = DiscardingSink()
    replayer.consume(scroll, into: &discard)
  }

  /// The refreshes sampled before an event at `limit` (nil after the last): each a `presented` event
  /// of the elements that changed on screen, stamped late by the display link's jitter, some dropped.
  mutating func present(_ frames: [FrameSample], before limit: UInt64?) {
    for sample in frames {
      let dropped = random.unit() < spec.dropRate
      let late = spec.jitter == 0 ? 0 : random.next() % (spec.jitter + 1)
      if dropped && !sample.isSettled { continue }
      var placed = shown[sample.scene] ?? [:]
      var moved: [PresentedElement] = []
      for element in sample.elements {
        var frame = element.frame
        var opacity = element.opacity
        if spec.fault == .snap {
          frame = element.target
          opacity = 1
        }
        let presented = PresentedElement(id: element.id, frame: traceRect(frame), opacity: opacity)
          .quantized()
        if placed[element.id] != presented {
          moved.append(presented)
          placed[element.id] = presented
        }
      }
      shown[sample.scene] = placed
      guard !moved.isEmpty else { continue }
      var time = sample.time + late
      if let limit { time = min(time, limit) }
      emit(TraceEvent(time: max(time, now), .presented(scene: sample.scene, moved)))
    }
  }

  func traceRect(_ rect: Rect) -> TraceRect {
    TraceRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
  }
}
