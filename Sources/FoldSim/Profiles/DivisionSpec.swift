import FoldTrace

/// The fold's division region: a band centred on the display, vertical in landscape (book) and horizontal
/// in portrait (tabletop). Zero width when flat, active only while partially open
/// (LayoutCore's LayoutRules, "Folds and reserved regions" and "iPhone Duo").
public struct DivisionSpec: Sendable {
  /// The band's width across the fold while partially open, in points.
  public var partialWidth: Sourced<Double>

  /// Creates a division.
  public init(partialWidth: Sourced<Double>) { self.partialWidth = partialWidth }

  /// The division's frame in display points.
  /// - Parameters:
  ///   - displaySize: The display's size in the current orientation, in points.
  ///   - partiallyOpen: Whether the hinge is partially open (the band has its width) or not (zero width).
  /// - Returns: A vertical band at the horizontal centre when the display is wide, a horizontal band at
  ///   the vertical centre when it is tall.
  public func frame(displaySize: TraceSize, partiallyOpen: Bool) -> TraceRect {
    let w = partiallyOpen ? partialWidth.value : 0
    if displaySize.width > displaySize.height {
      return TraceRect(x: displaySize.width / 2 - w / 2, y: 0, width: w, height: displaySize.height)
    }
    return TraceRect(x: 0, y: displaySize.height / 2 - w / 2, width: displaySize.width, height: w)
  }
}
