import FoldTrace

/// How the app's main scene sits on its display.
public enum Arrangement: Sendable, Equatable {
  /// The whole display.
  case full
  /// A free-form window of the given size, in points.
  case window(TraceSize)
  /// A Split View pane against the given physical edge, of the given width in points.
  case split(side: PhysicalEdge, width: Double)
  /// A Slide Over panel.
  case slideOver
}
