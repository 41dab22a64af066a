import FoldReplay
import FoldTrace
import Foundation
import LayoutCore
import ReferenceScreen
import Testing

/// `tracecat show`: the wireframe of a moment, checked against the layout it claims to show.
@Suite struct ShowCommandTests {
  /// The reference screen's plan for a scene's recorded state at `time`: what `show` (without
  /// `--replay`) must draw.
  static func plan(_ events: [TraceEvent], scene: SceneID, at time: UInt64) throws -> (
    LayoutContext, LayoutPlan
  ) {
    var session = SessionState<Void>()
    for event in events where event.time <= time { _ = session.apply(event) }
    let context = try #require(session.scene(scene).flatMap(LayoutContext.init))
    return (context, ReferenceScreenLayout().plan(for: context))
  }

  static func near(_ a: [Double], _ b: Rect) -> Bool {
    zip(a, [b.x, b.y, b.width, b.height]).allSatisfy { abs($0 - $1) <= 0.051 }
  }

  @Test func everyElementIsDrawnWhereThePlanPutsIt() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let events = TracecatFixture.handoverEvents()
    try fixture.trace("handover.foldtrace", events)
    // 1.2 s: both scenes, scene 2 with its active division; 2.3 s: scene 2 alone, in landscape.
    for (time, text) in [(UInt64(1_200_000_000), "1.2"), (2_300_000_000, "2.3s")] {
      let result = try fixture.run(["show", "--at", text, "handover.foldtrace"])
      #expect(result.status == 0, "\(result.stderr)")
      let svg = try SVGShapes(Data(result.stdout))
      let scenes = Set(svg.rects("element").compactMap { $0.group("data-scene") })
      #expect(scenes == (time < 1_500_000_000 ? ["1", "2"] : ["2"]))
      for sceneText in scenes.sorted() {
        let scene = SceneID(UInt32(sceneText)!)
        let (context, plan) = try Self.plan(events, scene: scene, at: time)
        let drawn = svg.rects("element").filter { $0.group("data-scene") == sceneText }
        #expect(drawn.map { $0.attributes["data-id"] ?? "" } == plan.elements.map(\.id))
        for (shape, element) in zip(drawn, plan.elements) {
          #expect(Self.near(shape.frame, element.frame), "\(element.id): \(shape.frame) vs \(element.frame)")
          #expect(shape.classes.contains("interactive") == element.isInteractive, "\(element.id)")
        }
        let bounds = try #require(svg.rects("bounds").first { $0.group("data-scene") == sceneText })
        #expect(
          Self.near(bounds.frame, Rect(x: 0, y: 0, width: context.size.width, height: context.size.height)))
        let safe = try #require(svg.rects("safe-frame").first { $0.group("data-scene") == sceneText })
        #expect(
          Self.near(
            safe.frame, Rect(x: 0, y: 47, width: context.size.width, height: context.size.height - 81)))
        let labels = svg.texts.filter {
          $0.attributes["class"] == "element-label" && $0.group("data-scene") == sceneText
        }
        #expect(
          labels.contains { $0.text == "list" }
            && labels.contains { $0.text == "detail" || scene == SceneID(1) })
      }
      let divisions = svg.rects("region", "division")
      if time < 1_500_000_000 {
        #expect(divisions.map(\.classes) == [["region", "division", "active"]])
        #expect(
          divisions.first.map { Self.near($0.frame, Rect(x: 409, y: 0, width: 2, height: 1180)) } == true)
      } else {
        #expect(divisions.map(\.classes) == [["region", "division", "inactive"]])
      }
    }
  }

  /// A named scene with no geometry at the moments drawn gets a note, as `cat -s` gives one: the picture
  /// alone said nothing of a typo (`-s 9` for `-s 2`).
  @Test func aSceneDrawnNowhereIsNoted() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    let one = try fixture.run(["show", "--at", "1.7", "-s", "2,9", "handover.foldtrace"])
    #expect(one.status == 0)
    #expect(one.stderr == "tracecat: note: handover.foldtrace: no scene 9 with a geometry at 1.700 s\n")
    // Past 12 missing scenes the note lists the 12 lowest and an ellipsis, as cat's note does.
    let many = try fixture.run(
      [
        "show", "--at", "1.7", "-s", (3...20).reversed().map { "\($0)" }.joined(separator: ",") + ",2",
        "handover.foldtrace",
      ])
    #expect(many.status == 0)
    #expect(
      many.stderr
        == "tracecat: note: handover.foldtrace: no scenes 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, … with a "
        + "geometry at 1.700 s\n")
    let strip = try fixture.run([
      "show", "--from", "1", "--to", "1.7", "--every", "0.7", "-s", "2", "handover.foldtrace",
    ])
    #expect(strip.status == 0)
    #expect(strip.stderr == "", "scene 2 is drawn")
  }

  @Test func theScrollViewShowsTheAnchorAndTheSelection() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    // Scene 1 scrolled to note-7 (not an item of the reference content: the recorded 640 pt stand).
    let result = try fixture.run(["show", "--at", "1.7", "-s", "2", "handover.foldtrace"])
    #expect(result.status == 0, "\(result.stderr)")
    let svg = try SVGShapes(Data(result.stdout))
    let anchor = try #require(svg.rects("item", "anchor").first)
    let viewport = try #require(svg.rects("viewport").first)
    #expect(
      anchor.number("y") >= viewport.number("y") - 1000
        && anchor.attributes["data-id"]?.hasPrefix("item-") == true)
    #expect(svg.rects("item").count > 5, "the visible items are drawn")
    #expect(svg.texts.contains { $0.text.hasPrefix("scroll offset 0 of ") })
    #expect(Set(svg.rects("element").compactMap { $0.group("data-scene") }) == ["2"])
  }

  @Test func theReplayShowsEachFailingElementOverTheRegionItViolates() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("occluded.foldtrace", ReplayOverlayTests.occludedEvents())
    try fixture.trace("narrow.foldtrace", Self.narrowOcclusionEvents())
    for (trace, times) in [
      ("occluded.foldtrace", ["0.1", "0.2", "0.21"]), ("narrow.foldtrace", ["0.5", "1.5"]),
    ] {
      for time in times {
        let result = try fixture.run(["show", "--replay", "--at", time, trace])
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try SVGShapes(Data(result.stdout))
        let failing = svg.rects("failure-actual")
        let regions = svg.rects("region", "occlusion", "active")
        #expect(!failing.isEmpty, "\(trace) at \(time) s: the failing element is drawn")
        for shape in failing {
          let frame = shape.frame
          let over = regions.contains { region in
            let r = region.frame
            return frame[0] < r[0] + r[2] && r[0] < frame[0] + frame[2] && frame[1] < r[1] + r[3]
              && r[1] < frame[1] + frame[3]
          }
          #expect(
            over,
            "\(trace) at \(time) s: \(shape.attributes["data-id"] ?? "?") \(frame) is over the occlusion")
        }
        #expect(svg.texts.contains { $0.text.contains("(reservedRegion)") || $0.text.contains("✗ Scene 1") })
      }
    }
    // Between failures the picture shows none.
    let calm = try SVGShapes(
      Data(try fixture.run(["show", "--replay", "--at", "0.05", "occluded.foldtrace"]).stdout))
    #expect(calm.rects("failure-actual").isEmpty)
  }

  /// A phone-sized window whose camera occlusion grows to cover all but a 30 pt strip at 0.5 s: no
  /// 44 pt control has room clear of it, so the reference screen leaves the bar and the control row
  /// out; at 1.5 s it rotates (another relayout, the same failure).
  static func narrowOcclusionEvents() -> [TraceEvent] {
    let scene = SceneID(1)
    func geometry(_ width: Double, _ height: Double) -> SceneGeometry {
      SceneGeometry(
        size: TraceSize(width: width, height: height), horizontal: .compact,
        vertical: width > height ? .compact : .regular)
    }
    func camera(_ width: Double, _ height: Double, active: Bool) -> ReservedRegion {
      ReservedRegion(
        kind: .occlusion, frame: TraceRect(x: 0, y: 0, width: width, height: height - 30), isActive: active)
    }
    return [
      TraceEvent(time: 0, .sceneConnected(scene: scene, display: .window, scale: 3)),
      TraceEvent(time: 0, .geometry(scene: scene, geometry(390, 600))),
      TraceEvent(time: 0, .regions(scene: scene, [camera(390, 600, active: false)])),
      TraceEvent(time: 500_000_000, .regions(scene: scene, [camera(390, 600, active: true)])),
      TraceEvent(time: 1_500_000_000, .geometry(scene: scene, geometry(600, 390))),
      TraceEvent(time: 1_500_000_000, .regions(scene: scene, [camera(600, 390, active: true)])),
      TraceEvent(time: 2_000_000_000, .marker("end")),
    ]
  }

  @Test func aFilmstripDrawsEveryMomentAtOneScale() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    let result = try fixture.run([
      "show", "--replay", "--from", "0.9", "--to", "1.6", "--every", "100ms", "-o", "strip.svg",
      "handover.foldtrace",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let svg = try SVGShapes(try Data(contentsOf: fixture.directory.appendingPathComponent("strip.svg")))
    let moments = svg.texts.filter { $0.group("class") == "moment" && $0.text.hasSuffix(" s") }.map(\.text)
    #expect(
      moments == ["0.900 s", "1.000 s", "1.100 s", "1.200 s", "1.300 s", "1.400 s", "1.500 s", "1.600 s"])
    let scales = Set(svg.shapes.compactMap { $0.group("data-scale") })
    #expect(scales.count == 1)
  }

  @Test func badMomentsAreRefusedWithTheirReason() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    for (arguments, message) in [
      (["show", "handover.foldtrace"], "show needs a moment: --at TIME"),
      (
        ["show", "--at", "1", "--every", "1", "handover.foldtrace"],
        "--at draws one moment; --every belongs to a filmstrip"
      ),
      (["show", "--from", "1", "--every", "1", "handover.foldtrace"], "a filmstrip needs --to"),
      (
        ["show", "--from", "0", "--to", "100", "--every", "1ms", "handover.foldtrace"], "give 100001 moments"
      ),
      (
        ["show", "--at", "9", "handover.foldtrace"],
        "--at 9.000 s is after handover.foldtrace's last event (3.000 s)"
      ),
      (
        ["show", "--from", "9", "--to", "9", "--every", "1ns", "handover.foldtrace"],
        "--to 9.000 s is after handover.foldtrace's last event (3.000 s)"
      ),
      (
        ["show", "--from", "0", "--to", "10", "--every", "3", "handover.foldtrace"],
        "the last moment of --from, --to and --every, 9.000 s is after handover.foldtrace's last event"
      ),
      (
        ["show", "--at", "1", "-s", "-", "handover.foldtrace"], "--scene - (device-wide events) has no layout"
      ),
      (["show", "--at", "x", "handover.foldtrace"], "--at 'x' is not a time"),
    ] {
      let result = try fixture.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }

  /// Headless Chromium draws every wireframe inside its view box, with legible text. Skipped without
  /// Chromium.
  @Test(.enabled(if: Chromium.path != nil, "needs headless Chromium: apt-get install -y chromium"))
  func chromiumDrawsTheWireframesInsideTheViewBox() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("handover.foldtrace", TracecatFixture.handoverEvents())
    try fixture.trace("occluded.foldtrace", ReplayOverlayTests.occludedEvents())
    for arguments in [
      ["show", "--at", "1.2", "handover.foldtrace"],
      ["show", "--replay", "--at", "0.2", "occluded.foldtrace"],
      ["show", "--replay", "--from", "0", "--to", "3", "--every", "250ms", "handover.foldtrace"],
    ] {
      let result = try fixture.run(arguments)
      let report = try BrowserCheck.measure(result.text, in: fixture.directory)
      #expect(report.measured > 50, "\(arguments)")
      #expect(report.problems == [], "\(arguments)")
    }
  }
}
