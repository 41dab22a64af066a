/// Where a number in a device profile comes from.
///
/// Every metric FoldSim uses is either published (Apple's specifications, a seed document as LayoutCore's
/// LayoutRules restates it, or a widely used preset such as swift-snapshot-testing's `ViewImageConfig`) or
/// an explicit assumption, so a reader of a trace knows which numbers to trust and which to re-measure on a
/// device (LayoutCore's LayoutRules, "Case matrix": measure rather than assume).
public enum MetricSource: Sendable, Hashable, CustomStringConvertible {
  /// A published value, with the citation (document, section or URL).
  case published(String)
  /// A value we chose, with the reasoning behind it. Re-measure on hardware when it matters.
  case assumption(String)

  /// True for ``assumption(_:)``.
  public var isAssumption: Bool {
    if case .assumption = self { return true }
    return false
  }

  /// `"source: …"` or `"assumption: …"`.
  public var description: String {
    switch self {
    case .published(let citation): "source: \(citation)"
    case .assumption(let reason): "assumption: \(reason)"
    }
  }
}

/// Citations shared by several profiles: the sections of LayoutCore's LayoutRules article that restate the
/// seed documents (the adaptive-layout guide, resizability, the Duo HIG notes, the Duo developer guide).
enum Cite {
  static let hig = "Apple HIG, Layout › Specifications (device screen sizes, points)"
  static let snapshot =
    "swift-snapshot-testing ViewImageConfig iPad presets (Sources/SnapshotTesting/Common/View.swift)"
  static let simDevices =
    "swift-snapshot-testing Platform+Devices.swift (simulator profile.plist mainScreenScale)"
  static let guide = "LayoutCore's LayoutRules, \"Case matrix\""
  static let resizability = "LayoutCore's LayoutRules, \"Resizable windows\""
  static let duoHIG = "LayoutCore's LayoutRules, \"iPhone Duo\""
  static let duoDev = "LayoutCore's LayoutRules, \"Resizable windows\""
}
