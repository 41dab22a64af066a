import LayoutCore

/// A scroll view's anchoring behaviour, as the replay drives it: LayoutCore's `ScrollModel` or a stand-in
/// (a test plants a fault by supplying its own).
///
/// The replay creates one value per scene, forwards the user's scrolls and selections, and asks it to lay
/// the content out again at each layout change. It then measures the result itself from the content
/// (`ScrollLayout`), so a strategy cannot excuse its own drift.
public protocol ScrollAnchoring: Sendable {
  /// Creates a scroll view at `contentOffset` (clamped) and selects its anchor.
  init(
    items: [ScrollItem], viewport: ScrollViewport, configuration: ScrollConfiguration,
    contentOffset: Double, selection: String?)

  /// Creates a new scene's scroll view at the place another scene handed over.
  init(
    restoring position: ScrollPosition, items: [ScrollItem], viewport: ScrollViewport,
    configuration: ScrollConfiguration)

  /// The content offset, in points.
  var contentOffset: Double { get }
  /// The anchor kept across relayouts.
  var anchor: ScrollAnchor? { get }
  /// The user's place, to hand to another scene.
  var position: ScrollPosition { get }

  /// The user scrolls to `offset`.
  mutating func scroll(to offset: Double)
  /// The user selects `id` (or clears the selection).
  mutating func select(_ id: String?)
  /// Lays the content out again keeping the user's place.
  @discardableResult
  mutating func relayout(
    items: [ScrollItem]?, viewport: ScrollViewport?, configuration: ScrollConfiguration?
  ) -> ScrollAdjustment

  /// ``init(items:viewport:configuration:contentOffset:selection:)``, free to take its layout from
  /// `layouts`, which the replay shares between its scenes' scroll views (all over the same items).
  init(
    items: [ScrollItem], viewport: ScrollViewport, configuration: ScrollConfiguration,
    contentOffset: Double, selection: String?, using layouts: inout ScrollLayoutCache)

  /// ``init(restoring:items:viewport:configuration:)``, free to take its layout from `layouts`.
  init(
    restoring position: ScrollPosition, items: [ScrollItem], viewport: ScrollViewport,
    configuration: ScrollConfiguration, using layouts: inout ScrollLayoutCache)

  /// ``relayout(items:viewport:configuration:)``, free to take its layout from `layouts`.
  @discardableResult
  mutating func relayout(
    items: [ScrollItem]?, viewport: ScrollViewport?, configuration: ScrollConfiguration?,
    using layouts: inout ScrollLayoutCache
  ) -> ScrollAdjustment
}

extension ScrollAnchoring {
  /// Ignores `layouts`: ``init(items:viewport:configuration:contentOffset:selection:)``.
  public init(
    items: [ScrollItem], viewport: ScrollViewport, configuration: ScrollConfiguration,
    contentOffset: Double, selection: String?, using layouts: inout ScrollLayoutCache
  ) {
    self.init(
      items: items, viewport: viewport, configuration: configuration, contentOffset: contentOffset,
      selection: selection)
  }

  /// Ignores `layouts`: ``init(restoring:items:viewport:configuration:)``.
  public init(
    restoring position: ScrollPosition, items: [ScrollItem], viewport: ScrollViewport,
    configuration: ScrollConfiguration, using layouts: inout ScrollLayoutCache
  ) {
    self.init(restoring: position, items: items, viewport: viewport, configuration: configuration)
  }

  /// Ignores `layouts`: ``relayout(items:viewport:configuration:)``.
  @discardableResult
  public mutating func relayout(
    items: [ScrollItem]?, viewport: ScrollViewport?, configuration: ScrollConfiguration?,
    using layouts: inout ScrollLayoutCache
  ) -> ScrollAdjustment {
    relayout(items: items, viewport: viewport, configuration: configuration)
  }
}

extension ScrollModel: ScrollAnchoring {}
