import FoldReplay
import FoldTrace
import LayoutCore
import Testing

/// The replay digest hashes a layout record in pieces; the pieces must make the exact record, an id that
/// needs escapes included.
@Suite struct JSONLinesPiecesTests {
  @Test(arguments: ["item-24", "a \"quoted\" row", "back\\slash", "tab\there", "기록 12", ""])
  func thePiecesMakeTheRecord(item: String) {
    var change = LayoutChange(
      scene: SceneID(3), time: 9_000_000_001, eventIndex: 41,
      context: LayoutContext(shape: .compactTall, size: Size(width: 390, height: 844)),
      plan: LayoutPlan(shape: .compactTall, presentation: .stack, columns: 1, elements: [], actions: []))
    change.anchorAfter = ScrollAnchor(itemID: item, offsetFromViewportTop: -3.5)
    var pieces: [String] = []
    ReplayJSONLines.layout(change, trace: "t \"1\".foldtrace") { pieces.append($0) }
    #expect(
      pieces.joined()
        == #"{"kind":"layout","trace":"t \"1\".foldtrace","t":9000000001,"scene":3,"event":41,"#
        + #""shape":"compactTall","presentation":"stack","columns":1,"anchor":{"item":"#
        + ReplayJSONLines.string(item) + #","offset":-3.5}}"#)
    #expect(
      ReplayJSONLines.layout(change, trace: nil)
        == pieces.joined().replacing(#","trace":"t \"1\".foldtrace""#, with: ""))
  }
}
