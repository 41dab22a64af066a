/// The last few ``ScrollLayout``s a scroll view computed, found again by what their frames depend on.
///
/// A layout's frames are a pure function of the items, the content width and left edge, the layout
/// direction and the configuration (``ScrollLayout/init(items:viewport:configuration:)``); the viewport's
/// height and its top and bottom insets play no part. A scroll view on a foldable goes back and forth
/// between a few such inputs (folded, unfolded, a split pane; the window resized and back), so a relayout
/// usually finds its layout here and shares its arrays instead of measuring every item again. The same
/// inputs give the same layout, so a hit returns exactly what a computation would.
///
/// Inputs are compared by the bits of their numbers (a `-0` spacing is not a `+0` one) and the items by
/// `==` (the same array is equal at once). The least recently used entry makes room for a new one.
///
/// A ``ScrollModel`` keeps one for its own relayouts. A caller with several scroll views over the same
/// items (a replay's scenes, one after another on each display) passes one cache to all of them with the
/// `using:` variants, so a new scene's view starts from a layout an earlier one measured.
///
/// The cache takes no part in equality or hashing: two scroll views in the same state are equal whatever
/// each has laid out before.
public struct ScrollLayoutCache: Sendable, Hashable {
  /// What a layout's frames depend on besides the items.
  struct Key: Equatable, Sendable {
    var contentWidth: UInt64
    var contentMinX: UInt64
    var layoutDirection: LayoutDirection
    var columns: Int
    var columnSpacing: UInt64
    var rowSpacing: UInt64
    var dynamicTypeSize: DynamicTypeSize

    init(_ viewport: ScrollViewport, _ configuration: ScrollConfiguration) {
      contentWidth = viewport.contentWidth.bitPattern
      contentMinX = viewport.contentMinX.bitPattern
      layoutDirection = viewport.layoutDirection
      columns = configuration.columns
      columnSpacing = configuration.columnSpacing.bitPattern
      rowSpacing = configuration.rowSpacing.bitPattern
      dynamicTypeSize = configuration.dynamicTypeSize
    }
  }

  /// The most layouts kept.
  public let capacity: Int
  /// The layouts, most recently used last.
  private var entries: [(key: Key, layout: ScrollLayout)] = []

  /// Creates an empty cache.
  ///
  /// - Parameter capacity: The most layouts kept (default 16); 0 keeps none.
  public init(capacity: Int = 16) {
    precondition(capacity >= 0, "capacity must not be negative")
    self.capacity = capacity
  }

  /// The layout of `items` for `viewport` and `configuration`: a kept one when its inputs match,
  /// otherwise a new one (with `previous`'s id index when it has the same items), which is then kept.
  /// Equal to `ScrollLayout(items: items, viewport: viewport, configuration: configuration)`.
  ///
  /// - Parameters:
  ///   - items: The items, in order.
  ///   - viewport: The viewport.
  ///   - configuration: Columns, spacing and text size.
  ///   - previous: An earlier layout whose id index a new layout may reuse.
  /// - Returns: The layout.
  /// - Complexity: O(``capacity``) comparisons on a hit (plus O(n) when `items` is an equal array in
  ///   other storage); O(n) in the number of items on a miss.
  public mutating func layout(
    items: [ScrollItem], viewport: ScrollViewport, configuration: ScrollConfiguration,
    previous: ScrollLayout? = nil
  ) -> ScrollLayout {
    let key = Key(viewport, configuration)
    if let index = entries.lastIndex(where: { $0.key == key && $0.layout.items == items }) {
      let entry = entries.remove(at: index)
      entries.append(entry)
      return entry.layout
    }
    let layout = ScrollLayout(
      items: items, viewport: viewport, configuration: configuration, reusingIndexOf: previous)
    keep(layout, viewport: viewport, configuration: configuration)
    return layout
  }

  /// Keeps `layout`, made for `viewport` and `configuration`, as the most recently used.
  ///
  /// - Complexity: O(``capacity``).
  mutating func keep(_ layout: ScrollLayout, viewport: ScrollViewport, configuration: ScrollConfiguration) {
    guard capacity > 0 else { return }
    if entries.count == capacity { entries.removeFirst() }
    entries.append((Key(viewport, configuration), layout))
  }

  /// Always true: a cache does not make two scroll views differ.
  public static func == (lhs: Self, rhs: Self) -> Bool { true }

  /// Hashes nothing (see ``==(_:_:)``).
  public func hash(into hasher: inout Hasher) {}
}
