extension TraceReader {
  /// Whether a writer writes the event a record just decoded into `sink`: the reader refuses a record
  /// that breaks the writer's rules as damage or forgery, a malformed record (a `.corrupt` frame at the
  /// frame's byte offset, naming the record's content byte) like any other (the event model:
  /// invalid values are refused at record time; no trace can hurt the reader).
  ///
  /// The rules are the writer's, from the one place that states them: ``TraceEvent/Payload/refusal``,
  /// through `RecordValidation.isValid(_:)` — NaN, ±∞ or
  /// negative sizes, insets and region sizes, non-finite coordinates and scroll offsets, a display scale
  /// not finite and > 0, a hinge angle outside 0…360°, strings over 64 KiB, more than
  /// ``TraceFormat/maxRegionsPerRecord`` regions — and the writer's scene limit: a `sceneConnected`
  /// record may not leave more than ``TraceFormat/maxConnectedScenes`` scenes connected (counting the
  /// frame's keyframe and the records before it); ``admitState(_:into:)`` applies its rule on the state's
  /// strings.
  ///
  /// Scroll and hinge records read on the fast path (`RecordCodec.scanCommonRecord`) are checked by the
  /// same rules before their event is built (`RecordValidation.isValidScroll`, `isValidHinge`, which
  /// `isValid` calls); one that breaks them is parsed again here and refused the same way.
  ///
  /// - Parameters:
  ///   - sink: The frame's events, the record's event last (the record is of a known kind).
  ///   - tag: The record's wire tag.
  ///   - connected: The scenes connected after the record (`RecordCodec.connectedSceneCount`).
  /// - Returns: False when no writer writes the event; ``unwritable(_:)`` says why.
  /// - Complexity: O(1), and O(r) for a `regions` record of r regions.
  @inline(__always)
  static func isWritable(_ sink: borrowing EventSink, tag: UInt8, connected: Int) -> Bool {
    RecordValidation.isValid((sink.base.unsafelyUnwrapped + (sink.count - 1)).pointee.payload)
      && (tag != TraceEvent.Kind.sceneConnected.rawValue
        || connected <= TraceFormat.maxConnectedScenes)
  }

  /// Applies the last event of `sink` to the frame's state strings, as the writer's state rule does
  /// (``TraceEvent/maxStateStringBytes``, counting the frame's keyframe and the records before it).
  /// - Returns: nil when applied; the total it would make when the writer would refuse it.
  /// - Complexity: O(1), and O(n) for a `layout` record of n elements.
  @inline(__always)
  static func admitState(_ sink: borrowing EventSink, into tally: inout StateStringTally) -> Int? {
    tally.admit(StateStringTally.change(of: (sink.base.unsafelyUnwrapped + (sink.count - 1)).pointee.payload))
  }

  /// The failure for the last event of `sink`, a `layout` or `presented` record that took the strings
  /// of its frame's such records to `total` bytes (`RecordCodec.recordStrings`, keyframe included),
  /// over the writer's frame rule (``TraceEvent/maxFrameRecordStringBytes``): no writer writes such a
  /// frame, and its events would repeat an id it names by reference until they are gigabytes of text.
  /// A failure that ``ByteReader/Failure/exceedsLimit``.
  @inline(never)
  static func recordStringsExceeded(_ sink: borrowing EventSink, total: Int) -> ByteReader.Failure {
    let event = (sink.base.unsafelyUnwrapped + (sink.count - 1)).pointee
    return ByteReader.Failure(
      reason: "\(event.kind.name) event that no writer writes: it takes the strings of its frame's layout "
        + "and presented records to \(total) bytes of UTF-8 (an id counted at every element naming it), "
        + "more than \(TraceEvent.maxFrameRecordStringBytes)",
      exceedsLimit: true)
  }

  /// The failure for the last event of `sink`, which ``admitState(_:into:)`` refused: state strings
  /// that would total `total` bytes.
  @inline(never)
  static func unwritableState(_ sink: borrowing EventSink, total: Int) -> ByteReader.Failure {
    let event = (sink.base.unsafelyUnwrapped + (sink.count - 1)).pointee
    return ByteReader.Failure(
      reason: "\(event.kind.name) event that no writer writes: \(EventRefusal.stateStrings(bytes: total))")
  }

  /// The failure for the last event of `sink`, which ``isWritable(_:tag:connected:)`` refused, with the
  /// writer's reason.
  @inline(never)
  static func unwritable(_ sink: borrowing EventSink, connected: Int) -> ByteReader.Failure {
    let event = (sink.base.unsafelyUnwrapped + (sink.count - 1)).pointee
    let reason =
      event.validationFailure
      ?? "\(connected) scenes connected at once, more than \(TraceFormat.maxConnectedScenes)"
    return ByteReader.Failure(reason: "\(event.kind.name) event that no writer writes: \(reason)")
  }
}
