import FoldTrace
import LayoutCore

/// Runs every replay check while the replay streams and builds the trace's ``ReplaySummary``, all but
/// its digest: the checks read records, never the output written from them (``ReplayDigest`` and
/// ``ReplayJSONLinesSink`` are sinks of their own).
///
/// Memory stays bounded: per connected scene and per moving element state, the summaries of at most
/// ``ReplaySummary/sceneLimit`` scenes (each keeping the ends of its shape transitions and decisions,
/// ``ReplaySummary/historyEnds``), and at most `failureLimit` failures per check (the rest are only
/// counted).
struct ReplayCheckRun: ReplaySink {
  /// The limits applied.
  let tolerances: ReplayTolerances
  private let failureLimit: Int
  private var shapeCheck = ShapeFollowsInputCheck()
  private var flapping: FlappingCheck
  private var anchor: AnchorCheck
  private var motion: MotionCheck
  private var planChecks: PlanChecks
  /// What the checks know of the app under test.
  let expectations: ReplayExpectations
  /// Per connected scene, what the motion check needs of the plans: the last plan laid out, the plan
  /// just evaluated and the scene size at the animator's last update (dropped when it disconnects).
  private var structures: [SceneStructure] = []
  /// Each scene's position in ``structures``.
  private var structureIndices: [SceneID: Int] = [:]
  private var kept: [ReplayCheck: Int] = [:]
  /// The most failure groups kept (``ReplaySummary/failureGroups``); later groups are only counted.
  static let groupLimit = ReplaySummary.groupLimit
  /// Per scene its shape transitions and decisions, in the order first laid out (sorted by scene when
  /// the summary is read): the first ``ReplaySummary/sceneLimit`` scenes laid out.
  private var shapes: [ReplaySummary.SceneShapes] = []
  /// Each scene's position in ``shapes``.
  private var shapeIndices: [SceneID: Int] = [:]
  /// The connected scenes laid out past ``ReplaySummary/sceneLimit``: counted once per connection
  /// (``ReplaySummary/unlistedScenes``), forgotten at their disconnect, so memory holds connected scenes
  /// only.
  private var unlisted: Set<SceneID> = []
  /// The events and failures so far; the other fields are filled in by ``summary``.
  private var tally: ReplaySummary

  /// The summary so far (complete after ``ReplayRecord/end(_:)``), with `digest` as its digest.
  ///
  /// Assembled when read.
  func summary(digest: String) -> ReplaySummary {
    var summary = tally
    summary.scenes = shapes.sorted { $0.scene < $1.scene }.map { scene in
      var scene = scene
      scene.settle()
      scene.maximumFrameJump = max(scene.maximumFrameJump, motion.maximumJump(of: scene.scene))
      return scene
    }
    summary.maximumAnchorDrift = anchor.maximumDrift
    summary.maximumFrameJump = motion.maximumJump
    summary.digest = digest
    return summary
  }

  /// Creates a run of every check; the parameters are ``ReplayVerifier``'s.
  init(
    trace: String, tracePath: String?, tolerances: ReplayTolerances, expectations: ReplayExpectations,
    failureLimit: Int
  ) {
    self.tolerances = tolerances
    self.expectations = expectations
    self.failureLimit = failureLimit
    self.flapping = FlappingCheck(minimumDwell: tolerances.minimumDwell, expectations: expectations)
    self.anchor = AnchorCheck(tolerance: tolerances.anchor)
    self.motion = MotionCheck(tolerances: tolerances)
    self.planChecks = PlanChecks(scrollElementID: expectations.scrollElementID)
    self.tally = ReplaySummary(
      trace: trace, events: 0, scenes: [], maximumAnchorDrift: 0, maximumFrameJump: 0,
      digest: "", failures: [], failureCount: 0, tracePath: tracePath ?? trace)
  }

  /// Checks one record.
  mutating func receive(_ record: ReplayRecord) {
    // Each check reports through a closure written at its call: a closure kept in a local constant made
    // `found` a boxed variable, checked for exclusive access at run time at every record.
    var found: [ReplayFailure] = []
    switch record {
    case .evaluation(let evaluation):
      let index = structureIndex(evaluation.scene)
      structures[index].evaluated = evaluation.plan
      structures[index].size = evaluation.context.size
      structures[index].context = evaluation.context
      structures[index].retargeted = false
      shapeCheck.observe(evaluation) { found.append($0) }
      planChecks.observe(evaluation) { found.append($0) }
    case .layout(let change):
      let index = structureIndex(change.scene)
      // A new plan without a retarget is a scene's first: its animator was placed at rest there.
      if !structures[index].retargeted, structures[index].laidOut != change.plan {
        structures[index].animatedSize = change.context.size
      }
      structures[index].laidOut = change.plan
      structures[index].retargeted = false
      flapping.observe(change) { found.append($0) }
      let drift = anchor.observe(change) { found.append($0) }
      noteShape(change, anchorDrift: drift)
    case .retarget(let retarget):
      let index = structureIndex(retarget.scene)
      let structure = structures[index]
      var geometryChange = 0.0
      if let old = structure.animatedSize, let new = structure.size {
        geometryChange = abs(new.width - old.width) + abs(new.height - old.height)
      }
      var structural: String?
      if let old = structure.laidOut, let new = structure.evaluated {
        structural = structuralChange(from: old, to: new)
      }
      motion.observe(retarget, geometryChange: geometryChange, structuralChange: structural) {
        found.append($0)
      }
      structures[index].animatedSize = structure.size
      structures[index].retargeted = true
    case .frame(let sample):
      motion.observe(sample) { found.append($0) }
    case .unknownContentID(let unknown):
      tally.unknownContentIDs += 1
      if !expectations.unknownContentIDsExpected {
        found.append(
          ReplayFailure(
            check: .unknownContentID, scene: unknown.scene, eventIndex: unknown.eventIndex,
            time: unknown.time, element: unknown.id,
            expected: "an item of the content model (or unknownContentIDsExpected in the configuration)",
            actual: "no item \(DisplayText.quoted(unknown.id))",
            summary:
              "the trace's \(unknown.kind.rawValue) names an item the content model does not have, so the "
              + "replay \(unknown.kind == .anchor ? "kept the recorded offset" : "selected nothing")"))
      }
    case .disconnected(let disconnection):
      forget(disconnection.scene)
    case .end(let end):
      motion.observe(end) { found.append($0) }
      tally.events = end.events
    }
    for var failure in found {
      if let scene = failure.scene {
        if failure.context == nil, let index = structureIndices[scene] {
          failure.context = structures[index].context
        }
        if let index = shapeIndices[scene] { shapes[index].failureCount += 1 }
      }
      tally.tally(failure, limit: failureLimit, kept: &kept)
    }
  }

  /// The position of `scene`'s structure in ``structures``, added when new.
  private mutating func structureIndex(_ scene: SceneID) -> Int {
    if let index = structureIndices[scene] { return index }
    structures.append(SceneStructure(scene: scene))
    structureIndices[scene] = structures.count - 1
    return structures.count - 1
  }

  /// Forgets what the checks keep of a scene that disconnected (its plans, flapping runs and element
  /// tracks), so memory holds the connected scenes' state, however many scenes come and go; its summary
  /// stays. If it connects again, it is checked as a new scene, as the replay lays it out afresh.
  /// - Complexity: O(m) for the m connected scenes in motion.
  private mutating func forget(_ scene: SceneID) {
    flapping.forget(scene)
    unlisted.remove(scene)
    let jump = motion.forget(scene)
    if let index = shapeIndices[scene] {
      shapes[index].maximumFrameJump = max(shapes[index].maximumFrameJump, jump)
    }
    guard let index = structureIndices.removeValue(forKey: scene) else { return }
    let last = structures.count - 1
    if index != last {
      structures.swapAt(index, last)
      structureIndices[structures[index].scene] = index
    }
    structures.removeLast()
  }

  /// The structural decisions (presentation, pane count, columns) `new` changes from `old`, in words, or
  /// nil when it changes none.
  private func structuralChange(from old: LayoutPlan, to new: LayoutPlan) -> String? {
    var changes: [String] = []
    if old.presentation != new.presentation {
      changes.append("presentation \(old.presentation) → \(new.presentation)")
    }
    let (oldPanes, newPanes) = (expectations.paneCount(of: old), expectations.paneCount(of: new))
    if oldPanes != newPanes { changes.append("pane count \(oldPanes) → \(newPanes)") }
    if old.columns != new.columns { changes.append("columns \(old.columns) → \(new.columns)") }
    return changes.isEmpty ? nil : changes.joined(separator: ", ")
  }

  private mutating func noteShape(_ change: LayoutChange, anchorDrift: Double?) {
    let transition = ReplaySummary.Transition(
      time: change.time, eventIndex: change.eventIndex, shape: change.shape)
    let decisions = ReplaySummary.Decisions(
      time: change.time, eventIndex: change.eventIndex, shape: change.shape,
      presentation: change.presentation, columns: change.columns)
    let index: Int
    if let found = shapeIndices[change.scene] {
      index = found
      if shapes[index].transitions.last?.shape != change.shape {
        shapes[index].append(transition)
      }
      if let last = shapes[index].timeline.last, last.shape == change.shape,
        last.presentation == change.presentation, last.columns == change.columns
      {
      } else {
        shapes[index].append(decisions)
      }
    } else {
      guard shapes.count < ReplaySummary.sceneLimit else {
        if unlisted.insert(change.scene).inserted { tally.unlistedScenes += 1 }
        return
      }
      index = shapes.count
      var scene = ReplaySummary.SceneShapes(scene: change.scene, transitions: [transition])
      scene.timeline = [decisions]
      shapes.append(scene)
      shapeIndices[change.scene] = index
    }
    if let drift = anchorDrift {
      shapes[index].maximumAnchorDrift = max(shapes[index].maximumAnchorDrift, abs(drift))
    }
  }

}

/// What the verifier remembers of one scene's plans for the motion check.
private struct SceneStructure {
  var scene: SceneID
  /// The last plan laid out.
  var laidOut: LayoutPlan?
  /// The plan of the latest evaluation.
  var evaluated: LayoutPlan?
  /// The scene size of the latest evaluation, in points.
  var size: Size?
  /// The context of the latest evaluation: the one a failure in the scene is reported with.
  var context: LayoutContext?
  /// The scene size at the animator's last update, in points.
  var animatedSize: Size?
  /// True between a retarget and the layout record that follows it.
  var retargeted = false

  init(scene: SceneID) { self.scene = scene }
}
