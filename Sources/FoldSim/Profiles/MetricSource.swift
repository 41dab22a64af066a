/// Where a number in a device profile comes from.
///
/// Every metric FoldSim uses is either published (Apple's specifications, a seed document, or a widely
/// used preset such as swift-snapshot-testing's `ViewImageConfig`) or an explicit assumption, so a reader
/// of a trace knows which numbers to trust and which to re-measure on a device (`000_e528e4f7338d08ab.txt`,
/// 실측 도구: "가정하지 말고 꼭 실측하세요").
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

/// Citations shared by several profiles.
enum Cite {
  static let hig = "Apple HIG, Layout › Specifications (device screen sizes, points)"
  static let snapshot =
    "swift-snapshot-testing ViewImageConfig iPad presets (Sources/SnapshotTesting/Common/View.swift)"
  static let simDevices =
    "swift-snapshot-testing Platform+Devices.swift (simulator profile.plist mainScreenScale)"
  static let guide = "000_e528e4f7338d08ab.txt (케이스 × 신호 매트릭스)"
  static let resizability = "002_1da93e9f788744f6.txt"
  static let duoHIG = "003_f6edf847a2b0c034.txt"
  static let duoDev = "004_ac78c489c952cb34.txt"
}
