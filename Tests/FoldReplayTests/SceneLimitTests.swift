import FoldReplay
import FoldTrace
import Testing

/// A summary lists the first `ReplaySummary.sceneLimit` scenes laid out and counts the rest, so a trace
/// of very many scenes that come and go is summarized in bounded memory.
@Suite struct SceneLimitTests {
  /// Scene `n` connects at n ms on the external display with a compact width, and disconnects 0.5 ms
  /// later.
  static func comingAndGoing(_ count: Int) -> some Sequence<TraceEvent> {
    (1...count).lazy.flatMap { number -> [TraceEvent] in
      let scene = SceneID(UInt32(number))
      let time = UInt64(number) * 1_000_000
      let geometry = SceneGeometry(
        size: TraceSize(width: 390, height: 844), horizontal: .compact, vertical: .regular)
      return [
        TraceEvent(time: time, .sceneConnected(scene: scene, display: .external, scale: 3)),
        TraceEvent(time: time, .geometry(scene: scene, geometry)),
        TraceEvent(time: time + 500_000, .sceneDisconnected(scene: scene)),
      ]
    }
  }

  @Test func scenesPastTheLimitAreCountedNotListed() {
    let count = ReplaySummary.sceneLimit + 25
    let result = Replayer.replay(
      Self.comingAndGoing(count), trace: "many", configuration: testConfiguration())
    let summary = result.summary
    #expect(summary.scenes.count == ReplaySummary.sceneLimit)
    #expect(summary.unlistedScenes == 25)
    #expect(summary.sceneCount == count)
    #expect(summary.scenes.first?.scene == SceneID(1))
    #expect(summary.scenes.last?.scene == SceneID(UInt32(ReplaySummary.sceneLimit)))
    #expect(summary.scenes.allSatisfy { $0.transitions.map(\.shape) == [.compactTall] })
    #expect(summary.goldenText.contains("\nscenes not listed: 25\n"))
    #expect(summary.passed)
  }

  @Test func aTraceUnderTheLimitListsEveryScene() {
    let summary = Replayer.replay(Self.comingAndGoing(3), trace: "few", configuration: testConfiguration())
      .summary
    #expect(summary.scenes.map(\.scene) == [SceneID(1), SceneID(2), SceneID(3)])
    #expect(summary.unlistedScenes == 0)
    #expect(!summary.goldenText.contains("not listed"))
  }

  /// A scene past the limit is forgotten at its disconnect, so it is counted again when it reconnects:
  /// memory holds the connected scenes past the limit, not every one ever seen.
  @Test func aScenePastTheLimitCountsAtEachConnection() {
    let geometry = SceneGeometry(
      size: TraceSize(width: 390, height: 844), horizontal: .compact, vertical: .regular)
    let late = SceneID(UInt32(ReplaySummary.sceneLimit + 1))
    let start = UInt64(ReplaySummary.sceneLimit + 1) * 1_000_000
    let reconnections = (0..<3).flatMap { round -> [TraceEvent] in
      let time = start + UInt64(round) * 1_000_000
      return [
        TraceEvent(time: time, .sceneConnected(scene: late, display: .external, scale: 3)),
        TraceEvent(time: time, .geometry(scene: late, geometry)),
        TraceEvent(time: time + 500_000, .sceneDisconnected(scene: late)),
      ]
    }
    let events = Array(Self.comingAndGoing(ReplaySummary.sceneLimit)) + reconnections
    let summary = Replayer.replay(events, trace: "re", configuration: testConfiguration()).summary
    #expect(summary.scenes.count == ReplaySummary.sceneLimit)
    #expect(summary.unlistedScenes == 3)
  }
}
