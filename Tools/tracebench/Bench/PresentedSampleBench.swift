import FoldTrace

/// The caller's cost of one display refresh's presented sample of ten moving elements: building the
/// sample (one array, the ids shared) and `SessionRecorder.recordPresented`, which rounds the values to
/// the presented grid and moves the array into the buffer.
enum PresentedSampleBench {
  static let ids = (0..<10).map { "cell.message-\($0)" }

  /// Sample `k` of a spring move of ten cells, 120 Hz.
  @inline(__always)
  static func sample(_ k: Int) -> [PresentedElement] {
    var elements: [PresentedElement] = []
    elements.reserveCapacity(10)
    let x = 520 * (1 - 1 / (1 + Double(k % 240) * 0.05))
    for i in 0..<10 {
      elements.append(
        PresentedElement(
          id: ids[i], frame: TraceRect(x: x + 0.37, y: Double(i) * 88 + 0.11, width: 500, height: 88),
          opacity: 1))
    }
    return elements
  }

  /// A recorder with scene 1 connected, ready for samples.
  static func recorder() throws -> SessionRecorder {
    let recorder = try SessionRecorder(sink: DiscardingRecorderSink(), header: LongSession.header)
    try recorder.record(.sceneConnected(scene: SceneID(1), display: .internal, scale: 3))
    return recorder
  }

  static func run(options: Options, into table: inout ResultTable) throws {
    let count = options.quick ? 20_000 : 100_000
    let batch = SessionRecorder.defaultEventCapacity / 2
    var recorder = try recorder()
    var dropped: UInt64 = 0
    let figures = try PerEvent.measure(
      runs: options.runs, count: count, batch: batch,
      prepare: {
        dropped += recorder.droppedCount
        try recorder.close()
        recorder = try Self.recorder()
      },
      between: { try recorder.synchronize() }
    ) { k in
      _ = try recorder.recordPresented(scene: SceneID(1), sample(k))
    }
    dropped += recorder.droppedCount
    try recorder.close()
    table.add(
      "record",
      Figure(
        "presented sample of ten elements (build + recordPresented), ns/sample",
        ours: Format.spread(figures.nanoseconds)))
    table.add(
      "record",
      Figure(
        "presented sample of ten elements, heap allocations/sample", ours: Format.spread(figures.allocations),
        target: "1 (the array)", verdict: figures.allocations.median < 1.001 ? .met : .missed))
    table.note(
      "record: presented samples of ten moving elements, \(count) per run in batches of \(batch), the writer "
        + "queue catching up between batches (untimed); dropped: \(dropped) (must be 0). Instructions: "
        + "valgrind --tool=callgrind tracebench _child profile presented COUNT.")
  }
}
