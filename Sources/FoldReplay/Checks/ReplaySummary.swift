import FoldTrace
import LayoutCore

/// What one trace's replay came to: its shape transitions, the worst anchor drift and frame jump, the
/// digest of its output and the failures.
public struct ReplaySummary: Sendable, Equatable {
  /// A shape a scene took, and when.
  public struct Transition: Sendable, Equatable {
    /// Trace time, in nanoseconds.
    public var time: UInt64
    /// The event that caused it.
    public var eventIndex: Int
    /// The new shape.
    public var shape: LayoutShape

    /// Creates a transition.
    public init(time: UInt64, eventIndex: Int, shape: LayoutShape) {
      self.time = time
      self.eventIndex = eventIndex
      self.shape = shape
    }
  }

  /// The decisions a scene's plan carried from one moment on: shape, presentation and grid columns.
  public struct Decisions: Sendable, Equatable {
    /// Trace time, in nanoseconds.
    public var time: UInt64
    /// The event that caused them.
    public var eventIndex: Int
    /// The plan's shape.
    public var shape: LayoutShape
    /// The plan's presentation.
    public var presentation: Presentation
    /// The plan's grid column count.
    public var columns: Int

    /// Creates a scene's decisions.
    public init(
      time: UInt64, eventIndex: Int, shape: LayoutShape, presentation: Presentation, columns: Int
    ) {
      self.time = time
      self.eventIndex = eventIndex
      self.shape = shape
      self.presentation = presentation
      self.columns = columns
    }
  }

  /// One scene's shape transitions (consecutive duplicates merged), its decisions' timeline and its own
  /// worst numbers.
  ///
  /// Both histories are bounded: past 2 × ``ReplaySummary/historyEnds`` entries a list keeps its first
  /// and last ``ReplaySummary/historyEnds`` and counts the ones between (``omittedTransitions``,
  /// ``omittedTimeline``), so a scene whose shape flips millions of times is summarized in constant
  /// memory.
  public struct SceneShapes: Sendable, Equatable {
    /// The scene.
    public var scene: SceneID
    /// Its shapes in order: all of them, or the first and last ``ReplaySummary/historyEnds`` when
    /// ``omittedTransitions`` is not 0.
    public var transitions: [Transition]
    /// Every change of shape, presentation or columns, in order (consecutive duplicates merged): all of
    /// them, or the first and last ``ReplaySummary/historyEnds`` when ``omittedTimeline`` is not 0.
    public var timeline: [Decisions]
    /// Transitions left out of ``transitions`` between its first and last ``ReplaySummary/historyEnds``.
    public var omittedTransitions = 0
    /// Changes left out of ``timeline`` between its first and last ``ReplaySummary/historyEnds``.
    public var omittedTimeline = 0
    /// All the scene's transitions, listed or left out.
    public var transitionCount: Int { transitions.count + omittedTransitions }
    /// The largest |anchor drift| in this scene across a relayout where the anchor had to be kept, in
    /// points.
    public var maximumAnchorDrift: Double
    /// The largest movement of an element of this scene between two ticks or across a retarget, in
    /// points (as ``ReplaySummary/maximumFrameJump``).
    public var maximumFrameJump: Double
    /// The failures located in this scene.
    public var failureCount: Int

    /// Creates a scene's summary.
    public init(
      scene: SceneID, transitions: [Transition], timeline: [Decisions] = [], maximumAnchorDrift: Double = 0,
      maximumFrameJump: Double = 0, failureCount: Int = 0
    ) {
      self.scene = scene
      self.transitions = transitions
      self.timeline = timeline
      self.maximumAnchorDrift = maximumAnchorDrift
      self.maximumFrameJump = maximumFrameJump
      self.failureCount = failureCount
    }
  }

  /// How many entries each end of a scene's history keeps (``SceneShapes/transitions``,
  /// ``SceneShapes/timeline``): 50, so at most 100 are listed and the rest counted.
  public static let historyEnds = 50

  /// The trace's name (its file name).
  public var trace: String
  /// Events replayed.
  public var events: Int
  /// Scenes that were laid out, by id: the first ``sceneLimit`` laid out (later ones are counted in
  /// ``unlistedScenes``).
  public var scenes: [SceneShapes]
  /// Scenes laid out after ``sceneLimit`` others had been: counted, not listed in ``scenes``, so a trace
  /// of millions of scenes that come and go is summarized in memory that holds only the connected ones.
  /// Such a scene is counted at each connection it is laid out in (one that reconnects counts again).
  public var unlistedScenes: Int = 0
  /// The most scenes ``scenes`` lists: 10 000, far more than a session shows (an app has a few scenes
  /// at once, and reconnecting keeps a scene's id).
  public static let sceneLimit = 10_000
  /// The scenes laid out: ``scenes`` and ``unlistedScenes`` (exact unless a scene past the limit
  /// reconnected).
  public var sceneCount: Int { scenes.count + unlistedScenes }
  /// The largest |anchor drift| across a relayout where the anchor had to be kept, in points.
  public var maximumAnchorDrift: Double
  /// The largest movement of an element between two ticks or across a retarget, in points (elements
  /// tracking an interactive resize and Reduce Motion cross-fades excluded: neither is motion).
  public var maximumFrameJump: Double
  /// FNV-1a 64 of the replay's output, 16 hex digits: each `layout` JSON Lines record without the trace
  /// key and a newline, and each frame sample's numbers (``FNV1a64``'s frame hashing), in replay order.
  public var digest: String
  /// The failures kept (at most the verifier's limit per check), in trace order.
  public var failures: [ReplayFailure]
  /// All failures, including those not kept.
  public var failureCount: Int
  /// Every failure grouped per check and element (``ReplayFailureGroup``), in trace order of each
  /// group's first failure; at most 256 groups (failures of later groups only counted in
  /// ``failureCount``).
  public var failureGroups: [ReplayFailureGroup]
  /// The trace's path, for the slice commands of ``report``.
  public var tracePath: String
  /// Anchor and selection ids the trace named that the content model does not have (each event
  /// counted; ``ReplayCheck/unknownContentID``).
  public var unknownContentIDs: Int = 0

  /// Creates a summary.
  public init(
    trace: String, events: Int, scenes: [SceneShapes], maximumAnchorDrift: Double,
    maximumFrameJump: Double, digest: String, failures: [ReplayFailure], failureCount: Int,
    failureGroups: [ReplayFailureGroup] = [], tracePath: String = ""
  ) {
    self.failureGroups = failureGroups
    self.tracePath = tracePath
    self.trace = trace
    self.events = events
    self.scenes = scenes
    self.maximumAnchorDrift = maximumAnchorDrift
    self.maximumFrameJump = maximumFrameJump
    self.digest = digest
    self.failures = failures
    self.failureCount = failureCount
  }

  /// The failures as a report: per check and element the first in full, with its context literal and
  /// slice command, then how many more and between which times (``ReplayFailureGroup``); empty when the
  /// replay passed.
  public var report: String {
    ReplayFailureGroup.report(failureGroups, total: failureCount, trace: trace, tracePath: tracePath)
  }

  /// True when no check failed.
  public var passed: Bool { failureCount == 0 }

  /// The most groups ``failureGroups`` keeps; failures of later groups are only counted.
  static let groupLimit = 256

  /// Counts `failure` in ``failureCount``, adds it to its group of ``failureGroups`` (a new group only
  /// while fewer than ``groupLimit`` are kept) and keeps it in ``failures`` while fewer than `limit`
  /// failures of its check are kept: a check run's memory of failures stays bounded however many a trace
  /// brings.
  /// - Parameters:
  ///   - failure: The next failure, in trace order.
  ///   - limit: Failures kept per check.
  ///   - kept: The failures kept so far per check; updated.
  /// - Complexity: O(g) for the g groups kept.
  mutating func tally(_ failure: ReplayFailure, limit: Int, kept: inout [ReplayCheck: Int]) {
    failureCount += 1
    if let index = failureGroups.lastIndex(where: { $0.holds(failure) }) {
      failureGroups[index].add(failure)
    } else if failureGroups.count < Self.groupLimit {
      failureGroups.append(ReplayFailureGroup(failure))
    }
    let count = kept[failure.check, default: 0]
    if count < limit {
      kept[failure.check] = count + 1
      failures.append(failure)
    }
  }

  /// The shape sequences, one scene after another: `1: compactTall → regularWide; 2: regularTall`.
  public var shapeSequence: String {
    scenes.map { scene in
      var shapes = scene.transitions.map { "\($0.shape)" }
      if scene.omittedTransitions > 0 {
        shapes.insert("…(+\(scene.omittedTransitions))…", at: min(ReplaySummary.historyEnds, shapes.count))
      }
      return "\(scene.scene): " + shapes.joined(separator: " → ")
    }.joined(separator: "; ")
  }

  /// The golden summary text checked into `Tests/FoldReplayTests/__Goldens__/`, one fact a line so a diff
  /// reads as what changed: trace and events; per scene its timeline (time, event, shape, presentation,
  /// columns at each change of any of them), its maximum anchor drift and frame jump and its failures;
  /// the unknown content ids; the verdict with the first failures; the digest last.
  public var goldenText: String {
    var lines = ["trace: \(trace)", "events: \(events)"]
    for scene in scenes {
      lines.append("scene \(scene.scene):")
      for (index, entry) in scene.timeline.enumerated() {
        if index == Self.historyEnds, scene.omittedTimeline > 0 {
          lines.append("  … \(scene.omittedTimeline) more changes")
        }
        lines.append(
          "  \(ReplayFormat.seconds(entry.time))  event \(entry.eventIndex)  \(entry.shape)  "
            + "\(entry.presentation)  \(entry.columns) \(entry.columns == 1 ? "column" : "columns")")
      }
      lines.append("  max anchor drift: \(ReplayFormat.number(scene.maximumAnchorDrift)) pt")
      lines.append("  max frame jump: \(ReplayFormat.number(scene.maximumFrameJump)) pt")
      lines.append("  failures: \(scene.failureCount)")
    }
    if unlistedScenes > 0 { lines.append("scenes not listed: \(unlistedScenes)") }
    lines.append("unknown content ids: \(unknownContentIDs)")
    lines.append(
      "verdict: \(passed ? "pass" : "fail (\(failureCount) failure\(failureCount == 1 ? "" : "s"))")")
    for group in failureGroups.prefix(5) {
      lines.append("  [\(group.check.rawValue)] " + group.first.message.split(separator: "\n")[0])
      if group.count > 1 { lines.append("    … and \(group.count - 1) more") }
    }
    lines.append("digest: fnv1a64 \(digest)")
    return lines.joined(separator: "\n") + "\n"
  }

}

extension ReplaySummary.SceneShapes {
  /// Appends `transition` to ``transitions``, keeping the list bounded: once it holds the first
  /// ``ReplaySummary/historyEnds`` and 2 × ``ReplaySummary/historyEnds`` after them, the older half of
  /// those after them is counted in ``omittedTransitions`` and dropped. ``settle()`` trims the rest.
  /// - Complexity: O(1) amortized.
  mutating func append(_ transition: ReplaySummary.Transition) {
    Self.append(transition, to: &transitions, omitted: &omittedTransitions)
  }

  /// Appends `decisions` to ``timeline``, bounded as ``append(_:)-(ReplaySummary.Transition)``.
  /// - Complexity: O(1) amortized.
  mutating func append(_ decisions: ReplaySummary.Decisions) {
    Self.append(decisions, to: &timeline, omitted: &omittedTimeline)
  }

  /// Trims both histories to their first and last ``ReplaySummary/historyEnds`` entries when they hold
  /// more, counting what is dropped: the form a summary is read in.
  /// - Complexity: O(``ReplaySummary/historyEnds``).
  mutating func settle() {
    Self.settle(&transitions, omitted: &omittedTransitions)
    Self.settle(&timeline, omitted: &omittedTimeline)
  }

  private static func append<Entry>(_ entry: Entry, to list: inout [Entry], omitted: inout Int) {
    let ends = ReplaySummary.historyEnds
    list.append(entry)
    if list.count >= 4 * ends {
      list.removeSubrange(ends..<2 * ends)
      omitted += ends
    }
  }

  private static func settle<Entry>(_ list: inout [Entry], omitted: inout Int) {
    let ends = ReplaySummary.historyEnds
    guard list.count > 2 * ends else { return }
    let extra = list.count - 2 * ends
    list.removeSubrange(ends..<ends + extra)
    omitted += extra
  }
}
