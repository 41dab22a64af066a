extension TraceReader {
  /// Whether frames read in this task take the fast path for scroll and hinge records: true but in
  /// tests that compare the reader with its checked path alone (`CommonRecordDifferentialTests`). Read
  /// once per frame.
  @TaskLocal static var usesCommonRecordPath = true
  /// False to read as a format 1.0 reader does: `layout` and `presented` records are skipped and
  /// counted as unknown kinds, and a `scroll` record's `anchorTop` is an ignored extra field. For the
  /// compatibility tests; readers always read 1.1.
  @TaskLocal static var readsFormat1_1 = true

  /// Parses the run of scroll and hinge event records at `state.reader` that
  /// `RecordCodec.scanCommonRecord` accepts, into `sink`, and stops before the first other record, when
  /// the sink is full or at the frame's record limit; the checked loop goes on from there.
  /// - Complexity: O(bytes parsed).
  @inline(__always)
  static func parseCommonRecords(_ state: inout ParseState, into sink: inout EventSink) {
    let end = state.reader.end
    var p = state.reader.position
    var time = state.time
    var parsed = 0
    let room = min(sink.capacity - sink.count, state.maxRecords - state.items)
    while parsed < room && p < end {
      guard
        let sum = state.codec.scanCommonRecord(
          state.reader, at: &p, time: time, into: &sink)
      else { break }
      time = sum
      parsed &+= 1
    }
    state.reader.move(to: p)
    state.time = time
    state.items += parsed
    state.index += parsed
  }
}
