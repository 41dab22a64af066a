extension TraceEvent {
  /// Why this event cannot be recorded, or nil when it is valid.
  ///
  /// Sizes, insets and region widths and heights must be finite and ≥ 0 points; coordinates and scroll
  /// offsets finite; display scales finite and > 0; hinge angles finite and within 0…360°; strings at
  /// most 64 KiB of UTF-8; at most 128 regions per event, so that a frame stays within the reader's
  /// ``TraceReaderLimits/maxFrameRecords`` (issue 2, "Event model": invalid values are refused at record
  /// time).
  /// - Complexity: O(r) for r reserved regions.
  public var validationFailure: String? {
    switch payload {
    case .sceneConnected(_, _, let scale):
      return scale.isFinite && scale > 0 ? nil : "display scale \(scale) is not finite and > 0"
    case .sceneDisconnected, .dropped:
      return nil
    case .geometry(_, let g):
      if let reason = Self.size(g.size, "size") { return reason }
      let insets = g.safeArea
      for (value, name) in [
        (insets.top, "top"), (insets.leading, "leading"), (insets.bottom, "bottom"),
        (insets.trailing, "trailing"),
      ] where !(value.isFinite && value >= 0) {
        return "safe-area \(name) inset \(value) pt is not finite and ≥ 0"
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
    case .scroll(_, let offset, let anchor):
      guard offset.x.isFinite, offset.y.isFinite else {
        return "scroll offset (\(offset.x), \(offset.y)) is not finite"
      }
      return Self.string(anchor, "anchor")
    case .selection(_, let item):
      return Self.string(item, "item")
    case .marker(let label):
      return Self.string(label, "label")
    }
  }

  private static func size(_ size: TraceSize, _ name: String) -> String? {
    guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
      return "\(name) \(size.width) × \(size.height) pt is not finite and ≥ 0"
    }
    return nil
  }

  /// The longest string a record may carry, in bytes of UTF-8.
  static let maxStringBytes = 64 * 1024

  private static func string(_ value: String?, _ name: String) -> String? {
    guard let value, value.utf8.count > maxStringBytes else { return nil }
    return "\(name) is \(value.utf8.count) bytes of UTF-8, more than \(maxStringBytes)"
  }
}
