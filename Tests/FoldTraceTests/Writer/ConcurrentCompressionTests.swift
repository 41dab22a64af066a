import FoldTrace
import Testing

/// A writer with `concurrentCompression` compresses frames on worker threads and takes them back in
/// order: it must write the very bytes the single-threaded writer writes — same frames, same seek table —
/// however its caller drains it.
@Suite struct ConcurrentCompressionTests {
  static let events = TraceSamples.everyKind + TraceSamples.scrolling(count: 30_000, from: 10_000_000)

  /// Many small frames (a fast worker, so frames come back out of step with the writer), the archive
  /// policy `tracecat pack` uses (a few large frames at level 12), and the recorder's 1 s frames.
  static let policies = [
    FlushPolicy(maxBufferedBytes: 512, maxSpan: 200_000_000, compressionLevel: 1),
    .archive,
    .default,
  ]

  @Test(arguments: policies)
  func writesTheBytesOfTheSingleThreadedWriter(_ policy: FlushPolicy) throws {
    let expected = try TraceSamples.bytes(Self.events, policy: policy)
    let writer = try TraceWriter(header: TraceSamples.header, policy: policy, concurrentCompression: true)
    for event in Self.events { try writer.append(event) }
    try writer.close()
    let same = writer.bytes == expected
    #expect(same, "\(writer.bytes.count) bytes, \(expected.count) expected")
    let read = TraceSamples.readFrames(try TraceReader(bytes: writer.bytes, name: "concurrent"))
    #expect(read.error == nil)
    #expect(read.frames.count == writer.frameCount)
    #expect(read.frames.count > 2)
    let eventsAgree = read.frames.flatMap(\.events) == Self.events
    #expect(eventsAgree)
  }

  /// `tracecat pack`'s way: take the completed bytes after every event, and flush now and then.
  @Test(arguments: policies)
  func streamsTheSameBytesAndCountsTheSameFrames(_ policy: FlushPolicy) throws {
    let single = try TraceWriter(header: TraceSamples.header, policy: policy)
    let concurrent = try TraceWriter(
      header: TraceSamples.header, policy: policy, concurrentCompression: true)
    var streamed: [UInt8] = []
    var countsAgree = true
    for (index, event) in Self.events.enumerated() {
      try single.append(event)
      try concurrent.append(event)
      if index % 7_919 == 0 {
        try single.flush()
        try concurrent.flush()
      }
      streamed += concurrent.takeBytes()
      countsAgree = countsAgree && single.frameCount == concurrent.frameCount
    }
    try single.close()
    try concurrent.close()
    streamed += concurrent.takeBytes()
    #expect(countsAgree)
    #expect(concurrent.frameCount == single.frameCount)
    let same = streamed == single.bytes
    #expect(same, "\(streamed.count) bytes streamed, \(single.bytes.count) expected")
    #expect(concurrent.bytes.isEmpty)
  }

  @Test func flushHandsOverEveryFrameAndCloseRefusesLaterEvents() throws {
    let writer = try TraceWriter(header: TraceSamples.header, policy: .archive, concurrentCompression: true)
    let headerBytes = writer.takeBytes()
    for event in TraceSamples.everyKind { try writer.append(event) }
    try writer.flush()
    let frame = writer.takeBytes()
    #expect(writer.frameCount == 1)
    let expected = try TraceSamples.bytes(TraceSamples.everyKind, policy: .archive, close: false)
    let same = headerBytes + frame == expected
    #expect(same)
    try writer.close()
    #expect(throws: TraceError.self) { try writer.append(TraceSamples.everyKind[0]) }
  }
}
