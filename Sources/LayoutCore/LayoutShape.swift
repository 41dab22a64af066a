/// A size class: the system's judgement of the space in one axis. An unspecified size class counts as
/// regular (LayoutRules, "L1: shape and presentation").
public enum SizeClass: Sendable, Hashable, CaseIterable {
  /// Constrained space.
  case compact
  /// Expansive space.
  case regular
}

/// One of the five layout shapes the guide reduces its 13 cases to (LayoutRules, "Case matrix" and "L1:
/// shape and presentation").
public enum LayoutShape: String, Sendable, Hashable, CaseIterable {
  /// Compact width, regular height: iPhone portrait, Duo external portrait, Slide Over, narrow windows.
  case compactTall
  /// Compact × compact: iPhone landscape, Duo external landscape.
  case compactShort
  /// Regular width, compact height: iPhone Plus/Max landscape, low wide windows.
  case regularShort
  /// Regular × regular, taller than wide: iPad portrait, Duo internal portrait.
  case regularTall
  /// Regular × regular, wider than tall: iPad landscape, Duo internal landscape, Mac windows.
  case regularWide

  /// The shape for a horizontal and vertical size class and whether the space is wider than tall;
  /// `nil` (unspecified) counts as regular.
  ///
  /// - Complexity: O(1).
  public init(horizontal: SizeClass?, vertical: SizeClass?, isWide: Bool) {
    switch (horizontal ?? .regular, vertical ?? .regular) {
    case (.compact, .regular): self = .compactTall
    case (.compact, .compact): self = .compactShort
    case (.regular, .compact): self = .regularShort
    case (.regular, .regular): self = isWide ? .regularWide : .regularTall
    }
  }

  /// True for the compact-width shapes, which go single column (LayoutRules, "L1: shape and presentation").
  public var prefersSingleColumn: Bool { self == .compactTall || self == .compactShort }
}
