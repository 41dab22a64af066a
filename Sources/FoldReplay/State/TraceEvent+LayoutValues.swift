import FoldTrace

extension TraceEvent {
  /// The first value of this event that a replay reads as a length and that is not a number — NaN or
  /// ±∞ — named in a phrase (`"the width is nan"`), or nil when the event has none.
  ///
  /// The values read are a geometry's size and safe-area insets, every region's frame (x, y, width,
  /// height) and a scroll offset: what becomes a `LayoutContext` or a content offset, all in points.
  /// The hinge angle, the scale and the declared minimum and maximum sizes never reach the layout and
  /// are not read. A trace writer refuses every such value at record time (`TraceEvent.validationFailure`),
  /// so only a damaged or forged trace carries one; LayoutCore treats it as a precondition failure and
  /// the rest of a replay would carry NaN into every frame, so ``Replayer/replay(_:configuration:into:)``
  /// refuses the trace at that event. Finite values, however large or negative, are laid out: LayoutCore
  /// clamps and caps them (`LayoutContext.sanitized()`).
  ///
  /// - Complexity: O(r) for a `regions` event listing r regions, O(1) otherwise.
  public var nonFiniteLayoutValue: String? {
    switch payload {
    case .geometry(_, let geometry):
      let insets = geometry.safeArea
      // The common case, every value finite, builds nothing.
      if geometry.size.width.isFinite, geometry.size.height.isFinite, insets.top.isFinite,
        insets.leading.isFinite, insets.bottom.isFinite, insets.trailing.isFinite
      {
        return nil
      }
      let named: [(String, Double)] = [
        ("width", geometry.size.width), ("height", geometry.size.height), ("top inset", insets.top),
        ("leading inset", insets.leading), ("bottom inset", insets.bottom),
        ("trailing inset", insets.trailing),
      ]
      return named.first { !$0.1.isFinite }.map { "the \($0.0) is \($0.1)" }
    case .regions(_, let regions):
      for (index, region) in regions.enumerated() {
        let frame = region.frame
        if frame.x.isFinite, frame.y.isFinite, frame.width.isFinite, frame.height.isFinite { continue }
        let named: [(String, Double)] = [
          ("x", frame.x), ("y", frame.y), ("width", frame.width), ("height", frame.height),
        ]
        if let bad = named.first(where: { !$0.1.isFinite }) {
          return "region \(index)'s \(bad.0) is \(bad.1)"
        }
      }
      return nil
    case .scroll(_, let offset, _):
      if !offset.x.isFinite { return "the scroll offset's x is \(offset.x)" }
      if !offset.y.isFinite { return "the scroll offset's y is \(offset.y)" }
      return nil
    case .sceneConnected, .sceneDisconnected, .traits, .selection, .hinge, .marker, .dropped:
      return nil
    }
  }
}
