extension LayoutContext {
  /// This context with its geometry made well-formed: the one place a ``LayoutPolicy`` validates its input.
  ///
  /// ``ReferenceScreenLayout/plan(for:)`` and ``LayoutPlan/violations(in:)`` both start here, so a plan
  /// is made for, and checked against, the same geometry.
  ///
  /// - Accepted as is: finite sizes, insets and region frames, including degenerate ones — a 0 × 0 or
  ///   1 × 1 scene, a 10 × 100000 strip, a safe area larger than the scene (the safe frame then collapses
  ///   to zero size inside the bounds and every element with it).
  /// - Clamped: a negative width or height to 0; a negative safe-area inset to 0 (the system never
  ///   reports one; it would put the safe frame outside the scene).
  /// - Normalised: a division or occlusion frame with a negative width or height becomes the same area
  ///   with positive ones (``Rect/standardized``, like `CGRect.standardized`).
  /// - Precondition: every size, inset and region coordinate is finite. NaN or ±∞ traps: FoldTrace's
  ///   `TraceWriter` refuses such values when recording, so no trace carries them; a context built by
  ///   hand must not either.
  ///
  /// The shape and every other field are kept.
  ///
  /// - Returns: The sanitized context; equal to `self` when the geometry is already well-formed.
  /// - Complexity: O(r) in the number of reserved regions.
  public func sanitized() -> LayoutContext {
    let regions = activeDivisions + occlusions
    precondition(size.width.isFinite && size.height.isFinite, "LayoutContext size must be finite: \(size)")
    precondition(
      [safeArea.top, safeArea.leading, safeArea.bottom, safeArea.trailing].allSatisfy(\.isFinite),
      "LayoutContext safe area must be finite: \(safeArea)")
    precondition(
      regions.allSatisfy { [$0.x, $0.y, $0.width, $0.height].allSatisfy(\.isFinite) },
      "LayoutContext reserved regions must be finite: \(regions)")
    var copy = self
    copy.size = Size(width: max(0, size.width), height: max(0, size.height))
    copy.safeArea = EdgeInsets(
      top: max(0, safeArea.top), leading: max(0, safeArea.leading), bottom: max(0, safeArea.bottom),
      trailing: max(0, safeArea.trailing))
    copy.activeDivisions = activeDivisions.map(\.standardized)
    copy.occlusions = occlusions.map(\.standardized)
    return copy
  }
}
