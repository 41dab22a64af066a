import FoldTrace
import Testing

/// `SessionKeyframe`: the state a keyframe and a slice's opening carry, in keyframe order.
@Suite struct SessionKeyframeTests {
  @Test func keepsTheLastStatePerSceneInKeyframeOrderAndDropsHistory() {
    let wide = SceneGeometry(
      size: TraceSize(width: 800, height: 600),
      safeArea: TraceInsets(top: 0, leading: 0, bottom: 0, trailing: 0), horizontal: .regular,
      vertical: .regular)
    let narrow = SceneGeometry(
      size: TraceSize(width: 320, height: 600),
      safeArea: TraceInsets(top: 0, leading: 0, bottom: 0, trailing: 0), horizontal: .compact,
      vertical: .regular)
    var state = SessionKeyframe()
    let events: [TraceEvent.Payload] = [
      .sceneConnected(scene: SceneID(2), display: .internal, scale: 3),
      .marker("history"),
      .geometry(scene: SceneID(2), wide),
      .sceneConnected(scene: SceneID(1), display: .external, scale: 3),
      .scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: 10), anchor: "a"),
      .hinge(HingeState(status: .partiallyOpen, angle: 90)),
      .geometry(scene: SceneID(2), narrow),
      .scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: 20), anchor: "b"),
      .sceneConnected(scene: SceneID(3), display: .external, scale: 2),
      .sceneDisconnected(scene: SceneID(3)),
      .geometry(scene: SceneID(3), wide),  // for a scene no longer connected: ignored
      .dropped(count: 4),
    ]
    for payload in events { state.apply(payload) }
    #expect(
      state.payloads == [
        .hinge(HingeState(status: .partiallyOpen, angle: 90)),
        .sceneConnected(scene: SceneID(1), display: .external, scale: 3),
        .scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: 20), anchor: "b"),
        .sceneConnected(scene: SceneID(2), display: .internal, scale: 3),
        .geometry(scene: SceneID(2), narrow),
      ])
    let stamped = state.events(at: 1_500)
    #expect(stamped.map(\.payload) == state.payloads)
    #expect(stamped.allSatisfy { $0.time == 1_500 })
    #expect(SessionKeyframe().payloads.isEmpty)
  }
}
