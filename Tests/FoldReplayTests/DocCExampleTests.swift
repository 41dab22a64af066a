import FoldReplay
import FoldReplayTesting
import FoldTrace
import Foundation
import LayoutCore
import ReferenceScreen
import Testing

/// The directories the DocC example names.
private let traces = Corpus.directory
private let goldens = Corpus.goldens

// The DocC examples, verbatim: `theCatalogsShowTheseExamples` holds the catalogs to this file.

@Test func openingTheDuoKeepsMyPlace() throws {
  var configuration = ReplayConfiguration(
    policy: ReferenceScreenLayout(), content: RecordListContent(),
    scrollElementID: ReferenceScreenLayout.scrollElementID)
  configuration.vocabulary = .referenceScreen
  let result = try Replayer.replay(
    path: traces + "/duo-open-external-to-internal.foldtrace", configuration: configuration,
    keepingFrames: true)
  assertShapeTransitions(result, scene: SceneID(1), [.compactTall])
  assertShapeTransitions(result, scene: SceneID(2), [.regularWide])
  assertNoFlapping(result)  // shape, presentation, pane count, columns
  assertScrollAnchorsPreserved(result)  // ±1 pt, except removed anchors and clamping
  assertNoSnap(result)  // needs keepingFrames: true
  assertReservedRegionsAvoided(result)
  assertEvenColumnsOnFoldables(result)
  assertFeatureSetInvariant(result)
  assertScrollElementPlaced(result)
  assertContentIDsKnown(result)
  assertGolden(result.summary.goldenText, at: goldens + "/duo-open-external-to-internal.txt")
}

func expectWideSecondScene(_ result: ReplayResult, sourceLocation: SourceLocation = #_sourceLocation) {
  assertShapeTransitions(result, scene: SceneID(2), [.regularWide], sourceLocation: sourceLocation)
}

@Suite struct DocCExampleTests {
  @Test func theHelperExamplePasses() throws {
    var configuration = testConfiguration()
    configuration.vocabulary = .referenceScreen
    let result = try Replayer.replay(
      path: Corpus.path("duo-open-external-to-internal.foldtrace"), configuration: configuration)
    expectWideSecondScene(result)
  }

  /// Every Swift code block of the DocC catalogs of FoldReplay and FoldReplayTesting appears in this
  /// file as written, so each one compiles and runs in the test run.
  @Test func theCatalogsShowTheseExamples() throws {
    let here = try String(contentsOfFile: #filePath, encoding: .utf8)
    let catalogs = [
      "Sources/FoldReplayTesting/FoldReplayTesting.docc/FoldReplayTesting.md",
      "Sources/FoldReplay/FoldReplay.docc/FoldReplay.md",
    ]
    var blocks = 0
    for catalog in catalogs {
      let text = try String(contentsOfFile: FileManagerPaths.packageRoot + "/" + catalog, encoding: .utf8)
      for block in Self.swiftBlocks(in: text) {
        blocks += 1
        #expect(here.contains(block), "\(catalog): an example that is not a test:\n\(block)")
      }
    }
    #expect(blocks == 2)
  }

  /// The bodies of the ```` ```swift ```` blocks of a Markdown text.
  static func swiftBlocks(in markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }
}
