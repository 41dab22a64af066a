import FoldTrace
import Foundation
import Testing

/// Traces with the app's recorded output (format 1.1) survive `tracecat --json t | tracecat pack -`
/// byte for byte, as traces of inputs do.
@Suite struct RecordedOutputPackTests {
  static func events() -> [TraceEvent] {
    let scene = SceneID(1)
    var events = [
      TraceEvent(time: 0, .sceneConnected(scene: scene, display: .internal, scale: 3)),
      TraceEvent(
        time: 1,
        .layout(
          scene: scene,
          RecordedLayout(
            shape: "regularWide", presentation: "split", columns: 2,
            elements: [
              RecordedElement(
                id: "action.compose", frame: TraceRect(x: 464, y: 716, width: 44, height: 44),
                isInteractive: true),
              RecordedElement(
                id: "list", frame: TraceRect(x: 0, y: 91.333_333_333_333_33, width: 520, height: 700),
                isInteractive: false),
            ]))),
    ]
    for k in 1...90 {
      let progress = 1 - exp(-Double(k) / 9)
      events.append(
        TraceEvent(
          time: UInt64(k) * 8_333_333,
          .presented(
            scene: scene,
            [
              PresentedElement(
                id: "action.compose", frame: TraceRect(x: 272 + 192 * progress, y: 716, width: 44, height: 44)
              ).quantized(),
              PresentedElement(
                id: "badge", frame: TraceRect(x: 10, y: 10, width: 8, height: 8), opacity: progress),
            ])))
      if k % 30 == 0 {
        events.append(
          TraceEvent(
            time: UInt64(k) * 8_333_333 + 1,
            .scroll(
              scene: scene, offset: TracePoint(x: 0, y: Double(k) * 10), anchor: "item-\(k)",
              anchorTop: Double(k) / 3)))
      }
    }
    return events
  }

  @Test func jsonThenPackIsByteIdentical() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let path = fixture.directory.appendingPathComponent("recorded.foldtrace")
    let header = TraceHeader(device: "iPhone Duo", app: "Mail 3", recorder: "ToolsTests")
    let writer = try TraceWriter(path: path.path, header: header, policy: .archive)
    for event in Self.events() { try writer.append(event) }
    try writer.close()
    let original = Array(try Data(contentsOf: path))
    let json = try TracecatRunner.run(["--json", "recorded.foldtrace"], in: fixture.directory)
    try #require(json.status == 0)
    let text = String(decoding: json.stdout, as: UTF8.self)
    #expect(
      text.contains(#""kind":"layout","scene":1,"shape":"regularWide","presentation":"split","columns":2"#))
    #expect(text.contains(#""kind":"presented","scene":1,"elements":[{"id":"action.compose","frame":["#))
    #expect(text.contains(#""anchor":"item-30","anchorTop":10}"#))
    let packed = try TracecatRunner.run(["pack", "-"], stdin: json.stdout, in: fixture.directory)
    #expect(packed.status == 0)
    #expect(packed.stderr == "")
    #expect(packed.stdout == original)
  }

  @Test func packNamesTheLineOfANewKindUnderA1_0Header() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let document =
      [
        #"{"kind":"header","version":"1.0","device":"d","app":"a","recorder":"r"}"#,
        #"{"t":0,"kind":"sceneConnected","scene":1,"display":"internal","scale":3}"#,
        #"{"t":1,"kind":"layout","scene":1,"elements":[]}"#,
      ].joined(separator: "\n") + "\n"
    let packed = try TracecatRunner.run(["pack", "-"], stdin: Array(document.utf8), in: fixture.directory)
    #expect(packed.status != 0)
    #expect(packed.stdout.isEmpty)
    #expect(
      packed.stderr
        == "tracecat: error: <stdin>: line 3, field \"kind\": a \"layout\" event needs trace format 1.1; "
        + "the header declares 1.0\n")
  }

  /// A slice starts from the app's last layout, and stats count the new kinds.
  @Test func sliceCarriesTheLastLayoutAndStatsCountTheKinds() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let path = fixture.directory.appendingPathComponent("recorded.foldtrace")
    let writer = try TraceWriter(
      path: path.path, header: TraceHeader(device: "d", app: "a", recorder: "r"), policy: .archive)
    for event in Self.events() { try writer.append(event) }
    try writer.close()
    #expect(
      try fixture.run(["slice", "--from", "0.5", "recorded.foldtrace", "-o", "s.foldtrace"]).status == 0)
    let json = try fixture.run(["--json", "s.foldtrace"])
    #expect(
      json.lines.contains {
        $0.hasPrefix(
          #"{"t":500000000,"kind":"layout","scene":1,"shape":"regularWide","presentation":"split""#)
      })
    let stats = try fixture.run(["stats", "recorded.foldtrace"])
    #expect(stats.text.contains("  layout:         1\n"))
    #expect(stats.text.contains("  presented:      90\n"))
    #expect(stats.text.contains("format:           1.1\n"))
  }
}
