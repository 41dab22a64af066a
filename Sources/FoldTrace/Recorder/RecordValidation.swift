/// Checks an event's values before the recorder accepts it, on the caller's thread, so a bad value is
/// the caller's error at once instead of a write failure later ("invalid values … are refused at
/// record time with a clear error"). The rules are the trace writer's own
/// (``TraceEvent/Payload/refusal``), so the writer never refuses what the recorder accepted.
enum RecordValidation {
  /// - Throws: ``SessionRecorderError/invalidEvent(kind:reason:)`` naming the first bad value.
  @inline(__always)
  static func check(_ payload: borrowing TraceEvent.Payload) throws {
    if isValid(payload) { return }
    try refuse(copy payload)
  }

  /// Throws the payload's refusal, writing its message: only for a payload ``isValid(_:)`` refused.
  @inline(never)
  private static func refuse(_ payload: TraceEvent.Payload) throws {
    if let refusal = payload.refusal {
      throw SessionRecorderError.invalidEvent(
        kind: TraceEvent(time: 0, payload).kind, reason: refusal.description)
    }
  }

  /// True when a writer writes the payload (``TraceEvent/Payload/refusal`` is nil): the recorder's
  /// and the reader's fast path, comparisons only.
  @inline(__always)
  static func isValid(_ payload: borrowing TraceEvent.Payload) -> Bool {
    payload.verdict()
  }

  /// The rules for a `scroll` event (``EventRefusal/scroll(offset:anchor:anchorTop:)``), for the
  /// reader's fast path before the event is built.
  @inline(__always)
  static func isValidScroll(offset: TracePoint, anchor: String?, anchorTop: Double? = nil) -> Bool {
    EventRefusal.scroll(offset: offset, anchor: anchor, anchorTop: anchorTop)
  }

  /// The rule for a `hinge` event (``EventRefusal/hinge(_:)``), for the reader's fast path.
  @inline(__always)
  static func isValidHinge(_ hinge: HingeState) -> Bool {
    EventRefusal.hinge(hinge)
  }
}
