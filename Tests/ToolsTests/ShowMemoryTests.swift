import FoldTrace
import Foundation
import Testing

/// `show` bounds a filmstrip by its panels (one scene at one moment), not its moments, and writes the
/// document as it draws it: 128 scenes connected at once, each with 128 reserved regions, drawn at 200
/// moments were 25 600 panels (a 1 GB SVG built in memory, 3.4 GB RSS in a release build).
@Suite struct ShowMemoryTests {
  /// `scenes` scenes (ids 1…) that connect at 0 s, each 390 × 844 pt with `regions` reserved regions
  /// (10 × 10 pt, on a 39-column grid, every other one active), and a marker at 10 s.
  static func crowdedEvents(scenes: Int, regions: Int) -> [TraceEvent] {
    var events: [TraceEvent] = []
    for index in 1...scenes {
      let scene = SceneID(UInt32(index))
      events.append(TraceEvent(time: 0, .sceneConnected(scene: scene, display: .external, scale: 3)))
      events.append(
        TraceEvent(
          time: 0,
          .geometry(
            scene: scene,
            SceneGeometry(
              size: TraceSize(width: 390, height: 844),
              safeArea: TraceInsets(top: 47, leading: 0, bottom: 34, trailing: 0), horizontal: .compact,
              vertical: .regular))))
      var reserved: [ReservedRegion] = []
      for number in 0..<regions {
        let column = Double(number % 39) * 10
        let row = Double(number / 39) * 10
        let frame = TraceRect(x: column, y: row, width: 10, height: 10)
        reserved.append(ReservedRegion(kind: .occlusion, frame: frame, isActive: number % 2 == 1))
      }
      events.append(TraceEvent(time: 0, .regions(scene: scene, reserved)))
    }
    events.append(TraceEvent(time: 10_000_000_000, .marker("end")))
    return events
  }

  /// 200 moments of 128 scenes are 25 600 panels: refused as a usage error that names the bound and how
  /// to narrow it, after reading only up to the moment that crossed it, within a 32 MB data segment.
  @Test func aFilmstripOfTooManyPanelsIsAUsageError() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("crowd.foldtrace", Self.crowdedEvents(scenes: 128, regions: 128))
    let result = try fixture.run(
      ["show", "--from", "0", "--to", "9.95", "--every", "50ms", "-o", "strip.svg", "crowd.foldtrace"],
      dataLimitKiB: 32_768)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "--from, --to and --every give 200 moments and more than 800 panels (a panel is one scene at one "
          + "moment; 128 scenes at 0.300 s); a filmstrip draws at most 800"), "\(result.stderr)")
    #expect(result.stderr.contains("--scene"), "\(result.stderr)")
    let strip = fixture.directory.appendingPathComponent("strip.svg").path
    #expect(!FileManager.default.fileExists(atPath: strip))
  }

  /// 6 moments of 128 scenes (768 panels, under the bound) are drawn within a 32 MB data segment, each
  /// panel with its first 32 reserved regions and a note that counts the 96 it leaves out.
  @Test func aFilmstripUpToThePanelBoundIsDrawnInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try fixture.trace("crowd.foldtrace", Self.crowdedEvents(scenes: 128, regions: 128))
    let result = try fixture.run(
      ["show", "--from", "0", "--to", "0.25", "--every", "50ms", "-o", "strip.svg", "crowd.foldtrace"],
      dataLimitKiB: 32_768)
    #expect(result.status == 0, "\(result.stderr)")
    let svg = String(decoding: try fixture.bytes(of: "strip.svg"), as: UTF8.self)
    #expect(svg.hasPrefix("<?xml"))
    #expect(svg.hasSuffix("</svg>\n"))
    #expect(svg.components(separatedBy: "<g id=\"scene-").count - 1 == 768)
    #expect(svg.components(separatedBy: "<rect class=\"region occlusion ").count - 1 == 768 * 32)
    #expect(svg.components(separatedBy: ">+96 more reserved regions not drawn</text>").count - 1 == 768)
  }

  /// A scene whose app recorded a layout of 256 elements with 2 000-character ids (about all of the
  /// 512 KiB of strings a layout holds) draws its first 64, ids cut to 100 characters, and counts the
  /// other 192 under the panel: 128 such scenes at 6 moments, ids twice as long, wrote a 676 MB SVG from
  /// a 19 kB trace.
  @Test func aPanelDrawsTheAppsFirstFramesWithShortIds() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    var events = Self.crowdedEvents(scenes: 1, regions: 0)
    let elements = (0..<256).map { number in
      RecordedElement(
        id: String(repeating: "x", count: 2_000) + "\(number)",
        frame: TraceRect(x: Double(number % 13) * 30, y: Double(number / 13) * 30, width: 30, height: 30),
        isInteractive: false)
    }
    events.insert(TraceEvent(time: 0, .layout(scene: SceneID(1), RecordedLayout(elements: elements))), at: 2)
    try fixture.trace("app.foldtrace", events, version: .v1_1)
    let result = try fixture.run(["show", "--at", "1", "app.foldtrace"])
    #expect(result.status == 0, "\(result.stderr)")
    let svg = result.text
    #expect(svg.components(separatedBy: "<rect class=\"recorded-frame\"").count - 1 == 64)
    #expect(svg.contains(" data-id=\"\(String(repeating: "x", count: 99))…\""))
    #expect(!svg.contains(String(repeating: "x", count: 100)))
    #expect(svg.contains(">+192 more app frames not drawn</text>"))
  }

  /// Presented frames are kept only for the elements a panel draws: 2 000 `presented` records of 50 new
  /// 1 000-character ids each (100 MB of ids when every one was kept until the next layout) show within
  /// a 32 MB data segment, the laid-out element still drawn at its last presented frame.
  @Test func presentedFramesOfUndrawnElementsAreNotKept() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    var events = Self.crowdedEvents(scenes: 1, regions: 0)
    events.removeLast()
    let drawn = RecordedElement(
      id: "card", frame: TraceRect(x: 0, y: 0, width: 100, height: 100), isInteractive: false)
    events.append(TraceEvent(time: 0, .layout(scene: SceneID(1), RecordedLayout(elements: [drawn]))))
    for record in 0..<2_000 {
      let elements = (0..<50).map { number in
        PresentedElement(
          id: String(repeating: "y", count: 1_000) + "\(record * 50 + number)",
          frame: TraceRect(x: 1, y: 2, width: 3, height: 4))
      }
      events.append(
        TraceEvent(time: UInt64(record + 1) * 1_000_000, .presented(scene: SceneID(1), elements)))
    }
    let moved = PresentedElement(id: "card", frame: TraceRect(x: 40, y: 50, width: 100, height: 100))
    events.append(TraceEvent(time: 3_000_000_000, .presented(scene: SceneID(1), [moved])))
    try fixture.trace("presented.foldtrace", events, version: .v1_1)
    let result = try fixture.run(["show", "--at", "3", "presented.foldtrace"], dataLimitKiB: 32_768)
    #expect(result.status == 0, "\(result.stderr)")
    let frames = result.text.components(separatedBy: "<rect class=\"recorded-frame\"").dropFirst()
    #expect(frames.count == 1)
    let card = String(frames.first ?? "")
    #expect(card.hasPrefix(#" x="40" y="50" width="100" height="100""#), "\(card.prefix(300))")
    #expect(card.contains(#"data-id="card""#), "\(card.prefix(300))")
  }
}
