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
      ["--scene", ",", "duo.foldtrace"],
      ["--kind", " , ", "duo.foldtrace"],
      ["--from", "1.5ns", "duo.foldtrace"],
      ["--to", "0.0000001ms", "duo.foldtrace"],
      ["--from", "18446744073.709551616", "duo.foldtrace"],
      ["--to", "99999999999999999999ns", "duo.foldtrace"],
      [""],
    ])
    Golden.assert(text, named: "cat-usage-errors.txt")
    #expect(text.components(separatedBy: "[exit 2]").count == 18)
    // Each kind of bad time says what is wrong with it, not only that it is not a time.
    #expect(text.components(separatedBy: "is more precise than a nanosecond").count == 4)
    #expect(text.components(separatedBy: "is past the latest time a trace can hold").count == 3)
    #expect(text.components(separatedBy: "names nothing").count == 3)
  }

  @Test func timesReadExactlyUpToTheLargestOne() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let one = try fixture.run(["--from", "1", "duo.foldtrace"])
    #expect(one.status == 0 && one.lines.count > 1)
    // Zeros past the nanosecond change nothing; the largest time is a time, with nothing after it.
    for spelling in ["1.0000000000", "1000ms", "1000000000ns", "1.000000000s", "1000.000000ms"] {
      let same = try fixture.run(["--from", spelling, "duo.foldtrace"])
      #expect(same.status == 0 && same.text == one.text, "\(spelling)")
    }
    for largest in ["18446744073.709551615", "18446744073709551615ns"] {
      let last = try fixture.run(["--from", largest, "duo.foldtrace"])
      #expect(last.status == 0 && last.lines.count == 1 && last.stderr.isEmpty, "\(largest)")
    }
  }

  @Test func aSceneTheTraceLacksIsNotedNotSilent() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let absent = try fixture.run(["--scene", "9,1", "duo.foldtrace"])
    #expect(absent.status == 0)
    #expect(absent.stderr == "tracecat: note: duo.foldtrace: no scene 9 (its scenes: 1)\n")
    #expect(absent.text.contains("    1  "))
    let windowed = try fixture.run(["--scene", "7,8", "--from", "1", "duo.foldtrace"])
    #expect(windowed.status == 0)
    #expect(
      windowed.stderr
        == "tracecat: note: duo.foldtrace: no scenes 7, 8 from 1.000 s to the end (its scenes: 1)\n")
    let present = try fixture.run(["--scene", "1,-", "duo.foldtrace"])
    #expect(present.status == 0 && present.stderr.isEmpty)
    let plot = try fixture.run(["plot", "--scene", "3", "duo.foldtrace"])
    #expect(plot.status == 0)
    #expect(plot.stderr == "tracecat: note: duo.foldtrace: no scene 3 (its scenes: 1)\n")
    let export = try fixture.run(["export", "--chrome", "--scene", "3", "duo.foldtrace"])
    #expect(export.status == 0)
    #expect(export.stderr == "tracecat: note: duo.foldtrace: no scene 3 (its scenes: 1)\n")
  }
}
