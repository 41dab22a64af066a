import FoldReplay
import FoldSim
import FoldTrace
import LayoutCore
import Testing

/// Random sessions, including ill-formed ones (events for scenes that are not connected, time running
/// backward, zero sizes): the replay never traps, is deterministic, and seeking agrees with it.
@Suite struct RandomSessionTests {
  static func session(seed: UInt64, count: Int) -> [TraceEvent] {
    var random = SplitMix64(seed: seed)
    var time: UInt64 = 0
    var events: [TraceEvent] = []
    let classes: [UserInterfaceSizeClass] = [.compact, .regular, .unspecified]
    for _ in 0..<count {
      time += UInt64.random(in: 0...40, using: &random) * 1_000_000
      if Int.random(in: 0..<50, using: &random) == 0 { time -= min(time, 5_000_000) }
      let scene = SceneID(UInt32.random(in: 1...3, using: &random))
      let width = Double(Int.random(in: 0...1400, using: &random))
      let height = Double(Int.random(in: 0...1400, using: &random))
      let payload: TraceEvent.Payload
      switch Int.random(in: 0..<10, using: &random) {
      case 0:
        payload = .sceneConnected(
          scene: scene, display: DisplayRole.allCases.randomElement(using: &random)!, scale: 3)
      case 1: payload = .sceneDisconnected(scene: scene)
      case 2, 3:
        payload = .geometry(
          scene: scene,
          SceneGeometry(
            size: TraceSize(width: width, height: height),
            safeArea: TraceInsets(
              top: 20, leading: Double(Int.random(in: 0...60, using: &random)), bottom: 0, trailing: 0),
            horizontal: classes.randomElement(using: &random)!,
            vertical: classes.randomElement(using: &random)!,
            isInteractivelyResizing: Bool.random(using: &random),
            verticalBarEdge: VerticalBarEdge.allCases.randomElement(using: &random)!))
      case 4:
        payload = .regions(
          scene: scene,
          [
            ReservedRegion(
              kind: Bool.random(using: &random) ? .division : .occlusion,
              frame: TraceRect(
                x: width / 2, y: 0, width: Double(Int.random(in: 0...30, using: &random)), height: height),
              isActive: Bool.random(using: &random))
          ])
      case 5:
        payload = .traits(
          scene: scene,
          SceneTraits(
            contentSizeCategory: ContentSizeCategory.allCases.randomElement(using: &random)!,
            reduceMotion: Int.random(in: 0..<4, using: &random) == 0,
            layoutDirection: Bool.random(using: &random) ? .leftToRight : .rightToLeft))
      case 6, 7:
        payload = .scroll(
          scene: scene, offset: TracePoint(x: 0, y: Double(Int.random(in: -100...20_000, using: &random))),
          anchor: Bool.random(using: &random) ? "item-\(Int.random(in: 0...500, using: &random))" : nil)
      case 8: payload = .selection(scene: scene, item: "item-\(Int.random(in: 0...450, using: &random))")
      default:
        payload = .hinge(
          HingeState(status: .partiallyOpen, angle: Double(Int.random(in: 0...180, using: &random))))
      }
      events.append(TraceEvent(time: time, payload))
    }
    return events
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func randomSessionsReplayDeterministicallyAndSeekAgrees(_ seed: UInt64) throws {
    let events = Self.session(seed: seed, count: 400)
    let first = Replayer.replay(events, trace: "random", configuration: testConfiguration())
    let second = Replayer.replay(events, trace: "random", configuration: testConfiguration())
    #expect(first.summary == second.summary)
    #expect(first.timeline.records == second.timeline.records)
    #expect(first.summary.events == 400)
    #expect(!first.timeline.layoutChanges.isEmpty)
    // Writers refuse time running backward, so the trace file gets the events with times made monotonic.
    var script = TraceScript()
    var last: UInt64 = 0
    for event in events {
      last = max(last, event.time)
      script.add(event.payload, at: last)
    }
    let (frames, mismatches) = try seekMismatches(
      bytes: try traceBytes(script), configuration: testConfiguration())
    #expect(frames >= 3)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
  }
}
