/// A scroll view's anchoring behaviour: ``ScrollModel`` or an app's own scroll model.
///
/// A replay creates one value per scene, forwards the user's scrolls and selections, and asks it to lay
/// the content out again at each layout change. It then measures the result itself from the content
/// (``ScrollLayout``), so a strategy cannot excuse its own drift.
///
/// A strategy that can share measured layouts between scroll views over the same items also conforms to
/// ``ScrollLayoutSharing``; a replay then hands it one cache for every scene.
public protocol ScrollAnchoring: Sendable {
  /// Creates a scroll view at `contentOffset` (pt, clamped) and selects its anchor.
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

  /// The user scrolls to `offset` (pt).
  mutating func scroll(to offset: Double)
  /// The user selects `id` (or clears the selection).
  mutating func select(_ id: String?)
  /// Lays the content out again keeping the user's place; nil arguments keep the current ones.
  @discardableResult
  mutating func relayout(
    items: [ScrollItem]?, viewport: ScrollViewport?, configuration: ScrollConfiguration?
  ) -> ScrollAdjustment
}

/// A ``ScrollAnchoring`` strategy that takes its layouts from a cache shared between scroll views over
/// the same items: an optional refinement for speed. Each method must give what its
/// ``ScrollAnchoring`` counterpart gives; a cache only holds layouts computed from their inputs.
public protocol ScrollLayoutSharing: ScrollAnchoring {
  /// ``ScrollAnchoring/init(items:viewport:configuration:contentOffset:selection:)``, free to take its
  /// layout from `layouts`.
  init(
    items: [ScrollItem], viewport: ScrollViewport, configuration: ScrollConfiguration,
    contentOffset: Double, selection: String?, using layouts: inout ScrollLayoutCache)

  /// ``ScrollAnchoring/init(restoring:items:viewport:configuration:)``, free to take its layout from
  /// `layouts`.
  init(
    restoring position: ScrollPosition, items: [ScrollItem], viewport: ScrollViewport,
    configuration: ScrollConfiguration, using layouts: inout ScrollLayoutCache)

  /// ``ScrollAnchoring/relayout(items:viewport:configuration:)``, free to take its layout from `layouts`.
  @discardableResult
  mutating func relayout(
    items: [ScrollItem]?, viewport: ScrollViewport?, configuration: ScrollConfiguration?,
    using layouts: inout ScrollLayoutCache
  ) -> ScrollAdjustment
}

extension ScrollModel: ScrollLayoutSharing {}
