import FoldTrace

/// How "the system" judges a scene's size classes. FoldSim decides size classes here, from the profile,
/// never from LayoutCore: the app under test must receive them as input (LayoutCore's LayoutRules, "Three
/// layers", L1).
public enum SizeClassRule: Sendable, Hashable {
  /// The same classes whatever the size: a full-screen scene on a phone or a Duo display.
  case fixed(horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass)
  /// Regular in an axis once the scene reaches the threshold (points) in that axis: free-form windows,
  /// Split View and Slide Over.
  case thresholds(regularWidth: Double, regularHeight: Double)
  /// Regular × regular at every size, as Mac Catalyst windows are reported to stay
  /// (LayoutCore's LayoutRules, "Case matrix": marked ? there, to measure).
  case alwaysRegular

  /// The size classes for a scene of `size`.
  /// - Parameter size: The scene's size in points.
  /// - Returns: The horizontal and vertical size class.
  public func classes(for size: TraceSize) -> (UserInterfaceSizeClass, UserInterfaceSizeClass) {
    switch self {
    case .fixed(let h, let v): (h, v)
    case .thresholds(let w, let h):
      (size.width >= w ? .regular : .compact, size.height >= h ? .regular : .compact)
    case .alwaysRegular: (.regular, .regular)
    }
  }
}

extension SizeClassRule {
  /// The free-form window rule FoldSim uses for iPad windows, Split View, Slide Over, Duo Split View and
  /// iPhone Mirroring: regular width from 660 pt, regular height from 500 pt.
  ///
  /// Both thresholds are assumptions. 660 pt is the one width that agrees with every iPad Split View preset
  /// in swift-snapshot-testing (compact at 320, 375, 504, 592 and 639 pt; regular at 678, 809 and 981 pt);
  /// 500 pt puts every iPhone landscape height (393–440 pt) below and every portrait height above.
  public static let window = Sourced(
    SizeClassRule.thresholds(regularWidth: 660, regularHeight: 500),
    .assumption(
      "660 pt agrees with every iPad split width in \(Cite.snapshot) (compact ≤ 639, regular ≥ 678); "
        + "500 pt separates iPhone landscape heights (393–440) from portrait ones"))
}
