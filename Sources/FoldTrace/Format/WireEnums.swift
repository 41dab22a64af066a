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

  // The reader's hot lookups, as switches: reading a static array costs a lazy-initialization check
  // and a bounds check per record. Same values and failures as `value(_:in:_:)` on the tables above.

  /// The hinge status with wire value `code` (`hingeStatuses`).
  @inline(__always)
  static func hingeStatus(_ code: UInt8) throws(ByteReader.Failure) -> HingeStatus {
    switch code {
    case 0: .closed
    case 1: .partiallyOpen
    case 2: .fullyOpen
    case 3: .unknown
    default: throw ByteReader.Failure(reason: "invalid hinge status \(code)")
    }
  }

  /// The size class with wire value `code` (`sizeClasses`).
  @inline(__always)
  static func sizeClass(_ code: UInt8) throws(ByteReader.Failure) -> UserInterfaceSizeClass {
    switch code {
    case 0: .compact
    case 1: .regular
    case 2: .unspecified
    default: throw ByteReader.Failure(reason: "invalid size class \(code)")
    }
  }

  /// The vertical bar edge with wire value `code` (`barEdges`).
  @inline(__always)
  static func barEdge(_ code: UInt8) throws(ByteReader.Failure) -> VerticalBarEdge {
    switch code {
    case 0: .none
    case 1: .leading
    case 2: .trailing
    default: throw ByteReader.Failure(reason: "invalid vertical bar edge \(code)")
    }
  }
}
