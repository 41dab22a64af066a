import FoldTrace
import LayoutCore
import TestSupport
import Testing

@testable import FoldReplay

/// A summary keeps the first and last `ReplaySummary.historyEnds` of a scene's shape transitions and
/// decisions and counts the ones between, so a scene that flips shape millions of times is summarized
/// in constant memory; `check` lists the first `ReplaySummary.sceneLimit` scenes as `replay` does.
@Suite struct ShapeHistoryTests {
  /// The flips `range` as the shapes they lead to.
  static func shapes(_ range: Range<Int>) -> [LayoutShape] {
    range.map { $0.isMultiple(of: 2) ? .regularWide : .compactTall }
  }

  @Test func checkKeepsTheEndsOfAFlappingScenesShapesAndCountsTheRest() throws {
    let summary = RecordingChecker.check(
      FlippingScene.events(1_000, step: 10_000_000, recorded: true), trace: "flip")
    let scene = try #require(summary.scenes.first)
    #expect(summary.scenes.count == 1)
    #expect(scene.transitions.count == 100)
    #expect(scene.omittedTransitions == 900)
    #expect(scene.transitionCount == 1_000)
    #expect(scene.transitions.map(\.shape) == Self.shapes(0..<50) + Self.shapes(950..<1_000))
    // Flip i's layout is event 2 + 2i, at i × 10 ms.
    let kept = Array(0..<50) + Array(950..<1_000)
    #expect(scene.transitions.map(\.eventIndex) == kept.map { 2 + 2 * $0 })
    #expect(scene.transitions.map(\.time) == kept.map { UInt64($0) * 10_000_000 })
    #expect(summary.shapeSequence.contains("compactTall → …(+900)… → regularWide"))
  }

  /// Under the bound nothing is left out: 100 transitions are all listed.
  @Test func checkListsAHundredTransitionsWhole() throws {
    let summary = RecordingChecker.check(
      FlippingScene.events(100, step: 10_000_000, recorded: true), trace: "flip")
    let scene = try #require(summary.scenes.first)
    #expect(scene.transitions.map(\.shape) == Self.shapes(0..<100))
    #expect(scene.omittedTransitions == 0)
    #expect(!summary.shapeSequence.contains("…"))
  }

  @Test func replayKeepsTheEndsOfAFlappingScenesHistoryAndCountsTheRest() throws {
    let summary = Replayer.replay(
      FlippingScene.events(300, step: 10_000_000, recorded: false), trace: "flip",
      configuration: testConfiguration()
    ).summary
    let scene = try #require(summary.scenes.first)
    #expect(scene.transitions.map(\.shape) == Self.shapes(0..<50) + Self.shapes(250..<300))
    #expect(scene.omittedTransitions == 200)
    // Flip i is event 1 + i, at i × 10 ms.
    let kept = Array(0..<50) + Array(250..<300)
    #expect(scene.transitions.map(\.eventIndex) == kept.map { 1 + $0 })
    #expect(scene.timeline.map(\.eventIndex) == kept.map { 1 + $0 })
    #expect(scene.timeline.map(\.shape) == Self.shapes(0..<50) + Self.shapes(250..<300))
    #expect(scene.omittedTimeline == 200)
    let golden = summary.goldenText
    #expect(
      golden.contains(
        "  0.490 s  event 50  compactTall  stack  1 column\n  … 200 more changes\n"
          + "  2.500 s  event 251  regularWide  expanded  1 column\n"), "\(golden.prefix(3_000))")
    #expect(golden.components(separatedBy: "  event ").count - 1 == 100)
  }

  /// `check` lists the first `sceneLimit` scenes with a recorded shape and counts the rest; the scenes
  /// that left and are not listed are dropped from its connection order, which stays bounded.
  @Test func checkListsTheFirstScenesAndCountsTheRest() {
    let count = 3 * ReplaySummary.sceneLimit
    var checker = RecordingChecker(trace: "many")
    for event in PassingScenes.events(count) { checker.receive(event) }
    // At most twice the listed and connected scenes (10 001) between two compactions, not 30 000.
    #expect(checker.sceneOrder.count <= 2 * (ReplaySummary.sceneLimit + 1))
    let summary = checker.finish()
    #expect(summary.scenes.count == ReplaySummary.sceneLimit)
    #expect(summary.scenes.last?.scene == SceneID(UInt32(ReplaySummary.sceneLimit)))
    #expect(summary.unlistedScenes == 2 * ReplaySummary.sceneLimit)
    #expect(summary.sceneCount == count)
  }
}
