/// Where trace times fall across a plot: the x coordinate of a time, in the SVG's units, and the
/// half-unit column a step line merges its samples by.
///
/// The plot and the timeline it draws share one grid, so what the timeline thins away while it reads is
/// exactly what the plot would have merged when it draws.
struct TimeGrid: Sendable, Equatable {
  /// The time at the left edge, in nanoseconds.
  let start: UInt64
  /// The time the width stands for, in nanoseconds: the window, at least 1 ms.
  let span: Double
  /// The x of `start`, in SVG units.
  let left: Double
  /// The plot's width, in SVG units.
  let width: Double

  /// A grid from `start` to `end` (nanoseconds) over `width` units from `left`.
  init(start: UInt64, end: UInt64, left: Double, width: Double) {
    self.start = start
    span = Double(max(end - min(end, start), 1_000_000))
    self.left = left
    self.width = width
  }

  /// The x of `time`, in SVG units; times before `start` map to `left`.
  /// - Complexity: O(1).
  func x(_ time: UInt64) -> Double { left + Double(time - min(time, start)) / span * width }

  /// The half-unit column `time` falls in: samples of one column draw as one vertical stroke.
  /// - Complexity: O(1).
  func column(_ time: UInt64) -> Int { SVGDocument.saturatingInt(x(time), scale: 2, rounding: .down) }

  /// How wide the stretch from `start` to `end` (nanoseconds) is drawn, in SVG units.
  func width(from start: UInt64, to end: UInt64) -> Double { x(end) - x(start) }

  /// `items` (in time order) with each run narrower than a unit, or already gathered (`changes` > 1),
  /// gathered into one item, closed as soon as it is a unit wide; wider items stay as they are. At most
  /// two items per unit remain: a wide item or a closed run covers at least one unit. Spans
  /// (``SpanBuilder``) and a lane's band rows (``StretchRow``) are gathered by this one rule, so what a
  /// timeline thins while it reads is what the plot draws.
  ///
  /// - Parameters:
  ///   - bounds: An item's start and end (ns) and how many changes it holds.
  ///   - absorb: Folds a later item into an open run, given its end (ns) and changes already summed.
  /// - Complexity: O(n).
  func gathered<Item>(
    _ items: [Item], bounds: (Item) -> (start: UInt64, end: UInt64, changes: Int),
    absorb: (inout Item, Item, _ end: UInt64, _ changes: Int) -> Void
  ) -> [Item] {
    var result: [Item] = []
    var open: Item?
    for item in items {
      let (start, end, changes) = bounds(item)
      guard width(from: start, to: end) < 1 || changes > 1 else {
        if let run = open { result.append(run) }
        open = nil
        result.append(item)
        continue
      }
      if var run = open {
        let (_, runEnd, runChanges) = bounds(run)
        absorb(&run, item, max(runEnd, end), runChanges + changes)
        open = run
      } else {
        open = item
      }
      if let run = open {
        let (runStart, runEnd, _) = bounds(run)
        if width(from: runStart, to: runEnd) >= 1 {
          result.append(run)
          open = nil
        }
      }
    }
    if let run = open { result.append(run) }
    return result
  }
}
