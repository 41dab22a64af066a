import LayoutCore

/// The mailbox's scroll view model: it keeps the reader's place with LayoutCore's ``ScrollModel`` and is
/// where the app's own scrolling rules go.
///
/// It conforms to ``ScrollAnchoring`` alone (not ``ScrollLayoutSharing``), as an app's own model would;
/// a replay then gives it no shared layout cache.
public struct MailboxScroll: ScrollAnchoring {
  private var model: ScrollModel

  /// Creates the scroll view at `contentOffset` (pt).
  public init(
    items: [ScrollItem], viewport: ScrollViewport, configuration: ScrollConfiguration,
    contentOffset: Double, selection: String?
  ) {
    model = ScrollModel(
      items: items, viewport: viewport, configuration: configuration, contentOffset: contentOffset,
      selection: selection)
  }

  /// Creates the scroll view at a place another scene handed over.
  public init(
    restoring position: ScrollPosition, items: [ScrollItem], viewport: ScrollViewport,
    configuration: ScrollConfiguration
  ) {
    model = ScrollModel(restoring: position, items: items, viewport: viewport, configuration: configuration)
  }

  public var contentOffset: Double { model.contentOffset }
  public var anchor: ScrollAnchor? { model.anchor }
  public var position: ScrollPosition { model.position }

  public mutating func scroll(to offset: Double) { model.scroll(to: offset) }
  public mutating func select(_ id: String?) { model.select(id) }

  @discardableResult
  public mutating func relayout(
    items: [ScrollItem]?, viewport: ScrollViewport?, configuration: ScrollConfiguration?
  ) -> ScrollAdjustment {
    model.relayout(items: items, viewport: viewport, configuration: configuration)
  }
}

extension PlanAnimator {
  /// The mailbox's motion: a quicker critically damped spring (0.3 s, bounce 0) for moves and LayoutCore's
  /// cross-fade under Reduce Motion.
  public static let mailbox = PlanAnimator(spring: Spring(duration: 0.3, bounce: 0))
}
