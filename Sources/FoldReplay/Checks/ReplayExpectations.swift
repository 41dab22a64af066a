import LayoutCore

/// What the checks must know of the app under test besides the records: which element scrolls, how the
/// screen names its panes, and whether a trace may name content the model does not have.
///
/// ``ReplayConfiguration/expectations`` derives them from a replay's configuration; a verifier made
/// without them checks neither the scroll element nor unknown ids, and counts panes as scrollable
/// elements.
public struct ReplayExpectations: Sendable, Equatable {
  /// The id of the plan element whose frame is the scrolling viewport; every plan must place it
  /// (``ReplayCheck/scrollElement``). Nil: not checked.
  public var scrollElementID: String?
  /// The screen's names for its panes. Pane count (a decision checked for flapping) is the number of
  /// ``PlanVocabulary/paneIDs`` a plan places; with no pane ids, the number of scrollable elements.
  public var vocabulary: PlanVocabulary
  /// True when anchor and selection events may name items the content model does not have (a trace
  /// recorded against other content): they are still counted (``ReplaySummary/unknownContentIDs``) but
  /// fail no check. False: each one fails ``ReplayCheck/unknownContentID``.
  public var unknownContentIDsExpected: Bool

  /// Creates expectations.
  ///
  /// - Parameters:
  ///   - scrollElementID: The scrolling element's id, or nil not to check it.
  ///   - vocabulary: The screen's pane names (default none: panes are the scrollable elements).
  ///   - unknownContentIDsExpected: Whether unknown anchor and selection ids are expected (default false).
  public init(
    scrollElementID: String? = nil, vocabulary: PlanVocabulary = .none,
    unknownContentIDsExpected: Bool = false
  ) {
    self.scrollElementID = scrollElementID
    self.vocabulary = vocabulary
    self.unknownContentIDsExpected = unknownContentIDsExpected
  }

  /// The number of panes `plan` places: its elements named in ``PlanVocabulary/paneIDs``, or, when the
  /// vocabulary names no pane, its scrollable elements.
  ///
  /// - Complexity: O(n × p) for n elements and p pane ids.
  public func paneCount(of plan: LayoutPlan) -> Int {
    let panes = vocabulary.paneIDs
    if panes.isEmpty { return plan.elements.reduce(0) { $0 + ($1.isScrollable ? 1 : 0) } }
    return plan.elements.reduce(0) { $0 + (panes.contains($1.id) ? 1 : 0) }
  }
}
