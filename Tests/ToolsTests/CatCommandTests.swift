import FoldTrace
import Foundation
import Testing

/// `tracecat [cat]`: columns, JSON Lines, filters and their usage errors, against goldens.
@Suite struct CatCommandTests {
  @Test func columnsAndJSONOfAHandover() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    Golden.assert(
      try fixture.transcript([
        ["handover.foldtrace"], ["cat", "--json", "handover.foldtrace"],
      ]), named: "cat-handover.txt")
  }

  @Test func filtersByKindSceneAndTime() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    let text = try fixture.transcript([
      ["--kind", "geometry,regions", "handover.foldtrace"],
      ["-k", "sceneConnected", "-k", "sceneDisconnected", "--json", "handover.foldtrace"],
      ["--scene", "2", "--kind", "geometry", "handover.foldtrace"],
      ["--scene", "-", "--kind", "marker,dropped", "handover.foldtrace"],
      ["--kind", "hinge", "--from", "0.95", "--to", "1.0s", "handover.foldtrace"],
      ["--kind", "hinge", "--from", "1499999960ns", "--to", "1500ms", "handover.foldtrace"],
      ["--from", "2.25", "--to", "2.25", "handover.foldtrace"],
      ["--from", "9", "handover.foldtrace"],
    ])
    Golden.assert(text, named: "cat-filters.txt")
  }

  /// The filters agree with filtering the JSON Lines by hand, for every boundary the trace has.
  @Test func timeFiltersAreInclusiveAtBothEnds() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let events = TracecatFixture.handoverEvents()
    try fixture.trace("handover.foldtrace", events)
    for (from, to) in [(events[5].time, events[9].time), (1_000_000_000, 1_500_000_000), (0, 0)] {
      let result = try fixture.run(["--json", "--from", "\(from)ns", "--to", "\(to)ns", "handover.foldtrace"])
      #expect(result.status == 0)
      let decoded = try TraceJSONLines.decode(document: result.text).events
      #expect(decoded == events.filter { $0.time >= from && $0.time <= to }, "from \(from) to \(to)")
      #expect(!decoded.isEmpty)
    }
  }

  @Test func filterUsageErrorsNameTheNearestSpelling() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let text = try fixture.transcript([
      ["--kind", "geomtry", "duo.foldtrace"],
      ["--kind", "hinge,selction", "duo.foldtrace"],
      ["--kind", "zzz", "duo.foldtrace"],
      ["--scene", "one", "duo.foldtrace"],
      ["--from", "1.5x", "duo.foldtrace"],
      ["--from", "0.0000000001", "duo.foldtrace"],
      ["--from", "2", "--to", "1", "duo.foldtrace"],
      ["--sene", "1", "duo.foldtrace"],
      ["--follow", "-"],
      ["--follow", "duo.foldtrace", "duo.foldtrace"],
    ])
    Golden.assert(text, named: "cat-usage-errors.txt")
    #expect(text.components(separatedBy: "[exit 2]").count == 11)
  }
}
