/// Checks an event's values before the recorder accepts it, on the caller's thread, so a bad value is
/// the caller's error at once instead of a write failure later ("invalid values … are refused at
/// record time with a clear error"). The rules are the trace writer's own
/// (``TraceEvent/validationFailure``), so the writer never refuses what the recorder accepted.
enum RecordValidation {
  /// - Throws: ``SessionRecorderError/invalidEvent(kind:reason:)`` naming the first bad value.
  @inline(__always)
  static func check(_ payload: borrowing TraceEvent.Payload) throws {
    if isValid(payload) { return }
    try refuse(copy payload)
  }

  /// Runs the full check, which writes the message; only for a payload ``isValid(_:)`` refused.
  @inline(never)
  private static func refuse(_ payload: TraceEvent.Payload) throws {
    let event = TraceEvent(time: 0, payload)
    if let reason = event.validationFailure {
      throw SessionRecorderError.invalidEvent(kind: event.kind, reason: reason)
    }
  }

  /// The rules of ``TraceEvent/validationFailure`` for every kind, checked on the payload in place and
  /// without building a message: true when the payload is valid. False means "run the full check",
  /// which is the authority and names the bad value (the two are tested to agree on every rule).
  ///
  /// `validationFailure` builds a ``TraceEvent`` (a copy of the payload) and formats names it may
  /// need; this check is the recorder's fast path, run on every event, and the reader's, run on every
  /// record it decodes (`TraceReader.isWritable`; on the reader's fast path,
  /// ``isValidScroll(offset:anchor:)`` and ``isValidHinge(_:)`` before the event is built): it must
  /// never pass a payload the full check refuses.
  @inline(__always)
  static func isValid(_ payload: borrowing TraceEvent.Payload) -> Bool {
    switch payload {
    case .geometry(_, let geometry):
      let insets = geometry.safeArea
      return isSize(geometry.size) && isInset(insets.top) && isInset(insets.leading)
        && isInset(insets.bottom) && isInset(insets.trailing)
        && (geometry.minimumSize.map(isSize) ?? true) && (geometry.maximumSize.map(isSize) ?? true)
    case .scroll(_, let offset, let anchor, let anchorTop):
      return isValidScroll(offset: offset, anchor: anchor, anchorTop: anchorTop)
    case .layout(_, let layout):
      guard isString(layout.shape), isString(layout.presentation),
        layout.columns.map({ $0 >= 1 && $0 <= 65_535 }) ?? true,
        layout.elements.count <= RecordCodec.maxElementsPerRecord
      else { return false }
      for element in layout.elements where !isElement(element.id, element.frame) { return false }
      return true
    case .presented(_, let elements):
      guard elements.count <= RecordCodec.maxElementsPerRecord else { return false }
      for element in elements {
        guard isElement(element.id, element.frame), element.opacity >= 0, element.opacity <= 1 else {
          return false
        }
      }
      return true
    case .hinge(let hinge):
      return isValidHinge(hinge)
    case .traits, .sceneDisconnected, .dropped:
      return true
    case .sceneConnected(_, _, let scale):
      return scale > 0 && scale < .infinity
    case .regions(_, let regions):
      guard regions.count <= TraceFormat.maxRegionsPerRecord else { return false }
      for region in regions {
        let frame = region.frame
        guard frame.x.isFinite, frame.y.isFinite,
          isSize(TraceSize(width: frame.width, height: frame.height))
        else { return false }
      }
      return true
    case .selection(_, let item):
      return isString(item)
    case .marker(let label):
      return isString(label)
    }
  }

  /// The rules for a `scroll` event: a finite offset, an anchor of at most ``TraceEvent/maxStringBytes``,
  /// a finite `anchorTop`.
  @inline(__always)
  static func isValidScroll(offset: TracePoint, anchor: String?, anchorTop: Double? = nil) -> Bool {
    offset.x.isFinite && offset.y.isFinite && isString(anchor) && (anchorTop?.isFinite ?? true)
  }

  /// The rules for an element: an id of at most ``TraceEvent/maxStringBytes``, a finite origin and a
  /// finite size ≥ 0.
  @inline(__always)
  private static func isElement(_ id: String, _ frame: TraceRect) -> Bool {
    isString(id) && frame.x.isFinite && frame.y.isFinite
      && isSize(TraceSize(width: frame.width, height: frame.height))
  }

  /// The rule for a `hinge` event: an angle, when known, within 0…360°.
  @inline(__always)
  static func isValidHinge(_ hinge: HingeState) -> Bool {
    hinge.angle.map { $0 >= 0 && $0 <= 360 } ?? true  // NaN fails both.
  }

  /// Finite and ≥ 0 points in both dimensions.
  @inline(__always)
  private static func isSize(_ size: TraceSize) -> Bool {
    isInset(size.width) && isInset(size.height)
  }

  /// Finite and ≥ 0, −0 included: the bit patterns of +0 up to the largest finite double lie below
  /// +∞'s (IEEE 754 orders non-negative doubles as their bit patterns), and every other pattern with the
  /// sign bit clear is +∞ or a NaN; with the sign bit set, only −0 passes.
  ///
  /// Two integer comparisons: `value >= 0 && value < .infinity` (the rule of
  /// ``TraceEvent/validationFailure``) compiled to a classification of about twelve instructions per
  /// value, run for six to ten values per geometry event on the recorder's hot path.
  @inline(__always)
  private static func isInset(_ value: Double) -> Bool {
    let bits = value.bitPattern
    return bits < Double.infinity.bitPattern || bits == (-0.0 as Double).bitPattern
  }

  @inline(__always)
  private static func isString(_ value: String?) -> Bool {
    value.map { $0.utf8.count <= TraceEvent.maxStringBytes } ?? true
  }
}
