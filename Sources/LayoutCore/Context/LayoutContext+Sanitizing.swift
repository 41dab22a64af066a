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
  /// - Capped, so that any finite input is laid out in bounded work (a hostile trace once recorded a
  ///   scene 10⁹ pt wide: millions of grid columns): a width, height or inset above ``maximumLength``
  ///   (100 000 pt) is laid out as ``maximumLength`` — the scene's leading, top part; a region edge
  ///   beyond −``maximumLength``…2 × ``maximumLength`` is moved to that limit (the bounds lie inside it,
  ///   so what a region covers of the scene is unchanged); more than ``maximumRegionsPerKind`` (4)
  ///   divisions, or occlusions, keep their first three and replace the rest by one rectangle bounding
  ///   them all (interactive elements avoid it, so they avoid each region it replaces).
  /// - Precondition: every size, inset and region coordinate is finite. NaN or ±∞ traps: FoldTrace's
  ///   `TraceWriter` refuses such values when recording, and its `TraceReader` refuses a trace that
  ///   carries them anyway, as corrupt; a context built by hand must not hold them either.
  ///
  /// Every cap is far beyond a real scene, so no real context changes: the window server limits a Mac
  /// window to 10 000 pt a side and positions to ±16 000 pt (AppKit, `NSWindow.setFrame(_:display:)`);
  /// the largest Apple display, Pro Display XDR, is 6016 × 3384 pixels, so at most 6016 pt wide even at
  /// 1× — at ``maximumLength`` the guide's grid (LayoutRules, "Density from continuous width") gives 297
  /// columns, at 10 000 pt 29. A device reports one division (the fold) and up to two occlusions (the
  /// cameras; LayoutRules, "iPhone Duo").
  ///
  /// The shape and every other field are kept.
  ///
  /// - Returns: The sanitized context; equal to `self` when the geometry is already well-formed and
  ///   within the caps.
  /// - Complexity: O(r) in the number of reserved regions; the context returned holds at most
  ///   2 × ``maximumRegionsPerKind`` of them.
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
    copy.size = Size(width: Self.length(size.width), height: Self.length(size.height))
    copy.safeArea = EdgeInsets(
      top: Self.length(safeArea.top), leading: Self.length(safeArea.leading),
      bottom: Self.length(safeArea.bottom), trailing: Self.length(safeArea.trailing))
    copy.activeDivisions = Self.bounded(activeDivisions)
    copy.occlusions = Self.bounded(occlusions)
    return copy
  }

  /// The longest side or inset a layout is made for, in points (100 000): ten times the window
  /// server's 10 000 pt limit on a Mac window (AppKit, `NSWindow.setFrame(_:display:)`). Longer ones are
  /// laid out as this long (``sanitized()``).
  public static let maximumLength: Double = 100_000

  /// The most divisions, and the most occlusions, a layout considers one by one (4): a device reports
  /// one division and up to two occlusions (LayoutRules, "Caps: bounded work for any finite input").
  /// Beyond it ``sanitized()`` bounds the rest by one rectangle, since avoiding k regions costs
  /// O(k³) (``Displacement``).
  public static let maximumRegionsPerKind = 4

  /// A length as laid out: negative clamped to 0, above ``maximumLength`` capped to it.
  private static func length(_ value: Double) -> Double { min(max(0, value), maximumLength) }

  /// Regions standardized, their edges kept within −``maximumLength``…2 × ``maximumLength`` (regions
  /// already inside are kept bit for bit), and beyond ``maximumRegionsPerKind`` the rest replaced by
  /// the rectangle bounding them.
  private static func bounded(_ regions: [Rect]) -> [Rect] {
    let limit = maximumLength
    var kept = regions.map { region -> Rect in
      let r = region.standardized
      guard r.minX < -limit || r.maxX > 2 * limit || r.minY < -limit || r.maxY > 2 * limit else { return r }
      let x = min(max(r.minX, -limit), 2 * limit)
      let y = min(max(r.minY, -limit), 2 * limit)
      let maxX = min(max(r.maxX, -limit), 2 * limit)
      let maxY = min(max(r.maxY, -limit), 2 * limit)
      return rect(from: (x, y), to: (maxX, maxY))
    }
    guard kept.count > maximumRegionsPerKind else { return kept }
    let rest = kept[(maximumRegionsPerKind - 1)...]
    let minX = rest.map(\.minX).min()!
    let minY = rest.map(\.minY).min()!
    let bound = rect(from: (minX, minY), to: (rest.map(\.maxX).max()!, rest.map(\.maxY).max()!))
    kept.removeSubrange((maximumRegionsPerKind - 1)...)
    kept.append(bound)
    return kept
  }

  /// The rectangle from `corner` to at least `farCorner`, in points: its width and height are rounded
  /// up where `farCorner.x − corner.x` rounds down, so that its far edges as ``Rect`` computes them
  /// (x + width, y + height) are not inside `farCorner`. A rectangle bounding regions then holds each of
  /// them to the last bit, and an element laid out against its edge overlaps none of them.
  /// - Complexity: O(1): at most a few ulps added.
  private static func rect(from corner: (x: Double, y: Double), to farCorner: (x: Double, y: Double)) -> Rect
  {
    var width = farCorner.x - corner.x
    while corner.x + width < farCorner.x { width = width.nextUp }
    var height = farCorner.y - corner.y
    while corner.y + height < farCorner.y { height = height.nextUp }
    return Rect(x: corner.x, y: corner.y, width: width, height: height)
  }
}
