import Testing

@testable import FoldTrace

/// A record names an id its frame already holds by position, so a small frame could name a 64 KiB id
/// millions of times: gigabytes of text once decoded and shown. The strings of a frame's `layout` and
/// `presented` records, an id counted at every element naming it, are bounded together (16 MiB): the
/// writer ends a frame before its records reach it, and the reader refuses the record that passes it.
@Suite struct FrameRecordStringTests {
  static let scene = SceneID(1)
  static let frame = TraceRect(x: 0, y: 0, width: 10, height: 10)
  /// Eight ids of 64 KiB: 512 KiB of strings, the most one event holds.
  static let ids = (0..<8).map { "\($0)" + String(repeating: "x", count: 65_535) }

  static let layout = TraceEvent.Payload.layout(
    scene: scene,
    RecordedLayout(elements: ids.map { RecordedElement(id: $0, frame: frame, isInteractive: false) }))
  static let sample = TraceEvent.Payload.presented(
    scene: scene, ids.map { PresentedElement(id: $0, frame: frame, opacity: 1) })

  /// The strings of a `layout` or `presented` event as the rule counts them; 0 for other kinds.
  static func strings(_ payload: TraceEvent.Payload) -> Int {
    switch payload {
    case .layout(_, let layout): layout.stringBytes
    case .presented(_, let elements): elements.reduce(0) { $0 + $1.id.utf8.count }
    default: 0
    }
  }

  /// A frame whose keyframe holds a layout of eight 64 KiB ids and whose 32 samples name them by
  /// reference, a few bytes each, holds 33 × 512 KiB of strings: the reader refuses the sample that
  /// takes the frame past 16 MiB, naming the frame's byte, the record and its content byte, as a
  /// limit exceeded; the frame one sample shorter, at exactly 16 MiB, reads.
  @Test func aFrameNamingLongIdsOverTheRuleIsRefused() throws {
    typealias Record = UnwritableTrace.Record
    let keyframe: [Record] = [
      .payload(.sceneConnected(scene: Self.scene, display: .window, scale: 2)), .payload(Self.layout),
    ]
    let over = try UnwritableTrace.bytes(
      keyframe: keyframe, Array(repeating: .payload(Self.sample), count: 32))
    #expect(over.bytes.count < 20_000)
    let error = try #require(UnwritableTrace.read(over.bytes).error)
    #expect(error.code == .limitExceeded)
    #expect(error.offset == over.frameOffset)
    #expect(
      error.reason
        == "frame 1 exceeds the reader's limits: record 33 at content byte \(over.recordStarts[33]): "
        + "presented event that no writer writes: it takes the strings of its frame's layout and presented "
        + "records to 17301504 bytes of UTF-8 (an id counted at every element naming it), more than 16777216")
    let within = try UnwritableTrace.bytes(
      keyframe: keyframe, Array(repeating: .payload(Self.sample), count: 31))
    let read = UnwritableTrace.read(within.bytes)
    #expect(read.error == nil)
    #expect(read.frames.count == 2)
    #expect(read.frames.last?.events.count == 31)
  }

  /// A writer buffering 8 MiB wrote a layout and 100 samples of the same eight 64 KiB ids in one frame
  /// of a few kilobytes and 50.5 MiB of strings, which the reader refuses. It now ends a frame once its
  /// records' strings reach 15.5 MiB: 31 records of 512 KiB, the next frame's keyframe repeating the
  /// layout, so four frames of at most 16 MiB, and every event reads back.
  @Test func theWriterEndsAFrameBeforeItsStringsPassTheRule() throws {
    let policy = FlushPolicy(maxBufferedBytes: 8 << 20, maxSpan: .max, compressionLevel: 1)
    let writer = try TraceWriter(
      header: TraceHeader(device: "test", app: "test", recorder: "test"), policy: policy)
    var written = [
      TraceEvent(time: 0, .sceneConnected(scene: Self.scene, display: .window, scale: 2)),
      TraceEvent(time: 1, Self.layout),
    ]
    for time in 2..<102 { written.append(TraceEvent(time: UInt64(time), Self.sample)) }
    for event in written { try writer.append(event) }
    try writer.close()
    let reader = try TraceReader(bytes: writer.bytes, name: "samples")
    var events: [TraceEvent] = []
    var strings: [Int] = []
    while let frame = try reader.nextFrame() {
      events += frame.events
      strings.append((frame.keyframe + frame.events).reduce(0) { $0 + Self.strings($1.payload) })
    }
    #expect(events == written)
    #expect(strings == [31, 31, 31, 11].map { $0 * 524_288 })
  }
}
