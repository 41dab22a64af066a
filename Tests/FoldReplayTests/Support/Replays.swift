import FoldReplay
import FoldTrace
import LayoutCore
import ReferenceScreen

/// The layout the tests call "the real core".
let coreLayout: any LayoutPolicy = ReferenceScreenLayout()

/// The configuration the tests replay with: LayoutCore's animator and scroll model, the reference
/// screen's content and ``coreLayout``.
func testConfiguration(
  policy: any LayoutPolicy = coreLayout, animator: any PlanAnimating = PlanAnimator(),
  scrollAnchoring: any ScrollAnchoring.Type = ScrollModel.self, tickRate: Int = 120
) -> ReplayConfiguration {
  ReplayConfiguration(
    policy: policy, animator: animator, scrollAnchoring: scrollAnchoring, content: RecordListContent(),
    scrollElementID: ReferenceScreenLayout.scrollElementID, tickRate: tickRate)
}

/// Replays a script, keeping frames.
func replay(
  _ script: TraceScript, _ configuration: ReplayConfiguration = testConfiguration(), trace: String = "test"
) -> ReplayResult {
  Replayer.replay(script.events, trace: trace, configuration: configuration, keepingFrames: true)
}

/// Counts records without keeping them.
struct CountingSink: ReplaySink {
  var layouts = 0
  var frames = 0
  var ended = false
  mutating func receive(_ record: ReplayRecord) {
    switch record {
    case .layout: layouts += 1
    case .frame: frames += 1
    case .end: ended = true
    default: break
    }
  }
}
