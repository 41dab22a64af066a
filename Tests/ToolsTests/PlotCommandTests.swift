import FoldTrace
import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `tracecat plot`: the SVG's structure always, and how a real browser renders it when one is installed.
@Suite struct PlotCommandTests {
  @Test func svgIsWellFormedWithAGroupPerSceneAndBand() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    let result = try fixture.run(["plot", "handover.foldtrace"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let outline = try SVGOutline(Data(result.stdout))
    #expect(outline.root == "svg")
    // One lane per display: scene 1 on the external display, scene 2 on the internal one.
    #expect(outline.groupIDs == ["device", "display-external", "display-internal"])
    for name in [
      "scene-band", "size-chart", "shape-band", "presentation-band", "safe-area-band", "division-band",
      "occlusion-band", "resizing-band", "anchor-item-band", "selection-band",
    ] {
      #expect(outline.groupClasses.filter { $0 == name }.count == 2, "\(name)")
    }
    for name in ["hinge-band", "hinge-angle", "markers", "legend", "handovers"] {
      #expect(outline.groupClasses.filter { $0 == name }.count == 1, "\(name)")
    }
    #expect(
      outline.groupClasses.filter { $0 == "time-axis" }.count == 3, "an axis under each group of panels")
    // Band titles: scene 1 compactTall until it disconnects; scene 2 regularTall then regularWide; the
    // division active from 1.0 s to 1.5 s, then inactive.
    #expect(outline.titles.contains("compactTall 0.000–1.500 s"))
    #expect(outline.titles.contains("regularTall 0.999–2.250 s"))
    #expect(outline.titles.contains("regularWide 2.250–3.000 s"))
    #expect(outline.titles.contains("division active 0.999–1.500 s"))
    #expect(outline.titles.contains("division inactive 1.500–3.000 s"))
    #expect(outline.titles.contains("stack 0.000–1.500 s"))
    #expect(outline.titles.contains("split 0.999–2.250 s"))
    #expect(outline.titles.contains("expanded 2.250–3.000 s"))
    #expect(outline.titles.contains("safe area 47, 0, 34, 0 pt 0.000–1.500 s"))
    #expect(outline.titles.contains("anchor note-7 0.100–1.500 s"))
    #expect(outline.titles.contains("selected note-7 1.600–3.000 s"))
    #expect(outline.titles.contains("handover: scene 1 (external) → scene 2 (internal) at 1.500 s"))
    #expect(outline.texts.contains("open the Duo"))
    #expect(outline.texts.contains("internal display · scene 2"))
    #expect(outline.rootAttributes["width"] == "100%", "the plot follows the window's width")
    Golden.assert(result.text, named: "plot-handover.svg")
  }

  /// A window narrower than a millisecond still labels each tick with a time of its own.
  @Test func subMillisecondWindowsLabelEveryTickDistinctly() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    for (from, to) in [("1.2", "1.2004"), ("1.0000001", "1.0000002"), ("0", "0.001")] {
      let result = try fixture.run(["plot", "--from", from, "--to", to, "handover.foldtrace"])
      #expect(result.status == 0)
      let texts = try SVGShapes(Data(result.stdout)).texts.filter { $0.group("class") == "time-axis" }
      let axes = texts.filter { $0.text == "time (s)" }.count
      let labels = texts.map(\.text).filter { $0 != "time (s)" }
      #expect(axes >= 1 && labels.count >= 5 * axes, "\(from)–\(to)")
      // Every axis has the same ticks, each labelled with a time of its own.
      #expect(Set(labels).count * axes == labels.count, "\(from)–\(to): \(labels)")
      if from != "1.0000001" { #expect(labels.first == from, "\(from)–\(to): \(labels)") }
      // The axis title ends left of the first tick's label (centred on the axis's start; a 10-pt digit
      // is under 6 pt wide), so "time (s)" and "1.0000001" do not run into each other.
      let title = try #require(texts.first { $0.text == "time (s)" })
      let first = try #require(texts.first { $0.text != "time (s)" })
      let labelStart = first.number("x") - Double(first.text.count) * 2.8
      #expect(title.number("x") + 2 <= labelStart, "\(from)–\(to): ends at \(title.number("x"))")
    }
  }

  /// A window under 1 ms is widened to the millisecond its axis shows: markers every 10 µs from 1.2 s
  /// plotted from 1.2 to 1.2001 s are the 101 up to 1.201 s (the axis ran there, blank past 1.2001 s).
  @Test func aSubMillisecondWindowDrawsTheMillisecondItShows() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let markers = (0...10_000).map { TraceEvent(time: 1_200_000_000 + UInt64($0) * 10_000, .marker("m")) }
    _ = try fixture.trace("dense.foldtrace", markers)
    let result = try fixture.run(["plot", "--from", "1.2", "--to", "1.2001", "dense.foldtrace"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.text.contains("101 markers"), "\(result.text.prefix(1200))")
  }

  /// A window of the Duo fixture: from 1.2 s to 2 s, scene 1 and the device only.
  @Test func aWindowDrawsOnlyWhatWasChosen() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    let result = try fixture.run([
      "plot", "--from", "1.2", "--to", "2s", "--scene", "1,-", "handover.foldtrace",
    ])
    #expect(result.status == 0)
    let outline = try SVGOutline(Data(result.stdout))
    #expect(outline.groupIDs == ["device", "display-external"])
    #expect(outline.titles.contains("compactTall 1.200–1.500 s"))
    #expect(outline.titles.contains("partiallyOpen 1.200–1.499 s"))
    #expect(outline.texts.first == "handover.foldtrace")
    #expect(outline.texts.contains("1.2") && outline.texts.contains("2"))
    Golden.assert(result.text, named: "plot-window.svg")
  }

  /// 24 000 geometry reports (a 100-step sawtooth between 400 and 499 pt, 200 s at 120 Hz) draw in a
  /// bounded number of path commands that still span the whole range.
  @Test func aLongTracePlotsInBoundedSize() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    var events = [TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .window, scale: 2))]
    for step in 0..<24_000 {
      let geometry = SceneGeometry(
        size: TraceSize(width: 400 + Double(step % 100), height: 900), horizontal: .regular,
        vertical: .regular)
      events.append(TraceEvent(time: UInt64(step) * 8_333_333, .geometry(scene: SceneID(1), geometry)))
    }
    try fixture.trace("long.foldtrace", events)
    let result = try fixture.run(["plot", "long.foldtrace"])
    #expect(result.status == 0)
    #expect(result.stdout.count < 150_000, "\(result.stdout.count) bytes")
    let svg = result.text
    let widthPath = try #require(svg.split(separator: "\n").first { $0.contains("class=\"width\"") })
    // At most three vertical strokes per half-pixel column of the 1056-unit-wide plot area.
    #expect(widthPath.components(separatedBy: " V ").count <= 3 * (2 * 1056 + 2))
    // The y of 499 pt and of 400 pt on the 0…1000 pt axis (100 px tall, starting at y 84): both drawn.
    #expect(widthPath.contains(" V 134.1") && widthPath.contains(" V 144"), "\(widthPath.prefix(300))")
  }

  /// Renders the plot with headless Chromium (Debian's `chromium`) and checks the browser parsed the SVG
  /// without errors and drew a page of the SVG's size. Skipped without Chromium: CI need not have it.
  @Test(.enabled(if: Chromium.path != nil, "chromium is not installed (apt-get install chromium)"))
  func chromiumRendersThePlot() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    #expect(try fixture.run(["plot", "-o", "timeline.svg", "handover.foldtrace"]).status == 0)
    let svg = fixture.directory.appendingPathComponent("timeline.svg")
    let outline = try SVGOutline(try Data(contentsOf: svg))
    let png = fixture.directory.appendingPathComponent("timeline.png")
    let dom = try Chromium.run(
      [
        "--screenshot=\(png.path)", "--window-size=\(outline.width),\(outline.height)", "--dump-dom",
        svg.absoluteString,
      ])
    #expect(!dom.contains("parsererror"), "Chromium could not parse the SVG:\n\(dom.prefix(2000))")
    #expect(dom.contains("internal display · scene 2"))
    let image = try Data(contentsOf: png)
    let size = try #require(PNGSize(image))
    #expect(size.width == outline.width && size.height == outline.height)
    #expect(image.count > 10_000, "a \(image.count)-byte PNG is too small to hold the plot")
    let report = try BrowserCheck.measure(try String(contentsOf: svg, encoding: .utf8), in: fixture.directory)
    #expect(report.measured > 100 && report.problems == [])
  }

  /// long-duo-day (20 scenes over 11 minutes) plots whole in one lane per display, under three screen
  /// heights, and Chromium draws it inside its view box with legible text.
  @Test func aLongSessionPlotsInAFewScreenHeights() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.copyCorpus(["long-duo-day.foldtrace"])
    let result = try fixture.run(["plot", "--replay", "long-duo-day.foldtrace"])
    #expect(result.status == 0)
    let outline = try SVGOutline(Data(result.stdout))
    #expect(outline.groupIDs == ["device", "display-external", "display-internal"])
    #expect(outline.height <= 1400, "\(outline.height) px tall at 1200 px wide")
    #expect(result.stdout.count < 400_000, "\(result.stdout.count) bytes")
    #expect(outline.texts.contains { $0.hasPrefix("replay (ReferenceScreenLayout): pass") })
    if Chromium.path != nil {
      let report = try BrowserCheck.measure(result.text, in: fixture.directory)
      #expect(report.problems == [])
    }
  }
}

/// What a test needs to know of an SVG: its root, groups, titles and texts, via Foundation's XMLParser.
final class SVGOutline: NSObject, XMLParserDelegate {
  private(set) var root = ""
  private(set) var rootAttributes: [String: String] = [:]
  /// The drawing's size in pixels at 1× (`data-width` for a plot that follows the window's width).
  private(set) var width = 0
  private(set) var height = 0
  private(set) var groupIDs: [String] = []
  private(set) var groupClasses: [String] = []
  private(set) var titles: [String] = []
  private(set) var texts: [String] = []
  private var characters = ""

  init(_ data: Data) throws {
    super.init()
    let parser = XMLParser(data: data)
    parser.delegate = self
    guard parser.parse() else {
      throw parser.parserError ?? CocoaError(.fileReadCorruptFile)
    }
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if root.isEmpty {
      root = name
      rootAttributes = attributes
      width = Int(attributes["data-width"] ?? attributes["width"] ?? "") ?? 0
      height = Int(attributes["data-height"] ?? attributes["height"] ?? "") ?? 0
    }
    if name == "g" {
      if let id = attributes["id"] { groupIDs.append(id) }
      groupClasses += (attributes["class"] ?? "").split(separator: " ").map(String.init)
    }
    characters = ""
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { characters += string }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
  {
    if name == "title" { titles.append(characters) }
    if name == "text" { texts.append(characters) }
    characters = ""
  }
}

/// Headless Chromium, when installed.
enum Chromium {
  static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .first {
      FileManager.default.isExecutableFile(atPath: $0)
    }

  /// Runs Chromium headless with the arguments and returns its standard output.
  static func run(_ arguments: [String]) throws -> String {
    try ChildProcess.run(
      URL(fileURLWithPath: try #require(path)),
      ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] + arguments
    ).text
  }
}

/// A PNG's width and height from its IHDR chunk.
func PNGSize(_ data: Data) -> (width: Int, height: Int)? {
  let bytes = [UInt8](data.prefix(24))
  guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
    return nil
  }
  func u32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
  return (u32(16), u32(20))
}
