import FoldTrace
import Testing

/// Invalid values are refused at record time, with a clear error, and never written.
@Suite struct ValidationTests {
  static let scene = SceneID(1)

  static func geometry(_ size: TraceSize, insets: TraceInsets = .zero, minimum: TraceSize? = nil)
    -> TraceEvent
  {
    TraceEvent(
      time: 10,
      .geometry(
        scene: scene,
        SceneGeometry(
          size: size, safeArea: insets, horizontal: .compact, vertical: .regular, minimumSize: minimum)))
  }

  static let invalid: [(TraceEvent, String)] = [
    (geometry(TraceSize(width: .nan, height: 10)), "size nan × 10.0 pt"),
    (geometry(TraceSize(width: 10, height: .infinity)), "size 10.0 × inf pt"),
    (geometry(TraceSize(width: -1, height: 10)), "size -1.0 × 10.0 pt"),
    (
      geometry(
        TraceSize(width: 1, height: 1), insets: TraceInsets(top: -0.5, leading: 0, bottom: 0, trailing: 0)),
      "top inset"
    ),
    (
      geometry(
        TraceSize(width: 1, height: 1), insets: TraceInsets(top: 0, leading: 0, bottom: 0, trailing: .nan)),
      "trailing inset"
    ),
    (geometry(TraceSize(width: 1, height: 1), minimum: TraceSize(width: -3, height: 0)), "minimum size"),
    (TraceEvent(time: 10, .sceneConnected(scene: scene, display: .internal, scale: 0)), "display scale 0.0"),
    (
      TraceEvent(time: 10, .sceneConnected(scene: scene, display: .internal, scale: -.infinity)),
      "display scale"
    ),
    (TraceEvent(time: 10, .hinge(HingeState(status: .partiallyOpen, angle: 400))), "hinge angle 400.0°"),
    (TraceEvent(time: 10, .hinge(HingeState(status: .partiallyOpen, angle: .nan))), "hinge angle"),
    (
      TraceEvent(time: 10, .scroll(scene: scene, offset: TracePoint(x: .nan, y: 0), anchor: nil)),
      "scroll offset"
    ),
    (
      TraceEvent(
        time: 10,
        .regions(
          scene: scene,
          [
            ReservedRegion(
              kind: .division, frame: TraceRect(x: 0, y: 0, width: -1, height: 5), isActive: true)
          ])),
      "region 0 size"
    ),
    (TraceEvent(time: 10, .marker(String(repeating: "x", count: 70_000))), "70000 bytes"),
    (TraceEvent(time: 9, .marker("back in time")), "precedes the previous event's 10 ns"),
  ]

  @Test func invalidEventsAreRefusedAndNotWritten() throws {
    let writer = TraceWriter(header: TraceSamples.header)
    try writer.append(TraceEvent(time: 10, .sceneConnected(scene: Self.scene, display: .external, scale: 3)))
    for (event, expected) in Self.invalid {
      do throws(TraceError) {
        try writer.append(event)
        Issue.record("accepted \(event)")
      } catch {
        #expect(error.code == .invalidEvent)
        #expect(error.reason.contains(expected), "\(error)")
        #expect(error.reason.hasSuffix("it was not written"))
        #expect(error.description.hasPrefix("memory: refused \(event.kind.name) event at \(event.time) ns"))
      }
    }
    // Valid edge values pass: zero sizes, −0.0, negative scroll offsets and region origins.
    let valid = [
      Self.geometry(TraceSize(width: 0, height: -0.0)),
      TraceEvent(time: 10, .scroll(scene: Self.scene, offset: TracePoint(x: -5, y: -80), anchor: nil)),
      TraceEvent(time: 10, .hinge(HingeState(status: .closed, angle: 0))),
    ]
    for event in valid { try writer.append(event) }
    try writer.close()
    let events = try TraceReader.readAll(bytes: writer.bytes, name: "m").events
    #expect(events.count == 1 + valid.count)
  }
}
