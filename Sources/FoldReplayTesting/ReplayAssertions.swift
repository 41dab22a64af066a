import FoldReplay
import FoldTrace
import LayoutCore
import Testing

// Assertions over a replay, for Swift Testing and XCTest alike. Each runs the pure checks of
// ``ReplayAssertion`` and reports at most one issue — every failure grouped per check and element — at
// the caller's source location. Each comes twice: with `sourceLocation:` (Swift Testing helpers forward
// theirs), and with `fileID:filePath:line:column:` (XCTest helpers forward `#filePath` and `#line`); a
// call that passes neither takes the second, which reports under either library.

/// Asserts a scene's shape sequence (consecutive duplicates merged on both sides); a mismatch is reported
/// with a −/+ diff.
///
/// - Parameters:
///   - result: The replay.
///   - scene: The scene.
///   - expected: The shapes in order, for example `[.compactTall, .regularWide]`.
///   - sourceLocation: Where a failure is reported (default the caller's).
@_disfavoredOverload
public func assertShapeTransitions(
  _ result: ReplayResult, scene: SceneID, _ expected: [LayoutShape],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let failures = ReplayChecks.shapeTransitions(
    result.timeline.layoutChanges, scene: scene, expected: expected)
  guard !failures.isEmpty else { return }
  reportReplayFailure(report(failures, of: result), sourceLocation: sourceLocation)
}

/// Asserts a scene's shape sequence, reporting at `#filePath` and `#line` (XCTest helpers forward
/// theirs); see ``assertShapeTransitions(_:scene:_:sourceLocation:)``.
public func assertShapeTransitions(
  _ result: ReplayResult, scene: SceneID, _ expected: [LayoutShape],
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  let failures = ReplayChecks.shapeTransitions(
    result.timeline.layoutChanges, scene: scene, expected: expected)
  guard !failures.isEmpty else { return }
  reportReplayFailure(
    report(failures, of: result), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that every plan has the shape its recorded size classes and aspect ratio give, and that no
/// decision — shape, presentation, pane count, grid columns — flaps (held shorter than the minimum dwell
/// without the input moving back).
///
/// - Parameters:
///   - result: The replay.
///   - minimumDwell: The shortest time a decision may be held, in nanoseconds (default 250 ms).
///   - sourceLocation: Where a failure is reported (default the caller's).
@_disfavoredOverload
public func assertNoFlapping(
  _ result: ReplayResult, minimumDwell: UInt64 = ReplayTolerances.default.minimumDwell,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var tolerances = ReplayTolerances.default
  tolerances.minimumDwell = minimumDwell
  assert(.noFlapping, result, tolerances, at: .swiftTesting(sourceLocation))
}

/// ``assertNoFlapping(_:minimumDwell:sourceLocation:)``, reporting at `#filePath` and `#line`.
public func assertNoFlapping(
  _ result: ReplayResult, minimumDwell: UInt64 = ReplayTolerances.default.minimumDwell,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  var tolerances = ReplayTolerances.default
  tolerances.minimumDwell = minimumDwell
  assert(.noFlapping, result, tolerances, at: .file(fileID, filePath, line, column))
}

/// Asserts that across every relayout the scroll anchor kept its distance from the viewport's top within
/// `tolerance` points, except where anchoring promises nothing (anchor removed; offset clamped — then
/// exactly clamped; at the top — then still at the top).
///
/// - Parameters:
///   - result: The replay.
///   - tolerance: Points (default 1).
///   - sourceLocation: Where a failure is reported (default the caller's).
@_disfavoredOverload
public func assertScrollAnchorsPreserved(
  _ result: ReplayResult, tolerance: Double = 1, sourceLocation: SourceLocation = #_sourceLocation
) {
  var tolerances = ReplayTolerances.default
  tolerances.anchor = tolerance
  assert(.scrollAnchorsPreserved, result, tolerances, at: .swiftTesting(sourceLocation))
}

/// ``assertScrollAnchorsPreserved(_:tolerance:sourceLocation:)``, reporting at `#filePath` and `#line`.
public func assertScrollAnchorsPreserved(
  _ result: ReplayResult, tolerance: Double = 1,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  var tolerances = ReplayTolerances.default
  tolerances.anchor = tolerance
  assert(.scrollAnchorsPreserved, result, tolerances, at: .file(fileID, filePath, line, column))
}

/// Asserts the no-snap promises: continuity between ticks, retargets from the current value with the
/// velocity kept, rest exactly on target, at most the one crossing a bounce-0 spring allows, cross-fades
/// under Reduce Motion, and mid-drag no jump beyond the geometry's own change. The replay must have kept
/// its frames.
///
/// - Parameters:
///   - result: The replay, made with `keepingFrames: true`.
///   - tolerances: The limits (default: the and the seed's numbers).
///   - sourceLocation: Where a failure is reported (default the caller's).
@_disfavoredOverload
public func assertNoSnap(
  _ result: ReplayResult, tolerances: ReplayTolerances = .default,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  assert(.noSnap, result, tolerances, at: .swiftTesting(sourceLocation))
}

/// ``assertNoSnap(_:tolerances:sourceLocation:)``, reporting at `#filePath` and `#line`.
public func assertNoSnap(
  _ result: ReplayResult, tolerances: ReplayTolerances = .default,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  assert(.noSnap, result, tolerances, at: .file(fileID, filePath, line, column))
}

/// Asserts that at rest no interactive element intersects an active division or occlusion, and that no
/// interactive element was left out of a plan for want of room clear of them.
///
/// - Parameters:
///   - result: The replay.
///   - sourceLocation: Where a failure is reported (default the caller's).
@_disfavoredOverload
public func assertReservedRegionsAvoided(
  _ result: ReplayResult, sourceLocation: SourceLocation = #_sourceLocation
) {
  assert(.reservedRegionsAvoided, result, .default, at: .swiftTesting(sourceLocation))
}

/// ``assertReservedRegionsAvoided(_:sourceLocation:)``, reporting at `#filePath` and `#line`.
public func assertReservedRegionsAvoided(
  _ result: ReplayResult,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  assert(.reservedRegionsAvoided, result, .default, at: .file(fileID, filePath, line, column))
}

/// Asserts that a scene that can fold uses an even grid column count whenever it has more than one
/// column (LayoutCore's LayoutRules, "Folds and reserved regions").
///
/// - Parameters:
///   - result: The replay.
///   - sourceLocation: Where a failure is reported (default the caller's).
@_disfavoredOverload
public func assertEvenColumnsOnFoldables(
  _ result: ReplayResult, sourceLocation: SourceLocation = #_sourceLocation
) {
  assert(.evenColumnsOnFoldables, result, .default, at: .swiftTesting(sourceLocation))
}

/// ``assertEvenColumnsOnFoldables(_:sourceLocation:)``, reporting at `#filePath` and `#line`.
public func assertEvenColumnsOnFoldables(
  _ result: ReplayResult,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  assert(.evenColumnsOnFoldables, result, .default, at: .file(fileID, filePath, line, column))
}

/// Asserts that every plan offers the same actions, each on screen or in the overflow menu (HIG: never
/// change features by size).
///
/// - Parameters:
///   - result: The replay.
///   - sourceLocation: Where a failure is reported (default the caller's).
@_disfavoredOverload
public func assertFeatureSetInvariant(
  _ result: ReplayResult, sourceLocation: SourceLocation = #_sourceLocation
) {
  assert(.featureSetInvariant, result, .default, at: .swiftTesting(sourceLocation))
}

/// ``assertFeatureSetInvariant(_:sourceLocation:)``, reporting at `#filePath` and `#line`.
public func assertFeatureSetInvariant(
  _ result: ReplayResult,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  assert(.featureSetInvariant, result, .default, at: .file(fileID, filePath, line, column))
}

/// Asserts that every plan places the configured scrolling element
/// (`ReplayConfiguration.scrollElementID`).
///
/// - Parameters:
///   - result: The replay.
///   - sourceLocation: Where a failure is reported (default the caller's).
@_disfavoredOverload
public func assertScrollElementPlaced(
  _ result: ReplayResult, sourceLocation: SourceLocation = #_sourceLocation
) {
  assert(.scrollElementPlaced, result, .default, at: .swiftTesting(sourceLocation))
}

/// ``assertScrollElementPlaced(_:sourceLocation:)``, reporting at `#filePath` and `#line`.
public func assertScrollElementPlaced(
  _ result: ReplayResult,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  assert(.scrollElementPlaced, result, .default, at: .file(fileID, filePath, line, column))
}

/// Asserts that every anchor and selection event names an item the content model has, unless the
/// configuration expects unknown ids (`ReplayConfiguration.unknownContentIDsExpected`).
///
/// - Parameters:
///   - result: The replay.
///   - sourceLocation: Where a failure is reported (default the caller's).
@_disfavoredOverload
public func assertContentIDsKnown(_ result: ReplayResult, sourceLocation: SourceLocation = #_sourceLocation) {
  assert(.contentIDsKnown, result, .default, at: .swiftTesting(sourceLocation))
}

/// ``assertContentIDsKnown(_:sourceLocation:)``, reporting at `#filePath` and `#line`.
public func assertContentIDsKnown(
  _ result: ReplayResult,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  assert(.contentIDsKnown, result, .default, at: .file(fileID, filePath, line, column))
}

/// Asserts every promise at once, as `tracecat replay` checks them, with the given tolerances.
///
/// With kept frames every check is run again with `tolerances`; without them the replay's own summary is
/// used (its default tolerances).
///
/// - Parameters:
///   - result: The replay.
///   - tolerances: The limits (used when the replay kept its frames).
///   - sourceLocation: Where a failure is reported (default the caller's).
@_disfavoredOverload
public func assertReplayPasses(
  _ result: ReplayResult, tolerances: ReplayTolerances = .default,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  assert(.replayPasses, result, tolerances, at: .swiftTesting(sourceLocation))
}

/// ``assertReplayPasses(_:tolerances:sourceLocation:)``, reporting at `#filePath` and `#line`.
public func assertReplayPasses(
  _ result: ReplayResult, tolerances: ReplayTolerances = .default,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  assert(.replayPasses, result, tolerances, at: .file(fileID, filePath, line, column))
}

private func assert(
  _ assertion: ReplayAssertion, _ result: ReplayResult, _ tolerances: ReplayTolerances,
  at location: ReportLocation
) {
  guard let message = assertion.message(for: result, tolerances: tolerances) else { return }
  location.report(message)
}

private func report(_ failures: [ReplayFailure], of result: ReplayResult) -> String {
  ReplayFailureGroup.report(
    ReplayFailureGroup.groups(failures), total: failures.count, trace: result.summary.trace,
    tracePath: result.summary.tracePath)
}
