import FoldTrace
import Foundation
import TestSupport
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

  /// A report that cannot be written whole leaves nothing: on a full disk (`ulimit -f`, SIGXFSZ
  /// ignored so the write fails) the command exits 3, the directory is as it was (absent, or the empty
  /// one the user made) with no hidden staging left beside or in it, and the same command then succeeds.
  /// With SIGXFSZ at its default the process dies of it, and the signal handler removes the staged page
  /// and then the staging directory.
  @Test(arguments: [(false, true), (true, true), (false, false), (true, false)])
  func aReportThatCannotBeWrittenLeavesNothing(directoryExists: Bool, ignoreSignal: Bool) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("occluded.foldtrace", ReplayOverlayTests.occludedEvents())
    // 16 KiB, less than the page with its pictures.
    try Self.expectFullDiskLeavesNothing(
      ["occluded.foldtrace"], in: fixture, fileLimitBlocks: 32, directoryExists: directoryExists,
      ignoreSignal: ignoreSignal)
  }

  /// Runs `replay --report report INPUTS` with files limited to `fileLimitBlocks` 512-byte blocks (dash's
  /// `ulimit -f` unit) and SIGXFSZ ignored or at its default, and expects nothing left: exit 3 naming the
  /// report and "File too large" (ignored), or death by SIGXFSZ; the fixture's directory (and the empty
  /// `report` made first, with `directoryExists`) as before; then the same command unlimited writes the
  /// page, larger than the limit.
  static func expectFullDiskLeavesNothing(
    _ inputs: [String], in fixture: TracecatFixture, fileLimitBlocks: Int, directoryExists: Bool,
    ignoreSignal: Bool
  ) throws {
    let executable = try #require(TracecatRunner.executable)
    let report = fixture.directory.appendingPathComponent("report")
    if directoryExists {
      try FileManager.default.createDirectory(at: report, withIntermediateDirectories: false)
    }
    let before = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).sorted()
    let trap = ignoreSignal ? "trap '' XFSZ; " : ""
    let limited = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", trap + "ulimit -f \(fileLimitBlocks); exec \"$0\" replay --report report \"$@\"",
        executable.path,
      ] + inputs,
      in: fixture.directory)
    if ignoreSignal {
      #expect(limited.status == 3, "\(limited.stderr)")
      #expect(
        limited.stderr.contains("report/index.html") && limited.stderr.contains("File too large"),
        "\(limited.stderr)")
    } else {
      #expect(limited.status == 128 + SIGXFSZ || limited.status == SIGXFSZ, "\(limited.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).sorted() == before)
    if directoryExists {
      #expect(try FileManager.default.contentsOfDirectory(atPath: report.path) == [])
    }
    let rerun = try fixture.run(["replay", "--report", "report"] + inputs)
    #expect(rerun.status == 1, "\(rerun.stderr)")
    let page = try Data(contentsOf: report.appendingPathComponent("index.html"))
    #expect(page.count > fileLimitBlocks * 512)
    #expect(try FileManager.default.contentsOfDirectory(atPath: report.path) == ["index.html"])
  }

  /// A report directory under parents that do not exist yet is made with them; a symbolic link to an
  /// empty directory is followed and stays a link.
  @Test func theReportMakesMissingParentsAndFollowsALink() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("occluded.foldtrace", ReplayOverlayTests.occludedEvents())
    #expect(try fixture.run(["check", "--report", "ci/artifacts/check", "occluded.foldtrace"]).status <= 1)
    let nested = fixture.directory.appendingPathComponent("ci/artifacts/check")
    #expect(try FileManager.default.contentsOfDirectory(atPath: nested.path) == ["index.html"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: nested.deletingLastPathComponent().path) == [
        "check"
      ])
    // A trailing slash names the same directory: staged beside it, not inside it.
    #expect(try fixture.run(["replay", "--report", "slash//", "occluded.foldtrace"]).status == 1)
    let slash = fixture.directory.appendingPathComponent("slash")
    #expect(try FileManager.default.contentsOfDirectory(atPath: slash.path) == ["index.html"])
    let target = fixture.directory.appendingPathComponent("target")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      at: fixture.directory.appendingPathComponent("link"), withDestinationURL: target)
    #expect(try fixture.run(["replay", "--report", "link", "occluded.foldtrace"]).status == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["index.html"])
    let kind =
      try FileManager.default.attributesOfItem(
        atPath: fixture.directory.appendingPathComponent("link").path)[.type] as? FileAttributeType
    #expect(kind == .typeSymbolicLink)
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
