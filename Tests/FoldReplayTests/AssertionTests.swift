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
    assertFeatureSetInvariant(result)
    assertReplayPasses(result)
  }

  @Test func failuresAreIssuesAtTheCallersLine() {
    let result = replay(.duoOpening)
    let line = #line + 2
    withKnownIssue {
      assertShapeTransitions(result, scene: SceneID(2), [.regularTall])
    } matching: { issue in
      issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "AssertionTests.swift"
        && "\(issue)".contains("- regularTall") && "\(issue)".contains("+ regularWide")
    }
  }

  @Test(arguments: PlantedFault.all)
  func eachFaultTripsItsAssertion(_ fault: PlantedFault) {
    let script = TraceScript.all.first { name, script in
      replay(script, fault.configure(coreLayout)).summary.failures.contains { $0.check == fault.check }
    }!.1
    let result = replay(script, fault.configure(coreLayout))
    withKnownIssue {
      switch fault.check {
      case .shape, .flapping: assertNoFlapping(result)
      case .anchor: assertScrollAnchorsPreserved(result)
      case .frameJump, .retargetOrigin, .retargetVelocity, .endSnap, .overshoot, .crossFade:
        assertNoSnap(result)
      case .reservedRegion, .evenColumns: assertReservedRegionsAvoided(result)
      case .featureSet, .scrollElement, .unknownContentID: assertFeatureSetInvariant(result)
      }
    }
  }

  @Test func noSnapNeedsTheFrames() {
    let result = Replayer.replay(
      TraceScript.duoOpening.events, trace: "t", configuration: testConfiguration())
    withKnownIssue {
      assertNoSnap(result)
    } matching: {
      "\($0)".contains("keepingFrames: true")
    }
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
