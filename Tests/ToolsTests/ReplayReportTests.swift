import FoldTrace
import Foundation
import Testing

/// `tracecat replay --report DIR`: a page a CI run keeps, with every failure's picture, that never
/// writes over the user's files.
@Suite struct ReplayReportTests {
  /// The inline SVG documents of a page, in order.
  static func pictures(_ page: String) -> [String] {
    page.components(separatedBy: "<svg ").dropFirst().map {
      "<svg " + $0.components(separatedBy: "</svg>")[0] + "</svg>"
    }
  }

  @Test func theReportShowsEveryFailureWithItsPicture() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.copyCorpus(["case-ipad-portrait.foldtrace"])
    try fixture.trace("occluded.foldtrace", ReplayOverlayTests.occludedEvents())
    try fixture.trace("narrow.foldtrace", ShowCommandTests.narrowOcclusionEvents())
    let result = try fixture.run([
      "replay", "--report", "report", "case-ipad-portrait.foldtrace", "narrow.foldtrace",
      "occluded.foldtrace",
    ])
    #expect(result.status == 1, "a failing trace fails the run: \(result.stderr)")
    #expect(result.text.contains("total: 3 traces"), "the table still prints")
    let page = try String(
      contentsOf: fixture.directory.appendingPathComponent("report/index.html"), encoding: .utf8)
    #expect(page.hasPrefix("<!doctype html>"))
    #expect(!page.contains("<script") && !page.contains("src=") && !page.contains("href=\"http"))
    #expect(page.contains("3 traces, ") && page.contains("2 traces failed"))
    for name in ["case-ipad-portrait.foldtrace", "narrow.foldtrace", "occluded.foldtrace"] {
      #expect(page.contains(">\(name)</a>"), "\(name) in the table")
    }
    let pictures = Self.pictures(page)
    let wireframes = try pictures.map { try SVGShapes(Data($0.utf8)) }.filter { !$0.rects("bounds").isEmpty }
    // narrow: 0.5 s and 1.5 s; occluded: 0.1 s, 0.2 s, 0.21 s.
    #expect(wireframes.count == 5)
    for wireframe in wireframes {
      let actual = try #require(wireframe.rects("failure-actual").first)
      let regions = wireframe.rects("region", "occlusion", "active").map(\.frame)
      let a = actual.frame
      #expect(
        regions.contains { r in
          a[0] < r[0] + r[2] && r[0] < a[0] + a[2] && a[1] < r[1] + r[3] && r[1] < a[1] + a[3]
        })
    }
    let sentences = page.components(separatedBy: "<p class=\"sentence\">").dropFirst().map {
      $0.components(separatedBy: "</p>")[0]
    }
    #expect(sentences.count == 5 && sentences.allSatisfy { $0.contains("(reservedRegion)") })
    // Every picture's ids are its own: the page's ids are unique.
    let ids = page.components(separatedBy: " id=\"").dropFirst().map { $0.components(separatedBy: "\"")[0] }
    #expect(Set(ids).count == ids.count)
    #expect(pictures.count == 5 + 3, "a wireframe per failure and a timeline per trace")
  }

  @Test func theReportNeverWritesOverFiles() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("occluded.foldtrace", ReplayOverlayTests.occludedEvents())
    let taken = fixture.directory.appendingPathComponent("taken")
    try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: false)
    try Data("keep me".utf8).write(to: taken.appendingPathComponent("index.html"))
    let refused = try fixture.run(["replay", "--report", "taken", "occluded.foldtrace"])
    #expect(refused.status == 3)
    #expect(refused.stderr.contains("taken") && refused.stderr.contains("is not empty"), "\(refused.stderr)")
    #expect(refused.stdout.isEmpty, "refused before any replay")
    #expect(try String(contentsOf: taken.appendingPathComponent("index.html"), encoding: .utf8) == "keep me")
    try Data("a file".utf8).write(to: fixture.directory.appendingPathComponent("plain"))
    let file = try fixture.run(["replay", "--report", "plain", "occluded.foldtrace"])
    #expect(file.status == 3 && file.stderr.contains("is not a directory"), "\(file.stderr)")
    #expect(
      try String(contentsOf: fixture.directory.appendingPathComponent("plain"), encoding: .utf8) == "a file")
    let empty = fixture.directory.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
    #expect(try fixture.run(["replay", "--report", "empty", "occluded.foldtrace"]).status == 1)
    #expect(FileManager.default.fileExists(atPath: empty.appendingPathComponent("index.html").path))
  }

  /// The page opens from disk in headless Chromium with no network and shows every failure.
  @Test(.enabled(if: Chromium.path != nil, "needs headless Chromium: apt-get install -y chromium"))
  func chromiumOpensTheReportOffline() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("occluded.foldtrace", ReplayOverlayTests.occludedEvents())
    #expect(try fixture.run(["replay", "--report", "report", "occluded.foldtrace"]).status == 1)
    let page = fixture.directory.appendingPathComponent("report/index.html")
    let png = fixture.directory.appendingPathComponent("report.png")
    let dom = try Chromium.run([
      "--screenshot=\(png.path)", "--window-size=1200,900", "--dump-dom", page.absoluteString,
    ])
    #expect(dom.contains("FoldTrace replay report"))
    #expect(dom.components(separatedBy: "class=\"failure-actual\"").count - 1 == 3)
    #expect(try Data(contentsOf: png).count > 20_000)
    for picture in Self.pictures(try String(contentsOf: page, encoding: .utf8)) {
      let report = try BrowserCheck.measure(picture, in: fixture.directory)
      #expect(report.problems == [])
    }
  }
}
