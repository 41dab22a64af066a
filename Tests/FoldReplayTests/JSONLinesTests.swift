import FoldReplay
import FoldTrace
import LayoutCore
import Testing

/// The `tracecat replay --json` records are a public contract: their exact bytes.
@Suite struct JSONLinesTests {
  @Test func layoutFrameAndSummaryRecordsKeepTheirNames() {
    var change = LayoutChange(
      scene: SceneID(2), time: 1_216_000_000, eventIndex: 7,
      context: LayoutContext(shape: .regularWide, size: Size(width: 1180, height: 820)),
      plan: LayoutPlan(shape: .regularWide, presentation: .expanded, columns: 4, elements: [], actions: []))
    change.anchorAfter = ScrollAnchor(itemID: "item-24", offsetFromViewportTop: 12.25)
    #expect(
      ReplayJSONLines.layout(change, trace: "duo.foldtrace")
        == #"{"kind":"layout","trace":"duo.foldtrace","t":1216000000,"scene":2,"event":7,"#
        + #""shape":"regularWide","presentation":"expanded","columns":4,"anchor":{"item":"item-24","offset":12.25}}"#
    )
    change.anchorAfter = nil
    #expect(ReplayJSONLines.layout(change, trace: nil).hasSuffix(#""columns":4,"anchor":null}"#))
    #expect(!ReplayJSONLines.layout(change, trace: nil).contains("trace"))

    let sample = FrameSample(
      scene: SceneID(2), time: 1_225_000_000, eventIndex: 7,
      elements: [
        ElementPresentation(
          id: "toolbar", frame: Rect(x: 590.5, y: 0, width: 300, height: 44),
          target: Rect(x: 610, y: 0, width: 300, height: 44), velocity: .zero, opacity: 1, phase: .present,
          outgoing: nil, isSettled: false)
      ], isSettled: false, reduceMotion: false, isInteractivelyResizing: false)
    #expect(
      ReplayJSONLines.frames(sample, trace: "duo.foldtrace")
        == [
          #"{"kind":"frame","trace":"duo.foldtrace","t":1225000000,"scene":2,"element":"toolbar","#
            + #""frame":[590.5,0,300,44],"target":[610,0,300,44],"opacity":1}"#
        ])

    let summary = ReplaySummary(
      trace: "a \"b\".foldtrace", events: 12, scenes: [], maximumAnchorDrift: 0, maximumFrameJump: 0,
      digest: "0", failures: [], failureCount: 0)
    #expect(
      ReplayJSONLines.summary(summary)
        == #"{"kind":"summary","trace":"a \"b\".foldtrace","events":12,"verdict":"pass","failures":[]}"#)
  }
}

/// A replay with one failure says so in the singular.
@Suite struct ReplaySummarySingularTests {
  @Test func oneFailureIsOneFailure() {
    let summary = ReplaySummary(
      trace: "t.foldtrace", events: 1, scenes: [], maximumAnchorDrift: 0, maximumFrameJump: 0, digest: "0",
      failures: [], failureCount: 1)
    #expect(summary.goldenText.contains("verdict: fail (1 failure)\n"), "\(summary.goldenText)")
  }
}
