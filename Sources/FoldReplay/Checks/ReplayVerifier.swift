import FoldTrace
import LayoutCore

/// Runs every replay check while the replay streams and builds the trace's ``ReplaySummary``.
///
/// Memory stays bounded: per scene and element state, the shape transitions, and at most
/// `failureLimit` failures per check (the rest are only counted).
public struct ReplayVerifier: ReplaySink {
  /// The limits applied.
  public let tolerances: ReplayTolerances
  private let failureLimit: Int
  private var shapeCheck = ShapeFollowsInputCheck()
  private var flapping: FlappingCheck
  private var anchor: AnchorCheck
  private var motion: MotionCheck
  private var planChecks = PlanChecks()
  private var digest = FNV1a64()
  /// Hashes frame samples into ``digest``, reusing what repeats from tick to tick.
  private var frameDigest = FrameDigest()
  private var kept: [ReplayCheck: Int] = [:]
  private var shapes: [ReplaySummary.SceneShapes] = []
  /// The events and failures so far; the other fields are filled in by ``summary``.
  private var tally: ReplaySummary

  /// The summary so far (complete after ``ReplayRecord/end(_:)``).
  ///
  /// Assembled when read, so the digest's hex string is not built at every record.
  public var summary: ReplaySummary {
    var summary = tally
    summary.scenes = shapes
    summary.maximumAnchorDrift = anchor.maximumDrift
    summary.maximumFrameJump = motion.maximumJump
    summary.digest = digest.hex
    return summary
  }

  /// Creates a verifier.
  ///
  /// - Parameters:
  ///   - trace: The trace's name, for the summary.
  ///   - tolerances: The limits to apply.
  ///   - failureLimit: Failures kept per check (default 20); all are counted.
  public init(trace: String, tolerances: ReplayTolerances = .default, failureLimit: Int = 20) {
    self.tolerances = tolerances
    self.failureLimit = failureLimit
    self.flapping = FlappingCheck(minimumDwell: tolerances.minimumDwell)
    self.anchor = AnchorCheck(tolerance: tolerances.anchor)
    self.motion = MotionCheck(tolerances: tolerances)
    self.tally = ReplaySummary(
      trace: trace, events: 0, scenes: [], maximumAnchorDrift: 0, maximumFrameJump: 0,
      digest: FNV1a64().hex, failures: [], failureCount: 0)
  }

  /// Checks one record.
  public mutating func receive(_ record: ReplayRecord) {
    // Each check reports through a closure written at its call: a closure kept in a local constant made
    // `found` a boxed variable, checked for exclusive access at run time at every record.
    var found: [ReplayFailure] = []
    switch record {
    case .evaluation(let evaluation):
      shapeCheck.observe(evaluation) { found.append($0) }
      planChecks.observe(evaluation) { found.append($0) }
    case .layout(let change):
      ReplayJSONLines.layout(change, trace: nil) { digest.combine($0) }
      digest.combine("\n")
      noteShape(change)
      flapping.observe(change) { found.append($0) }
      anchor.observe(change) { found.append($0) }
    case .retarget(let retarget):
      motion.observe(retarget) { found.append($0) }
    case .frame(let sample):
      frameDigest.combine(sample, into: &digest)
      motion.observe(sample) { found.append($0) }
    case .end(let end):
      motion.observe(end) { found.append($0) }
      tally.events = end.events
    }
    for failure in found {
      tally.failureCount += 1
      let count = kept[failure.check, default: 0]
      if count < failureLimit {
        kept[failure.check] = count + 1
        tally.failures.append(failure)
      }
    }
  }

  private mutating func noteShape(_ change: LayoutChange) {
    let transition = ReplaySummary.Transition(
      time: change.time, eventIndex: change.eventIndex, shape: change.shape)
    if let index = shapes.firstIndex(where: { $0.scene == change.scene }) {
      if shapes[index].transitions.last?.shape != change.shape {
        shapes[index].transitions.append(transition)
      }
    } else {
      let insertAt = shapes.firstIndex { $0.scene > change.scene } ?? shapes.count
      shapes.insert(.init(scene: change.scene, transitions: [transition]), at: insertAt)
    }
  }
}
