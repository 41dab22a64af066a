/// Checks an event's values before the recorder accepts it, on the caller's thread, so a bad value is
/// the caller's error at once instead of a write failure later (issue 2, "Invalid values … are refused at
/// record time with a clear error"). The rules are the trace writer's own
/// (``TraceEvent/validationFailure``), so the writer never refuses what the recorder accepted.
enum RecordValidation {
  /// - Throws: ``SessionRecorderError/invalidEvent(kind:reason:)`` naming the first bad value.
  @inline(__always)
  static func check(_ payload: TraceEvent.Payload) throws {
    if isPlainlyValid(payload) { return }
    let event = TraceEvent(time: 0, payload)
    if let reason = event.validationFailure {
      throw SessionRecorderError.invalidEvent(kind: event.kind, reason: reason)
    }
  }

  /// True when the payload passes ``TraceEvent/validationFailure`` for certain: the same rules, checked on
  /// the payload in place for the kinds a session records at 120 Hz (geometry, scroll, hinge, traits,
  /// disconnections). False means "run the full check", never "invalid": the full check is the authority
  /// and writes the message. Building a ``TraceEvent`` for it copied the payload (retaining its strings)
  /// on every event.
  @inline(__always)
  static func isPlainlyValid(_ payload: TraceEvent.Payload) -> Bool {
    switch payload {
    case .geometry(_, let geometry):
      let insets = geometry.safeArea
      return isSize(geometry.size) && isInset(insets.top) && isInset(insets.leading)
        && isInset(insets.bottom) && isInset(insets.trailing)
        && (geometry.minimumSize.map(isSize) ?? true) && (geometry.maximumSize.map(isSize) ?? true)
    case .scroll(_, let offset, let anchor):
      return offset.x.isFinite && offset.y.isFinite
        && (anchor.map { $0.utf8.count <= TraceEvent.maxStringBytes } ?? true)
    case .hinge(let hinge):
      return hinge.angle.map { $0.isFinite && $0 >= 0 && $0 <= 360 } ?? true
    case .traits, .sceneDisconnected, .dropped:
      return true
    case .sceneConnected, .regions, .selection, .marker:
      return false
    }
  }

  @inline(__always)
  private static func isSize(_ size: TraceSize) -> Bool {
    size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0
  }

  @inline(__always)
  private static func isInset(_ value: Double) -> Bool { value.isFinite && value >= 0 }
}
