import FoldTrace
import Foundation
import Testing

/// `tracecat` on the shipped corpus (`Traces/`, FoldSim's traces), against goldens: what a developer
/// sees on real-looking sessions. Regenerating the corpus changes these goldens on purpose.
@Suite struct CorpusTests {
  static let duo = "duo-open-external-to-internal.foldtrace"
  static let resize = "var-ipad-resize-five-shapes.foldtrace"
  static let day = "long-duo-day.foldtrace"

  @Test func theCorpusIsThere() {
    #expect(Corpus.names.count >= 30, "\(Corpus.directory.path)")
    #expect(Corpus.names.contains(Self.duo))
  }

  @Test func everyCorpusTraceVerifiesAndSummarizes() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.copyCorpus(Corpus.names)
    let verify = try fixture.run(["verify"] + Corpus.names)
    #expect(verify.status == 0)
    #expect(verify.lines.count == Corpus.names.count + 1)
    #expect(
      verify.lines.last
        == "total: \(Corpus.names.count) traces, \(Corpus.names.count) valid, 0 recoverable, 0 failed")
    let stats = try fixture.run(["stats", "--json"] + Corpus.names)
    #expect(stats.status == 0)
    #expect(stats.stderr.isEmpty)
    Golden.assert(verify.text + "\n" + stats.text, named: "corpus-verify-stats.txt")
    // Every scene that reported geometry visited at least one shape; drops and damage are absent.
    for line in stats.lines {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["closed"] as? String == "cleanly")
      #expect(object["dropped"] as? Int == 0)
    }
  }

  @Test func catStatsAndFiltersOnTheDuoOpening() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.copyCorpus([Self.duo, Self.day])
    Golden.assert(
      try fixture.transcript([
        ([Self.duo], nil),
        (["stats", Self.duo], nil),
        (["--kind", "sceneConnected,sceneDisconnected,regions,marker", Self.duo], nil),
        (["-k", "geometry", "-s", "2", "--json", Self.duo], nil),
        (["--kind", "marker,sceneConnected", "--from", "300", "--to", "360s", Self.day], nil),
        (["stats", "-"], Self.day),
      ]), named: "corpus-duo.txt")
  }

  @Test func sliceOfALongDayVerifiesAndMatchesTheOriginal() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.copyCorpus([Self.day])
    let text = try fixture.transcript([
      ["slice", "--from", "300", "--to", "330", "-o", "bug.foldtrace", Self.day],
      ["verify", "bug.foldtrace"],
      ["stats", "bug.foldtrace"],
    ])
    Golden.assert(text, named: "corpus-slice.txt")
    let whole = try fixture.run(["--json", "--from", "300", "--to", "330", Self.day])
    let slice = try fixture.run(["--json", "--from", "300000000001ns", "bug.foldtrace"])
    let expected = try TraceJSONLines.decode(document: whole.text).events.filter { $0.time > 300_000_000_000 }
    // The day goes on past 330 s: the slice ends with a cut there.
    #expect(
      try TraceJSONLines.decode(document: slice.text).events == expected + [
        TraceEvent(time: 330_000_000_000, .cut)
      ])
  }

  @Test func diffExportAndPlotOfCorpusTraces() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.copyCorpus([
      Self.duo, Self.resize, "case-ipad-portrait.foldtrace", "case-ipad-landscape.foldtrace",
    ])
    Golden.assert(
      try fixture.transcript([
        ["diff", "case-ipad-portrait.foldtrace", "case-ipad-landscape.foldtrace"],
        ["diff", Self.duo, Self.duo],
      ]), named: "corpus-diff.txt")
    let export = try fixture.run(["export", "--chrome", Self.resize])
    #expect(export.status == 0)
    Golden.assert(export.text, named: "corpus-export-resize.json")
    let plot = try fixture.run(["plot", Self.resize])
    #expect(plot.status == 0)
    Golden.assert(plot.text, named: "corpus-plot-resize.svg")
    let outline = try SVGOutline(Data(plot.stdout))
    let shapes = outline.titles.compactMap { $0.split(separator: " ").first.map(String.init) }
    for shape in ["regularWide", "regularTall", "compactTall", "compactShort", "regularShort"] {
      #expect(shapes.contains(shape), "the five-shapes trace should visit \(shape)")
    }
  }
}
