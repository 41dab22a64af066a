import FoldReplay
import FoldTrace
import LayoutCore

/// The promises one assertion checks, as a pure function of a replay: what `assertNoSnap(_:)` and its
/// siblings report, computed without recording anything (for tests of the checks themselves, and for
/// tools that want the text).
public enum ReplayAssertion: String, Sendable, CaseIterable {
  /// ``assertNoFlapping(_:minimumDwell:sourceLocation:)``: shape follows the input, no decision flaps.
  case noFlapping
  /// ``assertScrollAnchorsPreserved(_:tolerance:sourceLocation:)``.
  case scrollAnchorsPreserved
  /// ``assertNoSnap(_:tolerances:sourceLocation:)``: every motion check.
  case noSnap
  /// ``assertReservedRegionsAvoided(_:sourceLocation:)``.
  case reservedRegionsAvoided
  /// ``assertEvenColumnsOnFoldables(_:sourceLocation:)``.
  case evenColumnsOnFoldables
  /// ``assertFeatureSetInvariant(_:sourceLocation:)``.
  case featureSetInvariant
  /// ``assertScrollElementPlaced(_:sourceLocation:)``.
  case scrollElementPlaced
  /// ``assertContentIDsKnown(_:sourceLocation:)``.
  case contentIDsKnown
  /// ``assertReplayPasses(_:tolerances:sourceLocation:)``: every check.
  case replayPasses

  /// The checks the assertion runs.
  public var checks: Set<ReplayCheck> {
    switch self {
    case .noFlapping: [.shape, .flapping]
    case .scrollAnchorsPreserved: [.anchor]
    case .noSnap: [.frameJump, .retargetOrigin, .retargetVelocity, .endSnap, .overshoot, .crossFade]
    case .reservedRegionsAvoided: [.reservedRegion]
    case .evenColumnsOnFoldables: [.evenColumns]
    case .featureSetInvariant: [.featureSet]
    case .scrollElementPlaced: [.scrollElement]
    case .contentIDsKnown: [.unknownContentID]
    case .replayPasses: Set(ReplayCheck.allCases)
    }
  }

  /// The assertion that runs `check` (other than ``replayPasses``, which runs them all).
  public static func running(_ check: ReplayCheck) -> ReplayAssertion {
    allCases.first { $0 != .replayPasses && $0.checks.contains(check) } ?? .replayPasses
  }

  /// Every failure of the assertion's checks in `result`, in trace order.
  ///
  /// With kept frames (or for checks that need none) the checks run again over the timeline with
  /// `tolerances`; ``replayPasses`` without frames takes the replay's own summary.
  ///
  /// - Complexity: O(n) in the timeline's records.
  public func failures(in result: ReplayResult, tolerances: ReplayTolerances = .default) -> [ReplayFailure] {
    if self == .replayPasses, !result.timeline.keepsFrames { return result.summary.failures }
    return ReplayChecks.failures(
      in: result.timeline.records, tolerances: tolerances, expectations: result.expectations,
      checks: checks)
  }

  /// The assertion's one issue for `result`, or nil when it passes: the failures grouped per check and
  /// element, each group's first in full with its context literal and slice command
  /// (``ReplayFailureGroup/report(_:total:trace:tracePath:limit:)``).
  public func message(for result: ReplayResult, tolerances: ReplayTolerances = .default) -> String? {
    if self == .noSnap, !result.timeline.keepsFrames {
      return "assertNoSnap needs the sampled frames: replay with keepingFrames: true."
    }
    if self == .replayPasses, !result.timeline.keepsFrames {
      let summary = result.summary
      return summary.passed ? nil : summary.report
    }
    let failures = failures(in: result, tolerances: tolerances)
    guard !failures.isEmpty else { return nil }
    return ReplayFailureGroup.report(
      ReplayFailureGroup.groups(failures), total: failures.count, trace: result.summary.trace,
      tracePath: result.summary.tracePath)
  }
}
