/// How a display is held, as the system reports it. FoldSim uses it only to pick a display's metrics; the
/// layout never sees it (LayoutCore's LayoutRules, "Three layers": never branch layout on
/// `interfaceOrientation`).
public enum Orientation: String, Sendable, Hashable, CaseIterable {
  /// Taller than wide.
  case portrait
  /// Wider than tall.
  case landscape

  /// The other orientation.
  public var rotated: Orientation { self == .portrait ? .landscape : .portrait }
}
