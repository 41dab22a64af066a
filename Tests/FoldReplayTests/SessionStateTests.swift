import FoldReplay
import FoldTrace
import Testing

@Suite struct SessionStateTests {
  @Test func foldsEventsIntoPerSceneState() {
    var script = TraceScript()
    script.connect(2, .internal)
    script.connect(1, .external)
    script.geometry(1, 420, 760, .compact, .regular)
    script.regions(2, [TraceScript.fold(width: 1180, height: 820, active: true)])
    script.traits(1, SceneTraits(contentSizeCategory: .extraLarge, reduceMotion: true))
    script.scroll(1, 120, anchor: "item-3")
    script.select(1, "item-4")
    script.add(.hinge(HingeState(status: .partiallyOpen, angle: 120)))
    var state = SessionState<Void>()
    for event in script.events { state.apply(event) }

    #expect(state.scenes.map(\.id) == [SceneID(1), SceneID(2)])
    let external = state.scene(SceneID(1))!
    #expect(external.display == .external)
    #expect(external.geometry?.size == TraceSize(width: 420, height: 760))
    #expect(external.traits.contentSizeCategory == .extraLarge)
    #expect(external.scrollOffset == TracePoint(x: 0, y: 120))
    #expect(external.scrollAnchor == "item-3")
    #expect(external.selection == "item-4")
    #expect(state.scene(SceneID(2))!.regions.count == 1)
    #expect(state.hinge == HingeState(status: .partiallyOpen, angle: 120))
  }

  @Test func reportsWhatEachEventChanged() {
    var state = SessionState<Void>()
    #expect(
      state.apply(TraceEvent(time: 5, .sceneConnected(scene: SceneID(1), display: .window, scale: 2)))
        == .connected(SceneID(1)))
    #expect(
      state.apply(TraceEvent(time: 6, .selection(scene: SceneID(9), item: "x"))) == .unknownScene(SceneID(9)))
    #expect(state.apply(TraceEvent(time: 7, .marker("step"))) == SessionChange.none)
    let disconnected = state.apply(TraceEvent(time: 8, .sceneDisconnected(scene: SceneID(1))))
    #expect(disconnected == .disconnected(SceneState(id: SceneID(1), display: .window, scale: 2)))
    #expect(state.scenes.isEmpty)
  }

  @Test func clockNeverRunsBackward() {
    var state = SessionState<Void>()
    state.apply(TraceEvent(time: 900, .marker("a")))
    state.apply(TraceEvent(time: 100, .marker("b")))
    #expect(state.time == 900)
  }

  @Test func reconnectingStartsTheSceneAfresh() {
    var script = TraceScript()
    script.connect(1, .external)
    script.select(1, "item-1")
    script.connect(1, .internal)
    var state = SessionState<Void>()
    for event in script.events { state.apply(event) }
    #expect(state.scenes.count == 1)
    #expect(state.scene(SceneID(1))?.display == .internal)
    #expect(state.scene(SceneID(1))?.selection == nil)
  }
}
