import FoldReplay
import FoldReplayTesting
import FoldSim
import FoldTrace
import Foundation
import LayoutCore
import MailboxLayout
import Testing

/// The main use of FoldTrace, compiled and run: an app's own layout module (MailboxLayout links
/// LayoutCore alone) replayed against the shipped corpus and against a scripted FoldSim session.
@Suite struct MailboxReplayTests {
  /// What the app replays: its layout, content, scroll model and animator.
  static let configuration = ReplayConfiguration(
    policy: MailboxLayout(), animator: PlanAnimator.mailbox, scrollAnchoring: MailboxScroll.self,
    content: MailboxContent(), scrollElementID: MailboxLayout.scrollElementID)

  static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Traces").path

  @Test(arguments: [
    "duo-open-external-to-internal", "state-book-fold", "var-ipad-resize-five-shapes",
    "edge-square-window-drag",
  ])
  func corpusTracePassesEveryCheck(name: String) throws {
    let result = try Replayer.replay(
      path: "\(Self.traces)/\(name).foldtrace", configuration: Self.configuration, keepingFrames: true)
    assertReplayPasses(result)
  }

  @Test func openingTheDuoKeepsTheSelectedMessage() throws {
    let scenario = try Scenario.parse(
      """
      {
        "device": "iphone-duo",
        "seed": 7,
        "timeline": [
          {"gesture": "scroll", "to": "item-120", "duration": 0.6, "at": 0.5},
          {"gesture": "select", "item": "item-120", "after": 0.4},
          {"gesture": "open", "after": 0.8}
        ]
      }
      """)
    let result = Replayer.replay(
      try scenario.events(), trace: "open-with-selection", configuration: Self.configuration,
      keepingFrames: true)
    assertShapeTransitions(result, scene: SceneID(1), [.compactTall])
    assertShapeTransitions(result, scene: SceneID(2), [.regularWide])
    assertScrollAnchorsPreserved(result)
    assertNoSnap(result)
    assertReservedRegionsAvoided(result)
    assertReplayPasses(result)
  }
}
