extension LayoutContext {
  /// The scene's bounds: (0, 0, width, height), in points.
  public var bounds: Rect { Rect(origin: .zero, size: size) }

  /// The safe frame: the bounds inset by the safe area on each edge separately, leading and trailing
  /// resolved for ``layoutDirection`` (LayoutRules, "L2: safe area and bars": never assume both sides are
  /// equal). Every element of a plan lies inside it.
  public var safeFrame: Rect { bounds.inset(by: safeArea, direction: layoutDirection) }

  /// Every active reserved region: the active divisions, then the occlusions. Interactive elements must
  /// not intersect any of them (LayoutRules, "Folds and reserved regions").
  public var reservedRegions: [Rect] { activeDivisions + occlusions }

  /// The active divisions that run top to bottom (at least as tall as wide): a book-pose fold.
  public var verticalDivisions: [Rect] { activeDivisions.filter { $0.height >= $0.width } }

  /// The active divisions that run side to side (wider than tall): a tabletop fold.
  public var horizontalDivisions: [Rect] { activeDivisions.filter { $0.width > $0.height } }

  /// True in book pose: an active vertical division (LayoutRules, "Folds and reserved regions").
  public var isBookPose: Bool { !verticalDivisions.isEmpty }

  /// True in tabletop pose: an active horizontal division (LayoutRules, "Folds and reserved regions").
  public var isTabletop: Bool { !horizontalDivisions.isEmpty }

  /// True when the device can fold or is folded: `canFold`, or any active division (an active division
  /// implies a division exists even if a caller left `canFold` false).
  public var hasDivision: Bool { canFold || isFolded }
}
