import FoldTrace

/// Single loops for `valgrind --tool=callgrind` and `perf`: `tracebench _child profile
/// record|decode|replay COUNT [REPEATS]` runs one hot path over a COUNT-event long session (decode:
/// REPEATS times, default once, so that decoding outweighs the session's generation), with nothing else
/// in the profile but that generation.
enum ProfileTarget {
  static func run(_ target: String, count: Int, repeats: Int = 1) throws -> String {
    // The presented samples are built in the loop: no session to generate, so its profile holds only
    // the samples and the recorder.
    let events = target == "presented" ? [] : try LongSession(seed: Options().seed).events(count: count)
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
      throw Options.Failure(description: "profile targets: record, decode, replay, presented")
    }
  }
}

/// A recorder sink that keeps nothing: benchmarks measure the calling thread, not the disk.
final class DiscardingRecorderSink: SessionRecorderSink {
  func write(_ bytes: [UInt8]) throws {}
  func synchronize() throws {}
  func close() throws {}
}
