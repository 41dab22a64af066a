/// Checks an event's values before the recorder accepts it, on the caller's thread, so a bad value is
/// the caller's error at once instead of a write failure later (issue 2, "Invalid values … are refused at
/// record time with a clear error"). The rules are the trace writer's own
/// (``TraceEvent/validationFailure``), so the writer never refuses what the recorder accepted.
enum RecordValidation {
  /// - Throws: ``SessionRecorderError/invalidEvent(kind:reason:)`` naming the first bad value.
  static func check(_ payload: TraceEvent.Payload) throws {
    let event = TraceEvent(time: 0, payload)
    if let reason = event.validationFailure {
      throw SessionRecorderError.invalidEvent(kind: event.kind, reason: reason)
    }
  }
}
