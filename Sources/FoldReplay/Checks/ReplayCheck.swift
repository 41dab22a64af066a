import FoldTrace
import LayoutCore

/// The promises a replay checks. Each failure names the one it broke.
public enum ReplayCheck: String, Sendable, Hashable, CaseIterable, Comparable {
  /// The plan's shape is the one the recorded size classes and aspect ratio give
  /// (LayoutCore's LayoutRules, "L1: shape and presentation"), or the expected sequence a test gave.
  case shape
  /// A decision of the plan — shape, presentation, pane count, grid columns (``PlanDecision``) — held for
  /// less than the minimum dwell while the input did not move back (``FlappingCheck``'s rules).
  case flapping
  /// The scroll anchor kept its distance from the viewport's top across a relayout (CSS Scroll
  /// Anchoring).
  case anchor
  /// No element moved farther in one tick than the spring could move it, and none snapped to its target
  /// (LayoutCore's Springs, "Plan animator"; LayoutRules, "Motion state"). While the user drags a window's
  /// size only a jump that follows the geometry change itself is exempt: a structural change (presentation,
  /// pane count, columns) waits for the drag's end or animates.
  case frameJump
  /// A retarget started each element at its current presentation value.
  case retargetOrigin
  /// A retarget kept each element's velocity.
  case retargetVelocity
  /// Animations came to rest exactly on their targets, within the settle limit.
  case endSnap
  /// A bounce-0 spring crossed its target at most once, and only when it already moved toward it faster
  /// than ω × distance.
  case overshoot
  /// With Reduce Motion on, moves were cross-fades, not slides or cuts
  /// (LayoutCore's LayoutRules, "Fold and resize motion").
  case crossFade
  /// At rest, no interactive element intersects an active division or occlusion
  /// (LayoutCore's LayoutRules, "Folds and reserved regions").
  case reservedRegion
  /// A layout that can fold uses an even grid column count (LayoutCore's LayoutRules, "Density from
  /// continuous width").
  case evenColumns
  /// Every presentation offers the same actions, each on screen or in the overflow menu (HIG: never
  /// change features by size; LayoutCore's LayoutRules, "L1: shape and presentation").
  case featureSet
  /// Every plan places the configured scrolling element (``ReplayConfiguration/scrollElementID``): a plan
  /// without it has no scroll view to anchor.
  case scrollElement
  /// Every anchor and selection event names an item the content model has, unless the configuration
  /// expects unknown ids (``ReplayConfiguration/unknownContentIDsExpected``).
  case unknownContentID

  public static func < (a: Self, b: Self) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// One broken promise, located in the trace.
public struct ReplayFailure: Sendable, Hashable, CustomStringConvertible {
  /// The promise broken.
  public var check: ReplayCheck
  /// The scene, when the failure belongs to one.
  public var scene: SceneID?
  /// The index of the event at or after which it happened, when known.
  public var eventIndex: Int?
  /// Trace time, in nanoseconds.
  public var time: UInt64
  /// The element concerned, if any.
  public var element: String?
  /// What was expected, in words or values.
  public var expected: String
  /// What happened.
  public var actual: String
  /// What went wrong, as a sentence without the location.
  public var summary: String
  /// A −/+ diff of expected vs actual, one line each, when the values are sequences.
  public var diff: [String]
  /// The decision concerned, for a ``ReplayCheck/flapping`` failure.
  public var decision: PlanDecision?
  /// The scene's layout context at the moment, when known: the input a unit test of the layout starts
  /// from (``LayoutContext/swiftLiteral``).
  public var context: LayoutContext?

  /// Creates a failure.
  public init(
    check: ReplayCheck, scene: SceneID?, eventIndex: Int?, time: UInt64, element: String? = nil,
    expected: String, actual: String, summary: String, diff: [String] = [], decision: PlanDecision? = nil,
    context: LayoutContext? = nil
  ) {
    self.check = check
    self.scene = scene
    self.eventIndex = eventIndex
    self.time = time
    self.element = element
    self.expected = expected
    self.actual = actual
    self.summary = summary
    self.diff = diff
    self.decision = decision
    self.context = context
  }

  /// The failure as a sentence: where (scene, event, trace time, element), what, expected vs actual.
  ///
  /// For example: `Scene 2, event 41 at 1.250 s, element "toolbar": jumped 212 pt in one tick
  /// (frameJump). Expected: at most 13.2 pt. Actual: 212 pt.` The element, the summary, expected,
  /// actual and each diff line may quote a trace's strings: their control characters are escaped
  /// (`\u001b`, `\n`, as `tracecat cat` shows them), so the message's only line breaks are its own, one
  /// before each diff line. The element is quoted to its first 64 Unicode scalars and its length, a
  /// quote or backslash in it escaped (`\"`, `\\`) (``DisplayText/quoted(_:)``); ``element`` holds it
  /// whole.
  public var message: String {
    let escaped = DisplayText.escaped
    var location: [String] = []
    if let scene { location.append("Scene \(scene)") }
    if let eventIndex { location.append("event \(eventIndex)") }
    var text = location.joined(separator: ", ")
    text += text.isEmpty ? "At " : " at "
    text += ReplayFormat.seconds(time)
    if let element { text += ", element \(DisplayText.quoted(element))" }
    if let decision, decision != .shape { text += ", \(decision.rawValue)" }
    text += ": \(escaped(summary)) (\(check.rawValue)). Expected: \(escaped(expected)). "
    text += "Actual: \(escaped(actual))."
    if !diff.isEmpty { text += "\n" + diff.map(escaped).joined(separator: "\n") }
    return text
  }

  public var description: String { message }
}

/// Limits the checks allow. The defaults are the and the seed's numbers.
public struct ReplayTolerances: Sendable, Equatable {
  /// How far the anchor may move relative to the viewport's top, in points (default 1).
  public var anchor: Double
  /// The shortest time a shape may be held, in nanoseconds (default 250 ms), unless the input crossed
  /// back too.
  public var minimumDwell: UInt64
  /// The duration of the spring layout moves use, in seconds: `.spring(duration: 0.4, bounce: 0)`
  /// (LayoutCore's LayoutRules, "Fold and resize motion"). Sets ω = 2π / duration for the frame-jump
  /// and overshoot bounds.
  public var springDuration: Double
  /// How close two positions must be to count as equal, in points (default 0.5, a pixel at 2×).
  public var position: Double
  /// How far beyond the scene's own size change an element may jump during an interactive resize and
  /// still count as following the geometry, in points (default 1, the animator's pixel-rounding slack).
  public var trackingSlack: Double
  /// How close two velocities must be to count as equal: absolute part in points per second (default 1)
  /// plus a relative part (default 1 %).
  public var velocity: Double
  /// The relative part of the velocity tolerance.
  public var relativeVelocity: Double

  /// Creates tolerances.
  public init(
    anchor: Double = 1, minimumDwell: UInt64 = 250_000_000, springDuration: Double = 0.4,
    position: Double = 0.5, velocity: Double = 1, relativeVelocity: Double = 0.01, trackingSlack: Double = 1
  ) {
    self.trackingSlack = trackingSlack
    self.anchor = anchor
    self.minimumDwell = minimumDwell
    self.springDuration = springDuration
    self.position = position
    self.velocity = velocity
    self.relativeVelocity = relativeVelocity
  }

  /// The spring's angular frequency ω = 2π / duration, in radians per second.
  public var omega: Double { 2 * Double.pi / springDuration }

  /// The default tolerances.
  public static let `default` = ReplayTolerances()
}
