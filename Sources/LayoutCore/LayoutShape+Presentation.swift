extension LayoutShape {
  /// The presentation this shape calls for: the guide reduces five shapes to three designs
  /// (LayoutRules, "L1: shape and presentation"): stack for the compact-width
  /// shapes, split for regularShort and regularTall, expanded for regularWide.
  ///
  /// Code keeps all five shapes; only the design collapses to three.
  public var presentation: Presentation {
    switch self {
    case .compactTall, .compactShort: .stack
    case .regularShort, .regularTall: .split
    case .regularWide: .expanded
    }
  }
}
