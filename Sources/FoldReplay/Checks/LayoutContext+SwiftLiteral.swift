import LayoutCore

extension LayoutContext {
  /// The context as a Swift expression that rebuilds it exactly: `LayoutContext(shape: .regularWide,
  /// size: Size(width: 1024, height: 768), …)`, with only the arguments that differ from the
  /// initializer's defaults. Paste it into a unit test of the layout to reproduce a replay failure.
  ///
  /// Numbers are written in Swift's shortest form that reads back to the same `Double` (integers without
  /// a fraction), so the literal compiles to the very context the layout saw.
  ///
  /// - Complexity: O(r) for r reserved regions.
  public var swiftLiteral: String {
    var arguments = ["shape: .\(shape.rawValue)", "size: \(Self.literal(size))"]
    if safeArea != .zero {
      arguments.append(
        "safeArea: EdgeInsets(top: \(Self.literal(safeArea.top)), leading: \(Self.literal(safeArea.leading)), "
          + "bottom: \(Self.literal(safeArea.bottom)), trailing: \(Self.literal(safeArea.trailing)))")
    }
    if !activeDivisions.isEmpty {
      arguments.append("activeDivisions: [\(activeDivisions.map(Self.literal).joined(separator: ", "))]")
    }
    if canFold { arguments.append("canFold: true") }
    if !occlusions.isEmpty {
      arguments.append("occlusions: [\(occlusions.map(Self.literal).joined(separator: ", "))]")
    }
    if let toolbarVerticalEdge { arguments.append("toolbarVerticalEdge: .\(toolbarVerticalEdge)") }
    if layoutDirection != .leftToRight { arguments.append("layoutDirection: .\(layoutDirection)") }
    if dynamicTypeSize != .large { arguments.append("dynamicTypeSize: .\(dynamicTypeSize)") }
    if reduceMotion { arguments.append("reduceMotion: true") }
    if isInteractivelyResizing { arguments.append("isInteractivelyResizing: true") }
    return "LayoutContext(\(arguments.joined(separator: ", ")))"
  }

  /// A number as a Swift literal: an integer when it is one (below 2⁵³), else the shortest decimal that
  /// reads back exactly; `-0` as `0`.
  static func literal(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
    if value.isNaN { return ".nan" }
    if value.isInfinite { return value < 0 ? "-.infinity" : ".infinity" }
    return "\(value)"
  }

  static func literal(_ size: Size) -> String {
    "Size(width: \(literal(size.width)), height: \(literal(size.height)))"
  }

  static func literal(_ rect: Rect) -> String {
    "Rect(x: \(literal(rect.x)), y: \(literal(rect.y)), width: \(literal(rect.width)), "
      + "height: \(literal(rect.height)))"
  }
}
