import FoldTrace

/// Checks that every relayout kept the scroll anchor's distance from the viewport's top, except where
/// anchoring promises nothing (CSS Scroll Anchoring): the anchor was removed, the
/// offset had to be clamped to the content's ends (then it must be exactly clamped), or the view was at
/// the top (then it must stay there).
struct AnchorCheck {
  let tolerance: Double
  /// The largest |drift| of a kept anchor, in points.
  private(set) var maximumDrift: Double = 0

  init(tolerance: Double) { self.tolerance = tolerance }

  mutating func observe(_ change: LayoutChange, report: (ReplayFailure) -> Void) {
    guard let before = change.anchorBefore else { return }
    let context = change.handoverFrom.map { " after taking over from scene \($0)" } ?? ""
    func fail(_ expected: String, _ actual: String, _ summary: String) {
      report(
        ReplayFailure(
          check: .anchor, scene: change.scene, eventIndex: change.eventIndex, time: change.time,
          element: before.itemID, expected: expected, actual: actual, summary: summary + context))
    }
    switch change.anchorOutcome {
    case .none, .removed:
      return
    case .kept:
      guard let after = change.anchorAfter else { return }
      let drift = after.offsetFromViewportTop - before.offsetFromViewportTop
      maximumDrift = max(maximumDrift, abs(drift))
      if abs(drift) > tolerance {
        fail(
          "\(ReplayFormat.number(before.offsetFromViewportTop)) pt from the viewport's top (±\(ReplayFormat.number(tolerance)) pt)",
          "\(ReplayFormat.number(after.offsetFromViewportTop)) pt",
          "the scroll anchor drifted \(ReplayFormat.number(drift)) pt across a relayout "
            + "(\(change.shape), \(change.columns) columns)")
      }
    case .clamped(let offset):
      if abs(change.offsetAfter - offset) > tolerance {
        fail(
          "content offset clamped to \(ReplayFormat.number(offset)) pt",
          "\(ReplayFormat.number(change.offsetAfter)) pt",
          "the scroll position was not clamped to the content's end")
      }
    case .atTop:
      if abs(change.offsetAfter) > tolerance {
        fail(
          "content offset 0 pt (the view was at the top)", "\(ReplayFormat.number(change.offsetAfter)) pt",
          "the view left the top across a relayout")
      }
    }
  }
}
