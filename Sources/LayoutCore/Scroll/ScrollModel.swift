/// A vertical scroll view's state: items, viewport, configuration, content offset, selection and the
/// anchor that keeps the user's place across layout changes.
///
/// The content offset is the content y shown at the top of the viewing region (the viewport minus its top
/// and bottom insets), from 0 to ``maxOffset`` (CSS `scrollTop` with `scroll-padding`).
///
/// The anchor is chosen (``ScrollAnchor/select(in:viewport:contentOffset:priority:)``) whenever the *user*
/// changes the position — ``scroll(to:)``, ``select(_:)`` — and is then kept across every
/// ``relayout(items:viewport:configuration:)``: each relayout puts the anchor's new top at its saved offset
/// from the viewing region's top. Because the saved offset is never re-derived from an adjusted offset, any
/// number of reflows cannot accumulate error (CSS re-selects after each scroll; an adjustment that restores
/// the anchor exactly would re-select the same item, so keeping it is equivalent while being drift-free).
/// Relayout rules are in `ScrollModel+Relayout.swift` and the ScrollAnchoring article.
public struct ScrollModel: Sendable, Hashable {
  /// The laid-out items.
  public private(set) var layout: ScrollLayout
  /// The viewport.
  public private(set) var viewport: ScrollViewport
  /// Columns, spacing and text size.
  public private(set) var configuration: ScrollConfiguration
  /// The content offset, in points, 0…``maxOffset``.
  public internal(set) var contentOffset: Double
  /// The selected (focused) item: the priority anchor candidate.
  public private(set) var selection: String?
  /// The kept anchor (nil when no item is visible).
  public internal(set) var anchor: ScrollAnchor?
  /// The anchor item's top when ``anchor`` was taken, in points (nil without an anchor).
  var anchorOriginTop: Double?
  /// The content offset when ``anchor`` was taken, in points: a relayout that puts the anchor back at
  /// ``anchorOriginTop`` restores this offset bit for bit.
  var anchorOriginOffset = 0.0
  /// The layouts laid out lately, for relayouts that come back to one (a cache: no part of equality).
  private var layoutCache = ScrollLayoutCache()

  /// Creates a scroll view at `contentOffset` (clamped) and selects its anchor.
  ///
  /// - Parameters:
  ///   - items: The items, in order, with unique identifiers.
  ///   - viewport: The viewport.
  ///   - configuration: Columns, spacing and text size.
  ///   - contentOffset: The initial offset, in points; default 0.
  ///   - selection: The selected item, if any.
  /// - Complexity: O(n) in the number of items.
  public init(
    items: [ScrollItem], viewport: ScrollViewport, configuration: ScrollConfiguration = .init(),
    contentOffset: Double = 0, selection: String? = nil
  ) {
    self.init(
      layout: ScrollLayout(items: items, viewport: viewport, configuration: configuration),
      viewport: viewport, configuration: configuration, contentOffset: contentOffset, selection: selection)
    layoutCache.keep(layout, viewport: viewport, configuration: configuration)
  }

  /// ``init(items:viewport:configuration:contentOffset:selection:)`` with the layout taken from `layouts`
  /// (and kept there): the same scroll view, without measuring the items again when another view over
  /// them has laid them out for the same width and configuration.
  ///
  /// - Parameters:
  ///   - items: The items, in order, with unique identifiers.
  ///   - viewport: The viewport.
  ///   - configuration: Columns, spacing and text size.
  ///   - contentOffset: The initial offset, in points.
  ///   - selection: The selected item, if any.
  ///   - layouts: Layouts shared between scroll views over the same items.
  /// - Complexity: O(n) in the number of items on a miss of `layouts`, O(log n) plus the anchor search
  ///   on a hit.
  public init(
    items: [ScrollItem], viewport: ScrollViewport, configuration: ScrollConfiguration,
    contentOffset: Double, selection: String?, using layouts: inout ScrollLayoutCache
  ) {
    self.init(
      layout: layouts.layout(items: items, viewport: viewport, configuration: configuration),
      viewport: viewport, configuration: configuration, contentOffset: contentOffset, selection: selection)
  }

  /// A scroll view over `layout`, made for `viewport` and `configuration`.
  private init(
    layout: ScrollLayout, viewport: ScrollViewport, configuration: ScrollConfiguration,
    contentOffset: Double, selection: String?
  ) {
    self.viewport = viewport
    self.configuration = configuration
    self.layout = layout
    self.contentOffset = 0
    self.selection = selection
    scroll(to: contentOffset)
  }

  /// The items, in order.
  public var items: [ScrollItem] { layout.items }

  /// The largest valid content offset, in points.
  public var maxOffset: Double { layout.maxOffset(in: viewport) }

  /// The frame of `id` relative to the viewing region (y 0 is the viewing region's top), in points.
  ///
  /// - Complexity: O(1) on average.
  public func visibleFrame(of id: String) -> Rect? {
    layout.frame(of: id).map { Rect(x: $0.x, y: $0.y - contentOffset, width: $0.width, height: $0.height) }
  }

  /// The user scrolls to `offset` (clamped to 0…``maxOffset``); the anchor is selected afresh.
  ///
  /// - Complexity: O(n).
  public mutating func scroll(to offset: Double) {
    contentOffset = min(max(0, offset), maxOffset)
    reselectAnchor()
  }

  /// The user selects `id` (or clears the selection); the anchor is selected afresh, preferring it.
  ///
  /// - Complexity: O(n).
  public mutating func select(_ id: String?) {
    selection = id
    reselectAnchor()
  }

  /// Selects the anchor at the current offset and records where it was.
  mutating func reselectAnchor() {
    let index = ScrollAnchor.selectIndex(
      in: layout, viewport: viewport, contentOffset: contentOffset, priority: selection)
    anchor = index.map {
      ScrollAnchor(itemID: layout.items[$0].id, offsetFromViewportTop: layout.frames[$0].minY - contentOffset)
    }
    // The anchor item's top is where its id is found: its own frame's when ids are unique.
    anchorOriginTop = index.flatMap {
      layout.hasUniqueIDs ? layout.frames[$0].minY : layout.frame(of: layout.items[$0].id)?.minY
    }
    anchorOriginOffset = contentOffset
  }

  /// Replaces layout inputs without anchoring (used by relayout); a layout laid out lately for the same
  /// inputs is taken from `layouts` as it is (the same frames, see ``ScrollLayoutCache``).
  mutating func replaceLayout(
    items: [ScrollItem], viewport: ScrollViewport, configuration: ScrollConfiguration,
    using layouts: inout ScrollLayoutCache
  ) {
    self.viewport = viewport
    self.configuration = configuration
    self.layout = layouts.layout(
      items: items, viewport: viewport, configuration: configuration, previous: layout)
  }

  /// Lends the view's own layout cache to `body` (taken out while it runs, so writing to it does not
  /// copy it).
  mutating func withOwnLayouts<Result>(_ body: (inout Self, inout ScrollLayoutCache) -> Result) -> Result {
    var layouts = layoutCache
    layoutCache = ScrollLayoutCache(capacity: 0)
    defer { layoutCache = layouts }
    return body(&self, &layouts)
  }

  /// Clears the selection when its item no longer exists.
  mutating func dropMissingSelection() {
    if let id = selection, layout.index(of: id) == nil { selection = nil }
  }
}
