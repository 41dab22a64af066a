extension RecordCodec {
  /// Decodes the event record at `p` when it is a scroll or hinge event in the plain form a writer
  /// writes, and appends its event to `sink`: the reader's fast path (nine in ten records of a 120 Hz
  /// session).
  ///
  /// It reads what ``decodeRecord(tag:from:time:into:maxRegions:items:)`` reads, with
  /// the reader's plain-form reads (`ByteReader+PlainForm.swift`), and checks the writer's rules on the
  /// values before building the event (`RecordValidation.isValidScroll`, `isValidHinge`, the rules
  /// `TraceReader.isWritable` applies) and the state rule on a scroll's anchor (``stateStrings``), which it
  /// then applies: last, once nothing else can decline the record. For anything else — another kind, a varint
  /// over eight bytes, a malformed or cut field, an overflowing time, a value no writer writes, an anchor
  /// that takes the state over its rule — it returns nil with nothing appended, and the caller parses the
  /// record again on the checked path, which reports it.
  ///
  /// - Parameters:
  ///   - content: A reader of the whole content.
  ///   - p: The record's offset, below `content.end`; on success, the next record's.
  ///   - time: The previous event's time, in nanoseconds.
  ///   - sink: Where the event goes; it has room for one more.
  /// - Returns: The event's time, or nil.
  /// - Complexity: O(record size).
  @inline(__always)
  mutating func scanCommonRecord(
    _ content: ByteReader, at p: inout Int, time: UInt64,
    into sink: inout EventSink
  ) -> UInt64? {
    let end = content.end
    let tag = content.byte(at: p)
    var q = p &+ 1
    guard let delta = content.varint(&q, limit: end), let length = content.varint(&q, limit: end),
      length <= UInt64(end &- q)
    else { return nil }
    let bodyEnd = q &+ Int(truncatingIfNeeded: length)
    let (sum, overflow) = time.addingReportingOverflow(delta)
    guard !overflow else { return nil }
    switch tag {
    case TraceEvent.Kind.scroll.rawValue:
      guard let raw = content.varint(&q, limit: bodyEnd), raw <= UInt64(UInt32.max) else { return nil }
      let scene = SceneID(UInt32(truncatingIfNeeded: raw))
      let scale = cachedScale(of: scene)
      guard let x = content.double(&q, limit: bodyEnd, scale: scale),
        let y = content.double(&q, limit: bodyEnd, scale: scale),
        let (start, count) = content.optionalStringBytes(&q, limit: bodyEnd)
      else { return nil }
      var anchor: String?
      if count >= 0 {
        guard let string = try? content.string(at: start, count: count, reusing: &lastAnchor) else {
          return nil
        }
        anchor = string
      }
      var anchorTop: Double?
      if q < bodyEnd && readsFormat1_1 {
        guard let flags = content.u8(&q, limit: bodyEnd) else { return nil }
        if flags & 1 != 0 {
          guard let value = content.double(&q, limit: bodyEnd, scale: scale) else { return nil }
          anchorTop = value
        }
      }
      let offset = TracePoint(x: x, y: y)
      guard RecordValidation.isValidScroll(offset: offset, anchor: anchor, anchorTop: anchorTop),
        stateStrings.admit(StateStringTally.Change(kind: .anchor, scene: scene, bytes: max(count, 0))) == nil
      else {
        return nil
      }
      sink.append(
        TraceEvent(time: sum, .scroll(scene: scene, offset: offset, anchor: anchor, anchorTop: anchorTop)))
    case TraceEvent.Kind.hinge.rawValue:
      guard let code = content.u8(&q, limit: bodyEnd), let status = try? WireEnums.hingeStatus(code),
        let flags = content.u8(&q, limit: bodyEnd)
      else { return nil }
      var angle: Double?
      if flags & 1 != 0 {
        guard let value = content.double(&q, limit: bodyEnd, scale: 1) else { return nil }
        angle = value
      }
      let hinge = HingeState(status: status, angle: angle)
      guard RecordValidation.isValidHinge(hinge) else { return nil }
      sink.append(TraceEvent(time: sum, .hinge(hinge)))
    default:
      return nil
    }
    p = bodyEnd
    return sum
  }
}
