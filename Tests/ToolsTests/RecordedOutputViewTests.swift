import FoldTrace
import Foundation
import Testing

/// The app's recorded output (format 1.1) in every view of tracecat: the wireframe draws the app's own
/// frames over the model's, the plot and the Chrome export add the app's layout and animation, a slice
/// carries the app's last layout into its start, and `check --report` writes the offline page.
@Suite struct RecordedOutputViewTests {
  static func fixture(_ names: [String]) throws -> TracecatFixture {
    let fixture = try TracecatFixture()
    for name in names {
      try FileManager.default.copyItem(
        at: Corpus.directory.appendingPathComponent(name),
        to: fixture.directory.appendingPathComponent(name.split(separator: "/").last.map(String.init)!))
    }
    return fixture
  }

  @Test func showDrawsTheAppsFramesOverTheModelsAndNamesTheOneOffIt() throws {
    let fixture = try Self.fixture(["known-bad/button-on-fold.foldtrace"])
    defer { fixture.remove() }
    let result = try fixture.run(["show", "--replay", "--at", "1.25", "button-on-fold.foldtrace"])
    #expect(result.status == 0, "\(result.stderr)")
    let svg = try SVGShapes(Data(result.stdout))
    let recorded = svg.rects("recorded-frame")
    // Every element of the app's layout, the compose button where the app put it: on the fold.
    #expect(recorded.count == 16)
    let button = try #require(recorded.first { $0.attributes["data-id"] == "action.compose" })
    #expect(button.frame == [464, 704, 44, 44])
    let model = try #require(svg.rects("element").first { $0.attributes["data-id"] == "action.compose" })
    #expect(model.frame == [924, 20, 44, 44])
    // Only the frame off the model's is named; the panes the app animates like the model are not.
    let labels = svg.texts.filter { $0.attributes["class"] == "recorded-label" }.map(\.text)
    #expect(labels == ["app: action.compose"])
    #expect(svg.texts.contains { $0.text.hasPrefix("the app's own frame") })
    // A trace without the app's output draws none, and no legend entry.
    try fixture.copyCorpus(["state-book-fold.foldtrace"])
    let plain = try SVGShapes(
      Data(try fixture.run(["show", "--at", "1.25", "state-book-fold.foldtrace"]).stdout))
    #expect(plain.rects("recorded-frame").isEmpty)
    #expect(!plain.texts.contains { $0.text.hasPrefix("the app's own frame") })
  }

  @Test func plotAndExportShowTheAppsLayoutAndAnimation() throws {
    let fixture = try Self.fixture(["app-duo-book-fold.foldtrace"])
    defer { fixture.remove() }
    let plot = try fixture.run(["plot", "app-duo-book-fold.foldtrace"])
    #expect(plot.status == 0, "\(plot.stderr)")
    let svg = try SVGShapes(Data(plot.stdout))
    let layouts = svg.rects().filter { $0.group("class") == "app-layout-band" }
    #expect(layouts.count == 1)
    let labels = svg.texts.filter { $0.group("class") == "app-layout-band" }.map(\.text)
    #expect(labels == ["app layout", "app: regularWide · expanded · 1 column"])
    // Two folds, two animations: the book fold and the opening flat again.
    let animations = svg.rects().filter { $0.group("class") == "app-animation-band" }
    #expect(animations.count == 2)
    #expect(svg.texts.contains { $0.text == "app animating" })
    let export = try fixture.run(["export", "--chrome", "app-duo-book-fold.foldtrace"])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.text.contains(#""name":"app layout""#))
    #expect(export.text.contains(#""name":"regularWide · expanded · 1 column","ph":"X","pid":1001,"tid":13"#))
    #expect(export.text.contains(#""name":"presented 93 samples","ph":"X","pid":1001,"tid":14"#))
  }

  @Test func aSliceCarriesTheAppsLastLayoutAndStatsDiffCountTheNewKinds() throws {
    let fixture = try Self.fixture(["app-duo-book-fold.foldtrace", "known-bad/snap-on-fold.foldtrace"])
    defer { fixture.remove() }
    let slice = try fixture.run([
      "slice", "--from", "2", "-o", "late.foldtrace", "app-duo-book-fold.foldtrace",
    ])
    #expect(slice.status == 0, "\(slice.stderr)")
    let lines = try fixture.run(["--json", "-k", "layout", "late.foldtrace"]).lines
    let first = try #require(lines.first { $0.contains(#""kind":"layout""#) })
    #expect(first.hasPrefix(#"{"t":2000000000,"kind":"layout","scene":1,"shape":"regularWide""#))
    let stats = try fixture.run(["stats", "--json", "app-duo-book-fold.foldtrace"])
    #expect(stats.text.contains(#""layout":3,"presented":188"#))
    let diff = try fixture.run(["diff", "app-duo-book-fold.foldtrace", "snap-on-fold.foldtrace"])
    #expect(diff.status == 1)
    #expect(diff.text.contains("presented"))
  }

  @Test func checkWritesTheOfflineReport() throws {
    let fixture = try Self.fixture(["known-bad/button-on-fold.foldtrace"])
    defer { fixture.remove() }
    let result = try fixture.run(["check", "--report", "report", "button-on-fold.foldtrace"])
    #expect(result.status == 1)
    let page = try String(
      contentsOf: fixture.directory.appendingPathComponent("report/index.html"), encoding: .utf8)
    #expect(page.contains("<h1>FoldTrace check report</h1>"))
    #expect(!page.contains("<script"))
    #expect(page.contains("the interactive element rests on an active division (reservedRegion)"))
    #expect(page.contains(#"class="failure-actual" x="464" y="704" width="44" height="44""#))
    #expect(page.contains(#"class="recorded-frame""#))
    #expect(page.contains("app-layout-band"))
    // Nothing is written over: a second run into the same directory is refused.
    let again = try fixture.run(["check", "--report", "report", "button-on-fold.foldtrace"])
    #expect(again.status == 3)
  }

  /// Headless Chromium draws the wireframe with the app's frames inside its view box, text legible.
  @Test(.enabled(if: Chromium.path != nil, "needs headless Chromium: apt-get install -y chromium"))
  func chromiumDrawsTheAppsFramesInsideTheViewBox() throws {
    let fixture = try Self.fixture(["known-bad/button-on-fold.foldtrace"])
    defer { fixture.remove() }
    for arguments in [
      ["show", "--replay", "--at", "1.25", "button-on-fold.foldtrace"], ["plot", "button-on-fold.foldtrace"],
    ] {
      let result = try fixture.run(arguments)
      let report = try BrowserCheck.measure(result.text, in: fixture.directory)
      #expect(report.measured > 50, "\(arguments)")
      #expect(report.problems == [], "\(arguments)")
    }
  }
}
