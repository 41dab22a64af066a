import FoldTrace
import Foundation
import Testing

/// `tracecat check`: the replay table, exit codes and JSON Lines summary, for the app's recorded output.
@Suite struct CheckCommandTests {
  /// A Duo fold where the app leaves its compose button on the active division when `faulty`, and moves
  /// it off with a 120 Hz spring otherwise.
  static func write(_ name: String, faulty: Bool, in directory: URL) throws {
    let scene = SceneID(1)
    var events = [
      TraceEvent(time: 0, .sceneConnected(scene: scene, display: .internal, scale: 3)),
      TraceEvent(
        time: 0,
        .geometry(
          scene: scene,
          SceneGeometry(size: TraceSize(width: 1040, height: 780), horizontal: .regular, vertical: .regular))),
      TraceEvent(
        time: 1,
        .layout(
          scene: scene,
          RecordedLayout(
            shape: "regularWide", presentation: "split", columns: 2,
            elements: [
              RecordedElement(
                id: "action.compose", frame: TraceRect(x: 500, y: 716, width: 44, height: 44),
                isInteractive: true)
            ]))),
      TraceEvent(
        time: 1_000_000_000,
        .regions(
          scene: scene,
          [
            ReservedRegion(
              kind: .division, frame: TraceRect(x: 504, y: 0, width: 32, height: 780), isActive: true)
          ])),
    ]
    if !faulty {
      events.append(
        TraceEvent(
          time: 1_008_000_000,
          .layout(
            scene: scene,
            RecordedLayout(
              shape: "regularWide", presentation: "split", columns: 2,
              elements: [
                RecordedElement(
                  id: "action.compose", frame: TraceRect(x: 448, y: 716, width: 44, height: 44),
                  isInteractive: true)
              ]))))
      let omega = 2 * Double.pi / 0.4
      for k in 1...72 {
        let t = Double(k) / 120
        let x = k == 72 ? 448 : 448 + 52 * (1 + omega * t) * exp(-omega * t)
        events.append(
          TraceEvent(
            time: 1_008_000_000 + UInt64(k) * 8_333_333,
            .presented(
              scene: scene,
              [
                PresentedElement(id: "action.compose", frame: TraceRect(x: x, y: 716, width: 44, height: 44))
                  .quantized()
              ])))
      }
    }
    let writer = try TraceWriter(
      path: directory.appendingPathComponent(name).path,
      header: TraceHeader(device: "iPhone Duo", app: "Mail", recorder: "ToolsTests"), policy: .archive)
    for event in events { try writer.append(event) }
    try writer.close()
  }

  @Test func checkPassesTheGoodRecordingAndNamesTheFault() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    try Self.write("good.foldtrace", faulty: false, in: fixture.directory)
    let good = try fixture.run(["check", "good.foldtrace"])
    #expect(good.status == 0)
    #expect(good.text.contains("good.foldtrace"))
    #expect(good.text.contains("1:rW"))
    #expect(good.text.contains("total: 1 trace, 77 events, 1 passed, 0 failed"))
    try Self.write("bad.foldtrace", faulty: true, in: fixture.directory)
    let both = try fixture.run(["check", "."])
    #expect(both.status == 1)
    #expect(both.text.contains("bad.foldtrace: 1 failure\n"))
    #expect(
      both.text.contains(
        "Scene 1 at 1.000 s, element \"action.compose\": the interactive element rests on an active division")
    )
    let json = try fixture.run(["check", "--json", "bad.foldtrace"])
    #expect(json.status == 1)
    #expect(
      json.text.hasPrefix(
        #"{"kind":"summary","trace":"bad.foldtrace","events":4,"verdict":"fail","failures":[{"check":"reservedRegion","scene":1,"event":null,"t":1000000000,"element":"action.compose""#
      ))
    // A trace of inputs only has nothing to check, and passes.
    #expect(try fixture.run(["check", "duo.foldtrace"]).status == 0)
  }
}
