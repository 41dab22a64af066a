/// The fixed wire values of the event model's enums (<doc:TraceFormat>, "Event bodies"). Listed here, not
/// derived from `allCases`, so reordering a Swift enum can never change the bytes.
enum WireEnums {
  static let displays: [DisplayRole] = [.external, .internal, .window, .mirroring, .externalMonitor]
  static let sizeClasses: [UserInterfaceSizeClass] = [.compact, .regular, .unspecified]
  static let barEdges: [VerticalBarEdge] = [.none, .leading, .trailing]
  static let hingeStatuses: [HingeStatus] = [.closed, .partiallyOpen, .fullyOpen, .unknown]
  static let regionKinds: [ReservedRegion.Kind] = [.division, .occlusion]
  static let categories: [ContentSizeCategory] = [
    .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
    .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
    .accessibilityExtraExtraExtraLarge,
  ]

  /// The wire value of `value` in `table`.
  static func code<T: Equatable>(_ value: T, in table: [T]) -> UInt8 {
    UInt8(table.firstIndex(of: value)!)
  }

  /// The value with wire value `code` in `table`.
  static func value<T>(_ code: UInt8, in table: [T], _ name: String) throws(ByteReader.Failure) -> T {
    guard Int(code) < table.count else { throw ByteReader.Failure(reason: "invalid \(name) \(code)") }
    return table[Int(code)]
  }
}
