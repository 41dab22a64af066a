extension TraceEvent {
  /// Why this event cannot be recorded, or nil when it is valid.
  ///
  /// Sizes, insets and region widths and heights must be finite and ≥ 0 points; coordinates and scroll
  /// offsets finite; display scales finite and > 0; hinge angles finite and within 0…360°; strings at
  /// most 64 KiB of UTF-8; at most 128 regions per event and 256 elements per `layout` or `presented`
  /// event, so that a frame stays within the reader's ``TraceReaderLimits/maxFrameRecords``. Recorded
  /// output: element frames with a finite origin and a finite size ≥ 0 pt, opacities within 0…1, column
  /// counts within 1…65 535, a finite `anchorTop`.
  /// - Complexity: O(r) for r reserved regions or elements.
  public var validationFailure: String? {
    switch payload {
    case .sceneConnected(_, _, let scale):
      return scale.isFinite && scale > 0 ? nil : "display scale \(scale) is not finite and > 0"
    case .sceneDisconnected, .dropped:
      return nil
    case .geometry(_, let g):
      if let reason = Self.size(g.size, "size") { return reason }
      let insets = g.safeArea
      // Checked one by one: a list of (value, name) pairs would allocate on every geometry event.
      if let reason = Self.inset(insets.top, "top") ?? Self.inset(insets.leading, "leading")
        ?? Self.inset(insets.bottom, "bottom") ?? Self.inset(insets.trailing, "trailing")
      {
        return reason
      }
      if let minimum = g.minimumSize, let reason = Self.size(minimum, "minimum size") { return reason }
      if let maximum = g.maximumSize, let reason = Self.size(maximum, "maximum size") { return reason }
      return nil
    case .hinge(let hinge):
      guard let angle = hinge.angle else { return nil }
      return angle.isFinite && angle >= 0 && angle <= 360 ? nil : "hinge angle \(angle)° is not within 0…360"
    case .regions(_, let regions):
      guard regions.count <= TraceFormat.maxRegionsPerRecord else {
        return "\(regions.count) regions, more than \(TraceFormat.maxRegionsPerRecord)"
      }
      for (i, region) in regions.enumerated() {
        let f = region.frame
        guard f.x.isFinite, f.y.isFinite else { return "region \(i) origin (\(f.x), \(f.y)) is not finite" }
        if let reason = Self.size(TraceSize(width: f.width, height: f.height), "region \(i) size") {
          return reason
        }
      }
      return nil
    case .traits:
      return nil
    case .scroll(_, let offset, let anchor, let anchorTop):
      guard offset.x.isFinite, offset.y.isFinite else {
        return "scroll offset (\(offset.x), \(offset.y)) is not finite"
      }
      if let anchorTop, !anchorTop.isFinite { return "anchorTop \(anchorTop) pt is not finite" }
      return Self.string(anchor, "anchor")
    case .layout(_, let layout):
      if let reason = Self.string(layout.shape, "shape") ?? Self.string(layout.presentation, "presentation") {
        return reason
      }
      if let columns = layout.columns, columns < 1 || columns > 65_535 {
        return "column count \(columns) is not within 1…65535"
      }
      guard layout.elements.count <= RecordCodec.maxElementsPerRecord else {
        return "\(layout.elements.count) elements, more than \(RecordCodec.maxElementsPerRecord)"
      }
      for element in layout.elements {
        if let reason = Self.element(element.id, element.frame) { return reason }
      }
      return nil
    case .presented(_, let elements):
      guard elements.count <= RecordCodec.maxElementsPerRecord else {
        return "\(elements.count) elements, more than \(RecordCodec.maxElementsPerRecord)"
      }
      for element in elements {
        if let reason = Self.element(element.id, element.frame) { return reason }
        guard element.opacity >= 0 && element.opacity <= 1 else {
          return "element \(element.id) opacity \(element.opacity) is not within 0…1"
        }
      }
      return nil
    case .selection(_, let item):
      return Self.string(item, "item")
    case .marker(let label):
      return Self.string(label, "label")
    }
  }

  private static func element(_ id: String, _ f: TraceRect) -> String? {
    if let reason = string(id, "element id") { return reason }
    guard f.x.isFinite, f.y.isFinite else { return "element \(id) origin (\(f.x), \(f.y)) is not finite" }
    return size(TraceSize(width: f.width, height: f.height), "element \(id) size")
  }

  private static func inset(_ value: Double, _ name: String) -> String? {
    value.isFinite && value >= 0 ? nil : "safe-area \(name) inset \(value) pt is not finite and ≥ 0"
  }

  private static func size(_ size: TraceSize, _ name: String) -> String? {
    guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
      return "\(name) \(size.width) × \(size.height) pt is not finite and ≥ 0"
    }
    return nil
  }

  /// The longest string a record may carry, in bytes of UTF-8.
  package static let maxStringBytes = 64 * 1024

  private static func string(_ value: String?, _ name: String) -> String? {
    guard let value, value.utf8.count > maxStringBytes else { return nil }
    return "\(name) is \(value.utf8.count) bytes of UTF-8, more than \(maxStringBytes)"
  }
}
