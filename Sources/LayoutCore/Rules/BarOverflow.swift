/// Which bar items stay visible and which go to the overflow menu, by visibility priority.
///
/// Items are never removed: those that do not fit move to the overflow menu, reachable in one tap
/// (stowing is rearranging, not deleting). Visible items keep their declared order; the overflow takes the
/// lowest priorities first, and among equal priorities the last declared first (overflow runs from the end
/// of the bar, bottom-up). Source: LayoutRules, "L2: safe area and bars".
public enum BarOverflow {
  /// How many item slots a bar `length` points long holds.
  ///
  /// - Parameters:
  ///   - length: The bar's usable length along its axis, in points.
  ///   - item: One item's length along the axis, in points (44: the HIG minimum hit target).
  ///   - spacing: The gap between items, in points.
  /// - Returns: `max(0, ⌊(length + spacing) / (item + spacing)⌋)`.
  /// - Complexity: O(1).
  public static func slots(length: Double, item: Double, spacing: Double) -> Int {
    max(0, wholeCount((length + spacing) / (item + spacing)))
  }

  /// Splits `actions` into the visible ones and the overflowed ones for a bar with `slots` slots.
  ///
  /// When every action fits, all are visible. Otherwise one slot holds the overflow button and the
  /// `slots − 1` highest-priority actions stay visible.
  ///
  /// - Parameters:
  ///   - actions: The actions in declared order.
  ///   - slots: The slots the bar holds.
  /// - Returns: Visible actions in declared order and overflowed actions in declared order; together they
  ///   are exactly `actions`.
  /// - Complexity: O(n log n).
  public static func partition(_ actions: [BarAction], slots: Int) -> (
    visible: [BarAction], overflow: [BarAction]
  ) {
    if actions.count <= slots { return (actions, []) }
    let keep = max(0, slots - 1)
    // Rank: higher priority first, then earlier declaration first.
    let ranked = actions.indices.sorted { a, b in
      actions[a].priority != actions[b].priority
        ? actions[a].priority > actions[b].priority : a < b
    }
    let kept = Set(ranked.prefix(keep))
    let visible = actions.indices.filter { kept.contains($0) }.map { actions[$0] }
    let overflow = actions.indices.filter { !kept.contains($0) }.map { actions[$0] }
    return (visible, overflow)
  }
}

/// `⌊x⌋` for a count: 0 for negative or non-finite input, and at most `Int32.max`.
///
/// Written without `Double.rounded` so LayoutCore links without libm (it imports nothing).
///
/// - Complexity: O(1).
func wholeCount(_ x: Double) -> Int {
  guard x.isFinite, x > 0 else { return 0 }
  return x >= Double(Int32.max) ? Int(Int32.max) : Int(x)
}
