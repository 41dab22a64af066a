import Foundation
import Testing

@testable import FoldTrace

/// The writer refuses a `layout` or `presented` event by its strings (at most 512 KiB together, an id
/// counted at every element naming it), not by what its record costs in the frame at hand: the same
/// event is refused whatever the frame already holds, and every event accepted encodes under 1 MiB in
/// any frame and under 4 MiB as a JSON Lines line.
@Suite struct RecordSizeLimitTests {
  static let header = TraceHeader(device: "test", app: "test", recorder: "test")

  static func sample(ids: [String], x: Double) -> [PresentedElement] {
    ids.map { PresentedElement(id: $0, frame: TraceRect(x: x, y: 0, width: 10, height: 10), opacity: 1) }
  }

  static func layout(_ ids: [String]) -> RecordedLayout {
    RecordedLayout(
      elements: ids.map {
        RecordedElement(id: $0, frame: TraceRect(x: 0, y: 0, width: 10, height: 10), isInteractive: true)
      })
  }

  /// `count` distinct ids of `bytes` bytes, the rest filled with `fill`.
  static func ids(_ count: Int, bytes: Int, _ fill: Character = "x") -> [String] {
    (0..<count).map { String(format: "%05d", $0) + String(repeating: fill, count: bytes - 5) }
  }

  /// Two layouts define sixteen 60 000-byte ids; a sample naming all sixteen costs 16 references in
  /// their frame (a writer buffering 8 MiB wrote it) and 960 KB in a frame of its own (a 64 KiB writer
  /// refused it): both refuse it now, both accept the layouts, and both stay usable.
  @Test(arguments: [FlushPolicy(maxBufferedBytes: 8 << 20), .archive])
  func aSampleIsRefusedWhateverItsFrameHolds(policy: FlushPolicy) throws {
    let ids = Self.ids(16, bytes: 60_000)
    let scene = SceneID(1)
    let writer = try TraceWriter(header: Self.header, policy: policy)
    let accepted = [
      TraceEvent(time: 1, .sceneConnected(scene: scene, display: .internal, scale: 3)),
      TraceEvent(time: 2, .layout(scene: scene, Self.layout(Array(ids[..<8])))),
      TraceEvent(time: 3, .layout(scene: scene, Self.layout(Array(ids[8...])))),
      TraceEvent(time: 5, .presented(scene: scene, Self.sample(ids: Array(ids[..<8]), x: 2))),
    ]
    for event in accepted[..<3] { try writer.append(event) }
    do throws(TraceError) {
      try writer.append(TraceEvent(time: 4, .presented(scene: scene, Self.sample(ids: ids, x: 1))))
      Issue.record("a sample of 960 000 bytes of ids was written")
    } catch {
      #expect(error.code == .invalidEvent)
      #expect(
        error.reason
          == "refused presented event at 4 ns, scene 1: its strings total 960000 bytes of UTF-8 (an id "
          + "counted at every element naming it), more than 524288; it was not written")
    }
    try writer.append(accepted[3])
    try writer.close()
    #expect(try TraceReader.readAll(bytes: writer.bytes, name: "limit").events == accepted)
  }

  /// The largest events the rules accept — 512 KiB of strings, control characters (six bytes each in
  /// JSON) after a five-digit prefix, 256 elements whose values fit no grid (nine bytes each in a record, 24
  /// characters in JSON), a scene and time of the most digits — encode under 1 MiB in a frame of their own
  /// and under the 4 MiB line `tracecat pack` reads, and read back. A byte more is refused.
  @Test func theLargestEventsFitARecordAndALine() throws {
    let odd = -2.2250738585072014e-308  // the longest description a double has, 24 characters
    let frame = TraceRect(x: odd, y: odd, width: .greatestFiniteMagnitude, height: 1 / 3)
    let scene = SceneID(UInt32.max)
    // Every id distinct, so none is written by reference: the record of a frame of its own.
    let layout = RecordedLayout(
      shape: String(repeating: "\u{1}", count: 65_536),
      presentation: String(repeating: "\u{1}", count: 65_536),
      columns: 65_535,
      elements: Self.ids(256, bytes: 1_536, "\u{1}").map {
        RecordedElement(id: $0, frame: frame, isInteractive: false)
      })
    let presented = Self.ids(256, bytes: 2_048, "\u{1}").map {
      PresentedElement(id: $0, frame: frame, opacity: 0.30000000000000004)
    }
    let events = [
      TraceEvent(time: .max, .layout(scene: scene, layout)),
      TraceEvent(time: .max, .presented(scene: scene, presented)),
    ]
    for event in events {
      #expect(event.validationFailure == nil)
      var codec = RecordCodec()
      var record = ByteWriter()
      codec.encode(event.payload, delta: .max, into: &record)
      #expect(record.bytes.count > 524_288 && record.bytes.count <= TraceFormat.maxRecordBytes)
      let line = TraceJSONLines.encode(event: event)
      #expect(line.utf8.count > 3 * 1_048_576 && line.utf8.count <= 4 << 20, "\(line.utf8.count)")
    }
    let writer = try TraceWriter(header: Self.header)
    for event in events { try writer.append(event) }
    try writer.close()
    #expect(try TraceReader.readAll(bytes: writer.bytes, name: "largest").events == events)
    // One byte more, in an id: refused.
    var over = presented
    over[0].id += "\u{1}"
    #expect(throws: TraceError.self) {
      try TraceWriter(header: Self.header).append(TraceEvent(time: .max, .presented(scene: scene, over)))
    }
    #expect(
      TraceEvent(time: 0, .presented(scene: scene, over)).validationFailure
        == "its strings total 524289 bytes of UTF-8 (an id counted at every element naming it), more "
        + "than 524288")
  }

  /// The events the rules accepted before strings were bounded together, whose record fitted 1 MiB: 15
  /// ids of 64 KiB of control characters made a line of 5.9 MB, over the 4 MiB `tracecat pack` reads.
  @Test func aSampleWhoseLineWouldExceedPacksLimitIsRefused() throws {
    let payload = TraceEvent.Payload.presented(
      scene: SceneID(1), Self.sample(ids: Self.ids(15, bytes: 65_536, "\u{1}"), x: 0))
    #expect(TraceJSONLines.encode(event: TraceEvent(time: 0, payload)).utf8.count > 4 << 20)
    let writer = try TraceWriter(header: Self.header)
    #expect(throws: TraceError.self) { try writer.append(TraceEvent(time: 0, payload)) }
  }
}
