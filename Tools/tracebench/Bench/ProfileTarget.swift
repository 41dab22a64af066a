import FoldTrace

/// Single loops for `valgrind --tool=callgrind` and `perf`: `tracebench _child profile TARGET COUNT
/// [REPEATS]` runs one hot path over a COUNT-event long session (decode: REPEATS times, default once, so
/// that decoding outweighs the session's generation), with nothing else in the profile but that
/// generation.
///
/// Each target's work is a superset of its ``baseline``'s (`generate` only generates; `encode` also
/// writes the trace bytes; `jsonl-encode` also writes every event's JSON Lines), so the difference of two
/// instruction counts divided by COUNT is the hot path's cost per event, start-up and generation
/// excluded (``InstructionBench``).
enum ProfileTarget {
  /// The targets ``InstructionBench`` measures, each with the target whose work it extends.
  static let baseline: [(target: String, baseline: String)] = [
    ("record", "generate"), ("decode", "encode"), ("replay", "encode"), ("jsonl-encode", "generate"),
    ("jsonl-decode", "jsonl-encode"),
  ]

  static func run(_ target: String, count: Int, repeats: Int = 1) throws -> String {
    // The presented samples are built in the loop: no session to generate, so its profile holds only
    // the samples and the recorder.
    let events = target == "presented" ? [] : try LongSession(seed: Options().seed).events(count: count)
    switch target {
    case "generate":
      return "generated=\(events.count)"
    case "encode":
      let sample = try TraceSample(name: "profile", header: LongSession.header, events: events)
      return "encoded=\(sample.events.count) bytes=\(sample.bytes.count)"
    case "jsonl-encode", "jsonl-decode":
      let document = jsonLines(events)
      guard target == "jsonl-decode" else { return "encoded=\(events.count) bytes=\(document.bytes.count)" }
      var decoder = TraceJSONLinesDecoder()
      var decoded = 0
      var start = 0
      try document.bytes.withUnsafeBytes { bytes in
        for end in document.lineEnds {
          if try decoder.decode(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<end])) != nil {
            decoded += 1
          }
          start = end + 1
        }
      }
      precondition(decoded == events.count, "decoded \(decoded) of \(events.count) events")
      return "decoded=\(decoded)"
    case "record":
      let recorder = try SessionRecorder(sink: DiscardingRecorderSink(), header: LongSession.header)
      // Batches that fit the buffer, the writer queue catching up in between (as RecordBench measures).
      var allocations: UInt64 = 0
      for start in stride(from: 0, to: events.count, by: SessionRecorder.defaultEventCapacity) {
        let before = AllocationCounter.thread
        for event in events[start..<min(start + SessionRecorder.defaultEventCapacity, events.count)] {
          _ = try recorder.record(event.payload)
        }
        allocations += AllocationCounter.thread - before
        try recorder.synchronize()
      }
      let dropped = recorder.droppedCount
      try recorder.close()
      return "recorded=\(events.count) allocations=\(allocations) dropped=\(dropped)"
    case "decode":
      let sample = try TraceSample(name: "profile", header: LongSession.header, events: events)
      var decoded = 0
      for _ in 0..<repeats {
        let reader = try TraceReader(bytes: sample.bytes, name: sample.name)
        while let frame = try reader.nextFrame() { decoded += frame.events.count }
      }
      return "decoded=\(decoded)"
    case "replay":
      let sample = try TraceSample(name: "profile", header: LongSession.header, events: events)
      let (replayed, failures) = try ReplayBench.replay(sample)
      return "replayed=\(replayed) failures=\(failures)"
    case "presented":
      let recorder = try PresentedSampleBench.recorder()
      var allocations: UInt64 = 0
      let batch = SessionRecorder.defaultEventCapacity / 2
      for start in stride(from: 0, to: count, by: batch) {
        let before = AllocationCounter.thread
        for k in start..<min(start + batch, count) {
          _ = try recorder.recordPresented(scene: SceneID(1), PresentedSampleBench.sample(k))
        }
        allocations += AllocationCounter.thread - before
        try recorder.synchronize()
      }
      let dropped = recorder.droppedCount
      try recorder.close()
      return "presented=\(count) allocations=\(allocations) dropped=\(dropped)"
    default:
      throw Options.Failure(
        description: "profile targets: generate, encode, record, decode, replay, jsonl-encode, jsonl-decode, "
          + "presented")
    }
  }

  /// The events' JSON Lines document, header first, through the fast encoder, and where each line ends
  /// (the offset of its newline).
  static func jsonLines(_ events: [TraceEvent]) -> (bytes: [UInt8], lineEnds: [Int]) {
    var bytes: [UInt8] = []
    var ends: [Int] = []
    ends.reserveCapacity(events.count + 1)
    TraceJSONLines.encode(header: LongSession.header, into: &bytes)
    ends.append(bytes.count)
    bytes.append(UInt8(ascii: "\n"))
    for event in events {
      TraceJSONLines.encode(event: event, into: &bytes)
      ends.append(bytes.count)
      bytes.append(UInt8(ascii: "\n"))
    }
    return (bytes, ends)
  }
}

/// A recorder sink that keeps nothing: benchmarks measure the calling thread, not the disk.
final class DiscardingRecorderSink: SessionRecorderSink {
  func write(_ bytes: [UInt8]) throws {}
  func synchronize() throws {}
  func close() throws {}
}
