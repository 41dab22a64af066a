/// How a display is held, as the system reports it. FoldSim uses it only to pick a display's metrics; the
/// layout never sees it (`000_e528e4f7338d08ab.txt`, 쓰면 안 되는 것: interfaceOrientation).
public enum Orientation: String, Sendable, Hashable, CaseIterable {
  /// Taller than wide.
  case portrait
  /// Wider than tall.
  case landscape

  /// The other orientation.
  public var rotated: Orientation { self == .portrait ? .landscape : .portrait }
}
