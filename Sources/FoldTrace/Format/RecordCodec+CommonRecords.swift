extension RecordCodec {
  /// Decodes the event record at `p` when it is a scroll, hinge, geometry, traits or selection event
  /// in the plain form a writer writes, and appends its event to `sink`: the reader's fast path (scroll
  /// and hinge records are nine in ten of a 120 Hz session's; the others are here so that they do not
  /// interrupt it). Regions, scene and marker records take the checked path.
  ///
  /// It reads what ``decodeRecord(tag:from:time:into:maxRegions:items:)`` reads, with
  /// ``RecordScanner``, and checks the writer's rules on the values before building the event
  /// (`RecordValidation.isValidScroll`, `isValidHinge`, `isValid`: the rules `TraceReader.isWritable`
  /// applies). For
  /// anything else — another kind, a varint over eight bytes, a malformed or cut field, an
  /// overflowing time, a value no writer writes — it returns nil with nothing appended, and the caller
  /// parses the record again on the checked path, which reports it.
  ///
  /// - Parameters:
  ///   - scanner: The content's scanner.
  ///   - content: A reader of the whole content (for strings and `lastAnchor`).
  ///   - p: The record's offset, below `scanner.end`; on success, the next record's.
  ///   - time: The previous event's time, in nanoseconds.
  ///   - sink: Where the event goes; it has room for one more.
  /// - Returns: The event's time, or nil.
  /// - Complexity: O(record size).
  @inline(__always)
  mutating func scanCommonRecord(
    _ scanner: RecordScanner, content: UnsafeByteReader, at p: inout Int, time: UInt64,
    into sink: inout EventSink
  ) -> UInt64? {
    let end = scanner.end
    let tag = scanner.byte(at: p)
    var q = p &+ 1
    guard let delta = scanner.varint(&q, limit: end), let length = scanner.varint(&q, limit: end),
      length <= UInt64(end &- q)
    else { return nil }
    let bodyEnd = q &+ Int(truncatingIfNeeded: length)
    let (sum, overflow) = time.addingReportingOverflow(delta)
    guard !overflow else { return nil }
    switch tag {
    case TraceEvent.Kind.scroll.rawValue:
      guard let raw = scanner.varint(&q, limit: bodyEnd), raw <= UInt64(UInt32.max) else { return nil }
      let scene = SceneID(UInt32(truncatingIfNeeded: raw))
      let scale = cachedScale(of: scene)
      guard let x = scanner.double(&q, limit: bodyEnd, scale: scale),
        let y = scanner.double(&q, limit: bodyEnd, scale: scale),
        let (start, count) = scanner.optionalStringBytes(&q, limit: bodyEnd)
      else { return nil }
      var anchor: String?
      if count >= 0 {
        guard let string = try? content.string(at: start, count: count, reusing: &lastAnchor) else {
          return nil
        }
        anchor = string
      }
      let offset = TracePoint(x: x, y: y)
      guard RecordValidation.isValidScroll(offset: offset, anchor: anchor) else { return nil }
      sink.append(TraceEvent(time: sum, .scroll(scene: scene, offset: offset, anchor: anchor)))
    case TraceEvent.Kind.hinge.rawValue:
      guard let code = scanner.u8(&q, limit: bodyEnd), let status = try? WireEnums.hingeStatus(code),
        let flags = scanner.u8(&q, limit: bodyEnd)
      else { return nil }
      var angle: Double?
      if flags & 1 != 0 {
        guard let value = scanner.double(&q, limit: bodyEnd, scale: 1) else { return nil }
        angle = value
      }
      let hinge = HingeState(status: status, angle: angle)
      guard RecordValidation.isValidHinge(hinge) else { return nil }
      sink.append(TraceEvent(time: sum, .hinge(hinge)))
    case TraceEvent.Kind.geometry.rawValue, TraceEvent.Kind.traits.rawValue,
      TraceEvent.Kind.selection.rawValue:
      guard scanOtherRecord(tag, scanner, content: content, at: &q, bodyEnd: bodyEnd, time: sum, into: &sink)
      else { return nil }
    default:
      return nil
    }
    p = bodyEnd
    return sum
  }

  /// ``scanCommonRecord(_:content:at:time:into:)`` for geometry, traits and selection bodies (outlined:
  /// about one record in twenty, kept out of the scroll and hinge loop's registers).
  /// - Returns: Whether the event was appended.
  @inline(never)
  mutating func scanOtherRecord(
    _ tag: UInt8, _ scanner: RecordScanner, content: UnsafeByteReader, at q: inout Int, bodyEnd: Int,
    time sum: UInt64, into sink: inout EventSink
  ) -> Bool {
    switch tag {
    case TraceEvent.Kind.geometry.rawValue:
      guard let raw = scanner.varint(&q, limit: bodyEnd), raw <= UInt64(UInt32.max) else { return false }
      let scene = SceneID(UInt32(truncatingIfNeeded: raw))
      let s = cachedScale(of: scene)
      guard let width = scanner.double(&q, limit: bodyEnd, scale: s),
        let height = scanner.double(&q, limit: bodyEnd, scale: s),
        let top = scanner.double(&q, limit: bodyEnd, scale: s),
        let leading = scanner.double(&q, limit: bodyEnd, scale: s),
        let bottom = scanner.double(&q, limit: bodyEnd, scale: s),
        let trailing = scanner.double(&q, limit: bodyEnd, scale: s),
        let horizontalCode = scanner.u8(&q, limit: bodyEnd),
        let horizontal = try? WireEnums.sizeClass(horizontalCode),
        let verticalCode = scanner.u8(&q, limit: bodyEnd),
        let vertical = try? WireEnums.sizeClass(verticalCode),
        let flags = scanner.u8(&q, limit: bodyEnd),
        let edgeCode = scanner.u8(&q, limit: bodyEnd), let edge = try? WireEnums.barEdge(edgeCode)
      else { return false }
      var minimum: TraceSize?
      if flags & 2 != 0 {
        guard let width = scanner.double(&q, limit: bodyEnd, scale: s),
          let height = scanner.double(&q, limit: bodyEnd, scale: s)
        else { return false }
        minimum = TraceSize(width: width, height: height)
      }
      var maximum: TraceSize?
      if flags & 4 != 0 {
        guard let width = scanner.double(&q, limit: bodyEnd, scale: s),
          let height = scanner.double(&q, limit: bodyEnd, scale: s)
        else { return false }
        maximum = TraceSize(width: width, height: height)
      }
      let payload = TraceEvent.Payload.geometry(
        scene: scene,
        SceneGeometry(
          size: TraceSize(width: width, height: height),
          safeArea: TraceInsets(top: top, leading: leading, bottom: bottom, trailing: trailing),
          horizontal: horizontal, vertical: vertical, isInteractivelyResizing: flags & 1 != 0,
          verticalBarEdge: edge, minimumSize: minimum, maximumSize: maximum))
      guard RecordValidation.isValid(payload) else { return false }
      sink.append(TraceEvent(time: sum, payload))
    case TraceEvent.Kind.traits.rawValue:
      guard let raw = scanner.varint(&q, limit: bodyEnd), raw <= UInt64(UInt32.max),
        let code = scanner.u8(&q, limit: bodyEnd),
        let category = try? WireEnums.value(code, in: WireEnums.categories, "content size category"),
        let flags = scanner.u8(&q, limit: bodyEnd)
      else { return false }
      let payload = TraceEvent.Payload.traits(
        scene: SceneID(UInt32(truncatingIfNeeded: raw)),
        SceneTraits(
          contentSizeCategory: category, reduceMotion: flags & 1 != 0, prefersCrossFade: flags & 2 != 0,
          reduceTransparency: flags & 4 != 0, layoutDirection: flags & 8 != 0 ? .rightToLeft : .leftToRight))
      guard RecordValidation.isValid(payload) else { return false }
      sink.append(TraceEvent(time: sum, payload))
    case TraceEvent.Kind.selection.rawValue:
      guard let raw = scanner.varint(&q, limit: bodyEnd), raw <= UInt64(UInt32.max),
        let (start, count) = scanner.optionalStringBytes(&q, limit: bodyEnd)
      else { return false }
      var item: String?
      if count >= 0 {
        guard let string = try? content.string(at: start, count: count, reusing: &lastItem) else {
          return false
        }
        item = string
      }
      let payload = TraceEvent.Payload.selection(scene: SceneID(UInt32(truncatingIfNeeded: raw)), item: item)
      guard RecordValidation.isValid(payload) else { return false }
      sink.append(TraceEvent(time: sum, payload))
    default:
      return false
    }
    return true
  }
}
