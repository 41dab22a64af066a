import FoldTrace
import Foundation
import Testing

/// `diff --replay` and `plot --replay`: what the replay adds to diffs and pictures.
@Suite struct ReplayOverlayTests {
  /// A window whose whole area an occlusion covers from 0.1 s: no control has a place clear of it, so the
  /// reference screen leaves them out (`LayoutPlan.unplaced`) and the reservedRegion check fails at each
  /// relayout (0.1 s, 0.2 s, 0.21 s).
  static func occludedEvents() -> [TraceEvent] {
    func geometry(_ width: Double, _ h: UserInterfaceSizeClass) -> SceneGeometry {
      SceneGeometry(size: TraceSize(width: width, height: 600), horizontal: h, vertical: .regular)
    }
    let occlusion = ReservedRegion(
      kind: .occlusion, frame: TraceRect(x: 0, y: 0, width: 800, height: 600), isActive: true)
    return [
      TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .window, scale: 2)),
      TraceEvent(time: 0, .geometry(scene: SceneID(1), geometry(800, .regular))),
      TraceEvent(time: 100_000_000, .regions(scene: SceneID(1), [occlusion])),
      TraceEvent(time: 200_000_000, .geometry(scene: SceneID(1), geometry(400, .compact))),
      TraceEvent(time: 210_000_000, .geometry(scene: SceneID(1), geometry(800, .regular))),
      TraceEvent(time: 1_000_000_000, .marker("end")),
    ]
  }

  @Test func diffReplayShowsTheFirstDifferingLayoutChange() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.copyCorpus(["case-ipad-portrait.foldtrace", "case-ipad-landscape.foldtrace"])
    try fixture.trace("occluded.foldtrace", Self.occludedEvents())
    let text = try fixture.transcript([
      ["diff", "--replay", "case-ipad-portrait.foldtrace", "case-ipad-landscape.foldtrace"],
      ["diff", "--replay", "--json", "case-ipad-portrait.foldtrace", "case-ipad-landscape.foldtrace"],
      ["diff", "--replay", "case-ipad-portrait.foldtrace", "case-ipad-portrait.foldtrace"],
      ["diff", "--replay", "occluded.foldtrace", "case-ipad-landscape.foldtrace"],
    ])
    Golden.assert(text, named: "diff-replay.txt")
    #expect(text.contains("\"shape\":\"regularTall\"") && text.contains("\"shape\":\"regularWide\""))
  }

  @Test func plotReplayMarksAnchorDriftAndFailedChecks() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.copyCorpus(["duo-open-external-to-internal.foldtrace"])
    try fixture.trace("occluded.foldtrace", Self.occludedEvents())
    let failing = try fixture.run(["plot", "--replay", "occluded.foldtrace"])
    #expect(failing.status == 0)
    let outline = try SVGOutline(Data(failing.stdout))
    #expect(outline.groupClasses.contains("anchor-band") && outline.groupClasses.contains("failures-band"))
    let failureTitles = outline.titles.filter { $0.contains("(reservedRegion)") }
    #expect(failureTitles.count == 3, "one triangle per instant: 0.1 s, 0.2 s, 0.21 s")
    #expect(
      failureTitles.first?.hasPrefix(
        "Scene 1, event 2 at 0.100 s, element \"controls\": interactive elements have no place clear")
        == true,
      "\(failureTitles.first ?? "")")
    Golden.assert(failing.text, named: "plot-replay-occluded.svg")

    let duo = try fixture.run(["plot", "--replay", "duo-open-external-to-internal.foldtrace"])
    let drifts = try SVGOutline(Data(duo.stdout)).titles.filter { $0.hasPrefix("anchor drift") }
    #expect(
      drifts == [
        "anchor drift 0 pt at 3.515 s", "anchor drift 0 pt at 3.515 s", "anchor drift 0 pt at 3.864 s",
      ])
    let plain = try fixture.run(["plot", "duo-open-external-to-internal.foldtrace"])
    #expect(!plain.text.contains("anchor-band"))
    let fromStdin = try fixture.run(
      ["plot", "--replay", "-"], stdin: "duo-open-external-to-internal.foldtrace")
    #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
    #expect(
      fromStdin.text
        == duo.text.replacingOccurrences(
          of: ">duo-open-external-to-internal.foldtrace<", with: ">&lt;stdin&gt;<"))
  }
}
