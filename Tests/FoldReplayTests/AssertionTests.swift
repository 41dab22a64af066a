import FoldReplay
import FoldReplayTesting
import FoldTrace
import LayoutCore
import Testing
import XCTest

/// The assertions report at the caller's line under Swift Testing, and pass quietly when the promise holds.
@Suite struct AssertionTests {
  @Test func passingAssertionsRecordNothing() {
    let result = replay(.duoOpening)
    assertShapeTransitions(result, scene: SceneID(1), [.compactTall])
    assertShapeTransitions(result, scene: SceneID(2), [.regularWide, .regularWide])
    assertNoFlapping(result)
    assertScrollAnchorsPreserved(result)
    assertNoSnap(result)
    assertReservedRegionsAvoided(result)
    assertEvenColumnsOnFoldables(result)
    assertFeatureSetInvariant(result)
    assertScrollElementPlaced(result)
    assertContentIDsKnown(result)
    assertReplayPasses(result)
    assertReplayPasses(result, sourceLocation: #_sourceLocation)
  }

  @Test func failuresAreIssuesAtTheCallersLine() {
    let result = replay(.duoOpening)
    let line = #line + 2
    let failures = collectReportedFailures {
      assertShapeTransitions(result, scene: SceneID(2), [.regularTall])
    }
    #expect(failures.map(\.line) == [line])
    #expect(failures.first?.fileID.hasSuffix("/AssertionTests.swift") == true)
    #expect(failures.first?.message.contains("- regularTall") == true)
    #expect(failures.first?.message.contains("+ regularWide") == true)
  }

  @Test func helpersForwardTheirSourceLocation() {
    let result = replay(.duoOpening)
    func expectWideSecondScene(
      _ result: ReplayResult, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      assertShapeTransitions(result, scene: SceneID(2), [.regularTall], sourceLocation: sourceLocation)
    }
    let line = #line + 2
    let failures = collectReportedFailures {
      expectWideSecondScene(result)
    }
    #expect(failures.map(\.line) == [line])
    #expect(failures.first?.fileID.hasSuffix("/AssertionTests.swift") == true)
  }

  /// Each planted fault fails the assertion that runs its check, and every assertion that runs none of
  /// the checks it may fail passes: asserted on the pure results, so nothing is recorded.
  @Test(arguments: PlantedFault.all)
  func eachFaultFailsItsAssertionAndNoOther(_ fault: PlantedFault) throws {
    let script = try #require(
      TraceScript.all.first { _, script in
        replay(script, fault.configure(coreLayout)).summary.failures.contains { $0.check == fault.check }
      }
    ).1
    let result = replay(script, fault.configure(coreLayout))
    let assertion = ReplayAssertion.running(fault.check)
    let message = try #require(assertion.message(for: result))
    #expect(message.contains("[\(fault.check.rawValue)] "))
    #expect(message.contains("  Context: LayoutContext(shape: ."))
    #expect(message.contains("  Slice: tracecat slice --from "))
    let allowed = fault.alsoAllowed.union([fault.check])
    for other in ReplayAssertion.allCases
    where other != .replayPasses && other.checks.isDisjoint(with: allowed) {
      #expect(other.message(for: result) == nil, "\(other)")
    }
  }

  @Test func noSnapNeedsTheFrames() {
    let result = Replayer.replay(
      TraceScript.duoOpening.events, trace: "t", configuration: testConfiguration())
    #expect(ReplayAssertion.noSnap.message(for: result)?.contains("keepingFrames: true") == true)
  }
}

/// Under XCTest the same assertions report through `XCTFail(_:file:line:)`.
final class AssertionXCTests: XCTestCase {
  private var recorded: [(String, Int)] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    recorded.append((description, lineNumber))
  }

  func testFailuresGoThroughXCTFailAtTheCallersLine() {
    let result = replay(.duoOpening)
    let line = #line + 1
    assertShapeTransitions(result, scene: SceneID(2), [.regularTall])
    XCTAssertEqual(recorded.count, 1)
    XCTAssertEqual(recorded.first?.1, line)
    XCTAssertTrue(recorded.first?.0.contains("the shape sequence differs") ?? false)
    recorded = []
    assertReplayPasses(result)
    XCTAssertTrue(recorded.isEmpty)
  }
}
