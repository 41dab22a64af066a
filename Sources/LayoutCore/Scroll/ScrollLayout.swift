/// The frames of a scroll view's items for one viewport and configuration, and the content height.
///
/// Frames are in content coordinates, in points: x in the viewport's horizontal space (the content starts at
/// ``ScrollViewport/contentMinX``), y from the top of the content (0 is the first row's top). Items fill rows
/// of ``ScrollConfiguration/columns`` in order; each row is as tall as its tallest item; in right-to-left the
/// first column is the rightmost. Heights are exact functions of the inputs
/// (``ScrollItem/height(width:dynamicTypeSize:)``) and row tops are summed in order, so the same inputs give
/// bit-identical frames.
public struct ScrollLayout: Sendable, Hashable {
  /// The items, in order.
  public let items: [ScrollItem]
  /// Each item's frame, same order as ``items``, in points.
  public let frames: [Rect]
  /// Total content height, in points (0 when empty).
  public let contentHeight: Double
  /// First index of each id.
  private let indexByID: IDIndex
  /// True when no frame's top is above (or NaN against) the one before it, as rows laid out in order
  /// with non-negative spacing give: searches by top may then bisect.
  private let hasOrderedTops: Bool
  /// The largest frame height, in points (0 without frames; +∞ when a height is NaN): no frame reaches
  /// lower than its top plus this.
  private let tallestHeight: Double

  /// Lays out `items` for `viewport` and `configuration`.
  ///
  /// - Parameters:
  ///   - items: The items, in order; identifiers should be unique (a repeated id is found at its first
  ///     position).
  ///   - viewport: The viewport; its content width and direction are used.
  ///   - configuration: Columns, spacing and text size.
  /// - Complexity: O(n) in the number of items.
  public init(items: [ScrollItem], viewport: ScrollViewport, configuration: ScrollConfiguration) {
    self.init(items: items, viewport: viewport, configuration: configuration, reusingIndexOf: nil)
  }

  /// Lays out `items` for `viewport` and `configuration`, taking the id index from `previous` when it laid
  /// out the same items.
  ///
  /// A relayout for a new width, column count or text size keeps the items; their id → position index
  /// then needs no rehashing. The result equals ``init(items:viewport:configuration:)``'s.
  ///
  /// - Parameters:
  ///   - items: The items, in order (see ``init(items:viewport:configuration:)``).
  ///   - viewport: The viewport; its content width and direction are used.
  ///   - configuration: Columns, spacing and text size.
  ///   - previous: An earlier layout; its index is reused when its items equal `items`.
  /// - Complexity: O(n) in the number of items; the id index costs O(1) when the items are the same
  ///   array (`previous.items` shares storage with `items`), O(n) comparisons otherwise.
  public init(
    items: [ScrollItem], viewport: ScrollViewport, configuration: ScrollConfiguration,
    reusingIndexOf previous: ScrollLayout?
  ) {
    let columns = configuration.columns
    let spacing = configuration.columnSpacing
    let contentWidth = viewport.contentWidth
    let itemWidth = max(0, (contentWidth - Double(columns - 1) * spacing) / Double(columns))
    var frames: [Rect] = []
    frames.reserveCapacity(items.count)
    var rowTop = 0.0
    var contentHeight = 0.0
    var rowStart = 0
    var text = TextHeights(
      metrics: TextMetrics(dynamicTypeSize: configuration.dynamicTypeSize), itemWidth: itemWidth)
    while rowStart < items.count {
      let rowEnd = min(rowStart + columns, items.count)
      var rowHeight = 0.0
      for index in rowStart..<rowEnd {
        let height: Double
        if case .text(let characters, let padding) = items[index].content {
          height = text.height(characters: characters, padding: padding)
        } else {
          height = items[index].height(width: itemWidth, dynamicTypeSize: configuration.dynamicTypeSize)
        }
        rowHeight = max(rowHeight, height)
        let column = Double(index - rowStart)
        let x =
          viewport.layoutDirection == .leftToRight
          ? viewport.contentMinX + column * (itemWidth + spacing)
          : viewport.contentMinX + contentWidth - itemWidth - column * (itemWidth + spacing)
        frames.append(Rect(x: x, y: rowTop, width: itemWidth, height: height))
      }
      contentHeight = rowTop + rowHeight
      rowTop = contentHeight + configuration.rowSpacing
      rowStart = rowEnd
    }
    let indexByID =
      if let previous, previous.items == items { previous.indexByID } else { IDIndex(items) }
    var hasOrderedTops = true
    for index in frames.indices.dropFirst() where !(frames[index].minY >= frames[index - 1].minY) {
      hasOrderedTops = false
      break
    }
    self.hasOrderedTops = hasOrderedTops
    var tallestHeight = 0.0
    for frame in frames where !(frame.height <= tallestHeight) {
      tallestHeight = frame.height.isNaN ? .infinity : frame.height
    }
    self.tallestHeight = tallestHeight
    self.items = items
    self.frames = frames
    self.contentHeight = contentHeight
    self.indexByID = indexByID
  }

  /// ``ScrollItem/height(width:dynamicTypeSize:)`` of text items of one width and text size, remembering
  /// the characters per line for the latest padding (items of a list share theirs): the same arithmetic,
  /// the same heights, without the division per item.
  private struct TextHeights {
    let metrics: TextMetrics
    let itemWidth: Double
    let lineHeight: Double
    private var paddingBits: UInt64?
    private var perLine = 1

    init(metrics: TextMetrics, itemWidth: Double) {
      self.metrics = metrics
      self.itemWidth = itemWidth
      self.lineHeight = metrics.lineHeight
    }

    /// `TextMetrics.height(ofCharacters:width:)` of the text width plus twice the padding, in points.
    mutating func height(characters: Int, padding: Double) -> Double {
      if paddingBits != padding.bitPattern {
        paddingBits = padding.bitPattern
        perLine = metrics.charactersPerLine(width: max(0, itemWidth - 2 * padding))
      }
      let lines = characters > 0 ? (characters + perLine - 1) / perLine : 0
      return Double(lines) * lineHeight + 2 * padding
    }
  }

  /// True when no frame's top is above the one before it (see ``firstIndex(withTopAtLeast:)``).
  var topsAreOrdered: Bool { hasOrderedTops }

  /// True when no id is repeated: then each item is found at its own position.
  var hasUniqueIDs: Bool { indexByID.hasUniqueIDs }

  /// The index of the item with `id`, if present.
  ///
  /// - Complexity: O(1) on average.
  public func index(of id: String) -> Int? { indexByID.position(of: id, in: items) }

  /// The frame of the item with `id`, if present, in points.
  ///
  /// - Complexity: O(1) on average.
  public func frame(of id: String) -> Rect? { index(of: id).map { frames[$0] } }

  /// The first index at or after which a frame's top can be at least `y` (points): every frame before it
  /// starts above `y`. Bisects when tops are ordered, otherwise 0.
  ///
  /// - Complexity: O(log n).
  func firstIndex(withTopAtLeast y: Double) -> Int { partitioningIndex { $0 >= y } }

  /// The first index at or after which a frame's bottom can be below `y` (points): every frame before it
  /// ends at or above `y`. Bisects when tops are ordered, otherwise 0.
  ///
  /// A frame's bottom is its top plus its height (``Rect/maxY``); with the tallest height instead, the sum
  /// is no smaller (rounding to nearest is monotonic), and it grows with the top. So the frames whose top
  /// plus the tallest height is at most `y` come first, and none of them ends below `y`.
  ///
  /// - Complexity: O(log n).
  func firstIndex(withBottomPossiblyBelow y: Double) -> Int {
    partitioningIndex { $0 + tallestHeight > y }
  }

  /// The first index whose frame's top satisfies `isPast`, a test that is false and then true as tops
  /// grow; 0 when tops are not ordered (the caller then scans from the start).
  ///
  /// - Complexity: O(log n).
  @inline(__always)
  private func partitioningIndex(_ isPast: (Double) -> Bool) -> Int {
    guard hasOrderedTops else { return 0 }
    var low = 0
    var high = frames.count
    while low < high {
      let middle = (low + high) / 2
      if isPast(frames[middle].minY) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The largest valid content offset in `viewport`: content height minus the viewing height, at least 0.
  public func maxOffset(in viewport: ScrollViewport) -> Double {
    max(0, contentHeight - viewport.visibleHeight)
  }
}
