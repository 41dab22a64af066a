import FoldReplay
import FoldTrace
import LayoutCore
import ReferenceScreen
import Testing

@Suite struct ReplayerTests {
  @Test func timelineRecordsEachSceneLayoutChange() {
    let result = replay(.duoOpening, testConfiguration(policy: StubLayout()))
    let external = result.timeline.layoutChanges(of: SceneID(1))
    let internalChanges = result.timeline.layoutChanges(of: SceneID(2))
    #expect(external.first?.shape == .compactTall)
    #expect(external.first?.presentation == .stack)
    #expect(external.first?.eventIndex == 1)
    #expect(external.first?.time == 0)
    #expect(result.timeline.shapes(of: SceneID(2)) == [.regularWide])
    // Geometry (3 columns), the inactive division (the scene can fold: 2 columns), the fold becoming
    // active moves the toolbar off the division, and back.
    #expect(internalChanges.map(\.eventIndex) == [6, 7, 8, 9])
    #expect(internalChanges.map(\.time) == [1_216_000_000, 1_216_000_000, 2_116_000_000, 3_016_000_000])
    #expect(internalChanges.map(\.columns) == [3, 2, 2, 2])
    #expect(internalChanges.map { $0.plan.element("toolbar")!.frame.x } == [590, 590, 610, 590])
  }

  @Test func handoverCarriesAnchorAndSelectionToTheOtherDisplay() {
    var replayer = Replayer(configuration: testConfiguration())
    var timeline = ReplayTimeline()
    let events = TraceScript.duoOpening.events
    var departing: ScrollPosition?
    for event in events {
      if case .sceneDisconnected = event.payload { departing = replayer.scrollPosition(for: SceneID(1)) }
      replayer.consume(event, into: &timeline)
    }
    let place = try! #require(departing)
    #expect(place.selection == "item-24")
    #expect(!place.isAtTop)
    let handover = try! #require(timeline.layoutChanges.first { $0.handoverFrom == SceneID(1) })
    #expect(handover.scene == SceneID(2))
    #expect(handover.anchorBefore == place.anchor)
    #expect(handover.anchorOutcome == .kept)
    #expect(handover.anchorAfter == place.anchor)
    #expect(replayer.scrollPosition(for: SceneID(2))?.selection == "item-24")
  }

  @Test func handoverWorksWhenTheNewSceneConnectsFirst() {
    var script = TraceScript()
    script.connect(1, .external)
    script.geometry(1, 420, 760, .compact, .regular)
    script.scroll(1, 3000)
    script.wait(100)
    script.connect(2, .internal)
    script.geometry(2, 1180, 820, .regular, .regular)
    script.wait(10)
    script.disconnect(1)
    script.wait(500)
    let changes = replay(script).timeline.layoutChanges
    let handover = try! #require(changes.first { $0.handoverFrom == SceneID(1) })
    #expect(handover.scene == SceneID(2))
    #expect(handover.eventIndex == 5)
    #expect(handover.anchorOutcome == .kept)
    #expect(handover.anchorBefore?.itemID == handover.anchorAfter?.itemID)
    #expect(handover.anchorBefore?.offsetFromViewportTop == handover.anchorAfter?.offsetFromViewportTop)
  }

  @Test func framesFallOnTheTickWhileSomethingMovesAndEndOnTarget() {
    let result = replay(.duoOpening)
    let frames = result.timeline.frames
    #expect(!frames.isEmpty)
    #expect(frames.allSatisfy { ($0.time * 120 + 119) % 1_000_000_000 < 120 })
    // Nothing moves before the first retarget, at 2.116 s.
    #expect(frames.first!.time > 2_116_000_000)
    #expect(frames.first!.time < 2_116_000_000 + 8_333_334)
    let settled = frames.filter(\.isSettled)
    #expect(settled.count == 2)
    for sample in settled {
      for element in sample.elements { #expect(element.frame == element.target) }
    }
  }

  @Test func tickRateIsConfigurable() {
    let at120 = replay(.duoOpening).timeline.frames.count
    let at60 = replay(.duoOpening, testConfiguration(tickRate: 60)).timeline.frames.count
    #expect(at60 < at120)
    #expect(abs(at120 - 2 * at60) <= 4)
  }

  @Test func sameTraceGivesTheSameBytesAndDigest() {
    let first = replay(.windowResize)
    let second = replay(.windowResize)
    #expect(first.timeline.records == second.timeline.records)
    #expect(first.summary.digest == second.summary.digest)
    #expect(first.summary.digest.count == 16)
    #expect(first.summary.digest != replay(.duoOpening).summary.digest)
  }

  @Test func theRealCorePassesEveryCheckOnTheScripts() {
    for script in [TraceScript.duoOpening, .windowResize] {
      let summary = replay(script).summary
      #expect(summary.failures.isEmpty, "\(summary.failures.map(\.message))")
      #expect(summary.passed)
    }
  }

  @Test func aTenHourTraceStreamsThroughASinkThatKeepsNothing() {
    // One fold every five minutes and a scroll every 30 s for ten hours: 1 320 events, generated lazily.
    let hour: UInt64 = 3_600_000_000_000
    let events = (0..<1_320).lazy.map { index -> TraceEvent in
      let time = UInt64(index) * 30_000_000_000
      switch index {
      case 0: return TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .internal, scale: 3))
      case 1:
        return TraceEvent(
          time: time,
          .geometry(
            scene: SceneID(1),
            SceneGeometry(size: TraceSize(width: 1180, height: 820), horizontal: .regular, vertical: .regular)
          ))
      case let i where i % 10 == 0:
        return TraceEvent(
          time: time,
          .regions(scene: SceneID(1), [TraceScript.fold(width: 1180, height: 820, active: i % 20 == 0)]))
      default:
        return TraceEvent(
          time: time,
          .scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: Double(index % 50) * 120), anchor: nil))
      }
    }
    var replayer = Replayer(configuration: testConfiguration(policy: StubLayout()))
    var sink = TeeSink(CountingSink(), ReplayVerifier(trace: "ten-hours"))
    for event in events { replayer.consume(event, into: &sink) }
    replayer.finish(into: &sink)
    #expect(replayer.time == 1_319 * 30_000_000_000)
    #expect(replayer.time > 10 * hour - hour / 10)
    #expect(sink.first.ended)
    // The first geometry, then every region report: the first makes the scene foldable, each later one
    // folds or unfolds it.
    #expect(sink.first.layouts == 1 + 131)
    #expect(sink.first.frames > 0)
    #expect(sink.second.summary.events == 1_320)
    #expect(sink.second.summary.passed)
  }
}

@Suite struct HandoverWindowTests {
  @Test func aConnectLongAfterTheDisconnectIsANewScene() {
    var script = TraceScript()
    script.connect(1, .external)
    script.geometry(1, 420, 760, .compact, .regular)
    script.scroll(1, 3000)
    script.wait(100)
    script.disconnect(1)
    script.wait(5_000)
    script.connect(2, .internal)
    script.geometry(2, 1180, 820, .regular, .regular)
    script.wait(500)
    let changes = replay(script).timeline.layoutChanges
    #expect(changes.allSatisfy { $0.handoverFrom == nil })
    #expect(changes.last?.offsetAfter == 0)
  }
}

@Suite struct ContentAwareLayoutTests {
  /// A layout that never shows more grid columns than there are items.
  struct FewItemsLayout: ContentLayout {
    func plan(for context: LayoutContext, content: any ContentModel) -> LayoutPlan {
      var plan = StubLayout().plan(for: context)
      plan.columns = min(plan.columns, content.items.count)
      return plan
    }
  }

  @Test func theLayoutSeesTheContent() {
    var script = TraceScript()
    script.connect(1, .window)
    script.geometry(1, 1366, 1024, .regular, .regular)
    script.wait(100)
    let full = replay(
      script,
      ReplayConfiguration(
        layout: FewItemsLayout(), content: RecordListContent(), scrollElementID: "list"))
    let one = replay(
      script,
      ReplayConfiguration(
        layout: FewItemsLayout(), content: RecordListContent(count: 1), scrollElementID: "list"))
    #expect(full.timeline.layoutChanges.first!.columns > 1)
    #expect(one.timeline.layoutChanges.first!.columns == 1)
  }
}
