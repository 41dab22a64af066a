/// Checks an event's values before the recorder accepts it, on the caller's thread, so a bad value is
/// the caller's error at once instead of a write failure later (issue 2, "Invalid values … are refused at
/// record time with a clear error").
enum RecordValidation {
  /// - Throws: ``SessionRecorderError/invalidEvent(kind:reason:)`` for the first bad value.
  static func check(_ payload: TraceEvent.Payload) throws {
    let kind = TraceEvent(time: 0, payload).kind
    func finite(_ field: String, _ value: Double) throws {
      guard value.isFinite else {
        throw SessionRecorderError.invalidEvent(kind: kind, reason: "\(field) is \(value)")
      }
    }
    func nonNegative(_ field: String, _ values: Double...) throws {
      for value in values where !(value.isFinite && value >= 0) {
        throw SessionRecorderError.invalidEvent(kind: kind, reason: "\(field) is \(value)")
      }
    }
    switch payload {
    case .sceneConnected(_, _, let scale):
      try nonNegative("scale", scale)
      if scale == 0 { throw SessionRecorderError.invalidEvent(kind: kind, reason: "scale is 0") }
    case .geometry(_, let geometry):
      try nonNegative("size", geometry.size.width, geometry.size.height)
      let insets = geometry.safeArea
      try nonNegative("safeArea", insets.top, insets.leading, insets.bottom, insets.trailing)
      if let size = geometry.minimumSize { try nonNegative("minSize", size.width, size.height) }
      if let size = geometry.maximumSize { try nonNegative("maxSize", size.width, size.height) }
    case .hinge(let hinge):
      if let angle = hinge.angle { try finite("angle", angle) }
    case .regions(_, let regions):
      for (index, region) in regions.enumerated() {
        let field = "regions[\(index)].frame"
        try finite(field, region.frame.x)
        try finite(field, region.frame.y)
        try nonNegative(field, region.frame.width, region.frame.height)
      }
    case .scroll(_, let offset, _):
      try finite("offset", offset.x)
      try finite("offset", offset.y)
    case .sceneDisconnected, .traits, .selection, .marker, .dropped:
      break
    }
  }
}
