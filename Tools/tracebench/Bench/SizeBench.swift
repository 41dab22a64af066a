import FoldTrace

/// Bytes per event: FoldTrace's `.foldtrace` files against JSON Lines compressed with `zstd -3`, and
/// against the best libzstd can do with FoldTrace's own uncompressed record stream
/// (`zstd --ultra -22 --long` of the concatenated frame contents, what `zstdcat` prints).
struct SizeBench {
  /// The JSON Lines document of each trace, kept for the decode baseline.
  private(set) var documents: [[UInt8]] = []

  /// - Parameters:
  ///   - workload: The traces, encoded with the default policy.
  ///   - largerFrames: Also encode the traces with 30 s / 256 KiB frames and report that size, to show
  ///     what the frame policy alone can buy.
  mutating func run(_ workload: Workload, largerFrames: Bool = false, into table: inout ResultTable) throws {
    var ours = 0
    var jsonl = 0
    var jsonlZstd = 0
    var content = 0
    var ultra = 0
    documents = []
    for sample in workload.traces {
      let document = try JSONLinesBaseline.document(sample)
      documents.append(document)
      jsonl += document.count
      jsonlZstd += ZstdBaseline.compressedSize(document, .level3)
      ours += sample.bytes.count
      let stream = ZstdBaseline.content(of: sample.bytes, frames: ZstdBaseline.dataFrames(of: sample.bytes))
      content += stream.count
      ultra += ZstdBaseline.compressedSize(stream, .ultraLong)
    }
    let events = Double(workload.eventCount)
    let perEvent = { (bytes: Int) in Double(bytes) / events }
    let section = "bytes/event — \(workload.name), \(Format.si(events)) events"
    let versusJSON = perEvent(ours) / perEvent(jsonlZstd)
    table.add(
      section,
      Figure(
        "vs JSON Lines + zstd -3", ours: Format.significant(perEvent(ours)),
        baseline: Format.significant(perEvent(jsonlZstd))
          + " (raw JSONL \(Format.significant(perEvent(jsonl))))",
        ratio: Format.ratio(versusJSON), target: "≤ 0.25×", verdict: versusJSON <= 0.25 ? .met : .missed))
    let versusUltra = perEvent(ours) / perEvent(ultra)
    table.add(
      section,
      Figure(
        "vs own stream under zstd --ultra -22 --long", ours: Format.significant(perEvent(ours)),
        baseline: Format.significant(perEvent(ultra))
          + " (raw stream \(Format.significant(perEvent(content))))",
        ratio: Format.ratio(versusUltra), target: "≤ 1.2×", verdict: versusUltra <= 1.2 ? .met : .missed))
    if largerFrames {
      table.note(
        "bytes: the 0.25× target is \(Format.significant(perEvent(jsonlZstd) / 4)) B/event here; FoldSim's 120 Hz "
          + "samples carry up to ±1 ms of jitter at nanosecond resolution, about 21 bits (2.6 bytes) of "
          + "entropy per sample that no coding removes.")
      let policy = FlushPolicy(maxBufferedBytes: 256 * 1024, maxSpan: 30_000_000_000)
      var larger = 0
      for sample in workload.traces {
        let writer = try TraceWriter(header: sample.header, policy: policy)
        for event in sample.events { try writer.append(event) }
        try writer.close()
        larger += writer.bytes.count
      }
      table.add(
        section,
        Figure(
          "same, 30 s / 256 KiB frames instead of 1 s / 64 KiB", ours: Format.significant(perEvent(larger)),
          baseline: Format.significant(perEvent(ultra)) + " ultra",
          ratio: Format.ratio(perEvent(larger) / perEvent(ultra))
        ))
    }
  }
}
