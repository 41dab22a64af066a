import FoldTrace

/// Single loops for `valgrind --tool=callgrind`: `tracebench _child profile record|decode|replay COUNT` runs
/// one hot path once over a COUNT-event long session, with nothing else in the profile but the
/// session's generation.
enum ProfileTarget {
  static func run(_ target: String, count: Int) throws -> String {
    let events = try LongSession(seed: Options().seed).events(count: count)
    switch target {
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
      let reader = try TraceReader(bytes: sample.bytes, name: sample.name)
      var decoded = 0
      while let frame = try reader.nextFrame() { decoded += frame.events.count }
      return "decoded=\(decoded)"
    case "replay":
      let sample = try TraceSample(name: "profile", header: LongSession.header, events: events)
      let (replayed, failures) = try ReplayBench.replay(sample)
      return "replayed=\(replayed) failures=\(failures)"
    default:
      throw Options.Failure(description: "profile targets: record, decode, replay")
    }
  }
}

/// A recorder sink that keeps nothing: benchmarks measure the calling thread, not the disk.
final class DiscardingRecorderSink: SessionRecorderSink {
  func write(_ bytes: [UInt8]) throws {}
  func synchronize() throws {}
  func close() throws {}
}
