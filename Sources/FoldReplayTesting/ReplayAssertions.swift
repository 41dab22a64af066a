import FoldReplay
import FoldTrace
import LayoutCore

// Assertions over a replay, for Swift Testing and XCTest alike. Each runs the pure checks of
// ``ReplayChecks`` and reports every failure as its own issue at the caller's source location.

/// Asserts a scene's shape sequence (consecutive duplicates merged on both sides); a mismatch is reported
/// with a −/+ diff.
///
/// - Parameters:
///   - result: The replay.
///   - scene: The scene.
///   - expected: The shapes in order, for example `[.compactTall, .regularWide]`.
///   - fileID: The caller's `#fileID`, where a failure is reported.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
public func assertShapeTransitions(
  _ result: ReplayResult, scene: SceneID, _ expected: [LayoutShape],
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  report(
    ReplayChecks.shapeTransitions(result.timeline.layoutChanges, scene: scene, expected: expected),
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that every plan has the shape its recorded size classes and aspect ratio give, and that no
/// shape is held shorter than the minimum dwell unless the input crossed back.
///
/// - Parameters:
///   - result: The replay.
///   - minimumDwell: The shortest time a shape may be held, in nanoseconds (default 250 ms).
///   - fileID: The caller's `#fileID`, where a failure is reported.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
public func assertNoFlapping(
  _ result: ReplayResult, minimumDwell: UInt64 = ReplayTolerances.default.minimumDwell,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  var tolerances = ReplayTolerances.default
  tolerances.minimumDwell = minimumDwell
  report(
    ReplayChecks.failures(in: result.timeline.records, tolerances: tolerances, checks: [.shape, .flapping]),
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that across every relayout the scroll anchor kept its distance from the viewport's top within
/// `tolerance` points, except where anchoring promises nothing (anchor removed; offset clamped — then
/// exactly clamped; at the top — then still at the top).
///
/// - Parameters:
///   - result: The replay.
///   - tolerance: Points (default 1).
///   - fileID: The caller's `#fileID`, where a failure is reported.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
public func assertScrollAnchorsPreserved(
  _ result: ReplayResult, tolerance: Double = 1,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  var tolerances = ReplayTolerances.default
  tolerances.anchor = tolerance
  report(
    ReplayChecks.failures(in: result.timeline.records, tolerances: tolerances, checks: [.anchor]),
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts the no-snap promises: continuity between ticks, retargets from the current value with the
/// velocity kept, rest exactly on target, at most the one crossing a bounce-0 spring allows, and
/// cross-fades under Reduce Motion. The replay must have kept its frames.
///
/// - Parameters:
///   - result: The replay, made with `keepingFrames: true`.
///   - tolerances: The limits (default: the and the seed's numbers).
///   - fileID: The caller's `#fileID`, where a failure is reported.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
public func assertNoSnap(
  _ result: ReplayResult, tolerances: ReplayTolerances = .default,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  guard result.timeline.keepsFrames else {
    reportReplayFailure(
      "assertNoSnap needs the sampled frames: replay with keepingFrames: true.", fileID: fileID,
      filePath: filePath, line: line, column: column)
    return
  }
  report(
    ReplayChecks.failures(
      in: result.timeline.records, tolerances: tolerances,
      checks: [.frameJump, .retargetOrigin, .retargetVelocity, .endSnap, .overshoot, .crossFade]),
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that at rest no interactive element intersects an active division or occlusion, and that a
/// foldable scene's grid has an even column count.
///
/// - Parameters:
///   - result: The replay.
///   - fileID: The caller's `#fileID`, where a failure is reported.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
public func assertReservedRegionsAvoided(
  _ result: ReplayResult,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  report(
    ReplayChecks.failures(in: result.timeline.records, checks: [.reservedRegion, .evenColumns]),
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that every plan offers the same actions (HIG: never change features by size).
///
/// - Parameters:
///   - result: The replay.
///   - fileID: The caller's `#fileID`, where a failure is reported.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
public func assertFeatureSetInvariant(
  _ result: ReplayResult,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  report(
    ReplayChecks.failures(in: result.timeline.records, checks: [.featureSet]),
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts every promise at once, as `tracecat replay` checks them, with the given tolerances.
///
/// With kept frames every check is run again with `tolerances`; without them the replay's own summary is
/// used (its default tolerances, at most 20 failures per check).
///
/// - Parameters:
///   - result: The replay.
///   - tolerances: The limits (used when the replay kept its frames).
///   - fileID: The caller's `#fileID`, where a failure is reported.
///   - filePath: The caller's `#filePath`.
///   - line: The caller's `#line`.
///   - column: The caller's `#column`.
public func assertReplayPasses(
  _ result: ReplayResult, tolerances: ReplayTolerances = .default,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  let failures =
    result.timeline.keepsFrames
    ? ReplayChecks.failures(in: result.timeline.records, tolerances: tolerances) : result.summary.failures
  report(failures, fileID: fileID, filePath: filePath, line: line, column: column)
}

private func report(
  _ failures: [ReplayFailure], fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  for failure in failures {
    reportReplayFailure(failure.message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
