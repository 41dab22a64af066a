import FoldTrace

/// Checks that every relayout kept the scroll anchor's distance from the viewport's top, except where
/// anchoring promises nothing (CSS Scroll Anchoring): the anchor was removed, the
/// offset had to be clamped to the content's ends (then it must be exactly clamped), or the view was at
/// the top (then it must stay there).
///
/// The check decides that promise itself (``expectation(for:)``) from what the replayer measured of the
/// content (``LayoutChange/anchorItemTop``, ``LayoutChange/maximumOffset``,
/// ``LayoutChange/wasAtTop``), never from the strategy under test, and then compares the outcome with it.
struct AnchorCheck {
  let tolerance: Double
  /// The largest |drift| of a kept anchor, in points.
  private(set) var maximumDrift: Double = 0

  init(tolerance: Double) { self.tolerance = tolerance }

  /// What anchoring promised across `change`, from the content alone (CSS Scroll Anchoring,
  /// "suppression triggers" and clamping): nothing without an anchor to keep, nothing but a new anchor
  /// when its item is gone, offset 0 when the view was at the top, the content's end when keeping the
  /// distance would scroll past it, the kept distance otherwise.
  ///
  /// - Complexity: O(1).
  static func expectation(for change: LayoutChange) -> AnchorOutcome {
    guard let before = change.anchorBefore else { return .none }
    guard let top = change.anchorItemTop else { return .removed }
    if change.wasAtTop { return .atTop }
    let ideal = top - before.offsetFromViewportTop
    if ideal < 0 { return .clamped(0) }
    if ideal > change.maximumOffset { return .clamped(change.maximumOffset) }
    return .kept
  }

  /// Checks one change, reporting a broken promise through `report`.
  ///
  /// - Returns: The kept anchor's drift (after − before, in points), or nil when no distance was promised.
  @discardableResult
  mutating func observe(_ change: LayoutChange, report: (ReplayFailure) -> Void) -> Double? {
    guard let before = change.anchorBefore else { return nil }
    let context = change.handoverFrom.map { " after taking over from scene \($0)" } ?? ""
    func fail(_ expected: String, _ actual: String, _ summary: String) {
      report(
        ReplayFailure(
          check: .anchor, scene: change.scene, eventIndex: change.eventIndex, time: change.time,
          element: before.itemID, expected: expected, actual: actual, summary: summary + context))
    }
    switch Self.expectation(for: change) {
    case .none, .removed:
      return nil
    case .kept:
      guard let after = change.anchorAfter else { return nil }
      let drift = after.offsetFromViewportTop - before.offsetFromViewportTop
      maximumDrift = max(maximumDrift, abs(drift))
      if abs(drift) > tolerance {
        fail(
          "\(ReplayFormat.number(before.offsetFromViewportTop)) pt from the viewport's top (±\(ReplayFormat.number(tolerance)) pt)",
          "\(ReplayFormat.number(after.offsetFromViewportTop)) pt",
          "the scroll anchor drifted \(ReplayFormat.number(drift)) pt across a relayout "
            + "(\(change.shape), \(change.columns) column\(change.columns == 1 ? "" : "s"))")
      }
      return drift
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
    return nil
  }
}

/// What scroll anchoring promised across one relayout, as the anchor check decides it from the content
/// alone, never from the strategy under test (CSS Scroll Anchoring, "suppression triggers" and
/// clamping).
public enum AnchorOutcome: Sendable, Equatable {
  /// Nothing to anchor: no scrolling content, or its first layout.
  case none
  /// The anchor must keep its distance from the viewport's top (within the tolerance).
  case kept
  /// Keeping the distance would scroll past either end; the offset must be clamped to this value
  /// (points).
  case clamped(Double)
  /// The view was at offset 0 and must stay there (CSS: no anchoring at the top).
  case atTop
  /// The anchor item no longer exists; the next surviving item becomes the anchor and no distance is
  /// promised.
  case removed
}

extension LayoutChange {
  /// What anchoring promised across this change, as the anchor check decides it.
  ///
  /// - Complexity: O(1).
  public var anchorOutcome: AnchorOutcome { AnchorCheck.expectation(for: self) }

  /// How far the anchor moved relative to the viewport's top, in points (after − before), when the anchor
  /// was to be kept.
  public var anchorDrift: Double? {
    guard case .kept = anchorOutcome, let before = anchorBefore, let after = anchorAfter else {
      return nil
    }
    return after.offsetFromViewportTop - before.offsetFromViewportTop
  }
}
