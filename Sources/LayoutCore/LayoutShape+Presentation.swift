extension LayoutShape {
  /// The presentation this shape calls for: the guide reduces five shapes to three designs
  /// (`000_e528e4f7338d08ab.txt`, "설계 단계에서는 3개로 좁혀도 됩니다"): stack for the compact-width
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
