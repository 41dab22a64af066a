import Testing

@testable import FoldTrace

/// A record over the 1 MiB limit is refused and leaves the writer as it was: the codec's state (the
/// element ids it has seen, the last anchor) is that of the last accepted record, so what follows
/// decodes as written.
@Suite struct RecordSizeLimitTests {
  static let header = TraceHeader(device: "test", app: "test", recorder: "test")

  static func sample(ids: [String], x: Double) -> [PresentedElement] {
    ids.map { PresentedElement(id: $0, frame: TraceRect(x: x, y: 0, width: 10, height: 10), opacity: 1) }
  }

  @Test func anOversizedPresentedSampleIsRefusedAndTheCodecKeepsItsState() throws {
    let big = (0..<20).map { "cell-\($0)-" + String(repeating: "x", count: 60_000) }
    let small = ["cell-1", "cell-2"]
    let writer = try TraceWriter(header: Self.header)
    let accepted = [
      TraceEvent(time: 1, .sceneConnected(scene: SceneID(1), display: .internal, scale: 3)),
      TraceEvent(time: 2, .presented(scene: SceneID(1), Self.sample(ids: small, x: 1))),
      TraceEvent(time: 4, .presented(scene: SceneID(1), Self.sample(ids: small + [big[0]], x: 2))),
    ]
    try writer.append(accepted[0])
    try writer.append(accepted[1])
    #expect(TraceWriter.mayExceedRecordLimit(.presented(scene: SceneID(1), Self.sample(ids: big, x: 5))))
    #expect(!TraceWriter.mayExceedRecordLimit(accepted[2].payload))
    #expect(throws: TraceError.self) {
      try writer.append(
        TraceEvent(time: 3, .presented(scene: SceneID(1), Self.sample(ids: big + small, x: 5))))
    }
    try writer.append(accepted[2])
    try writer.close()
    #expect(try TraceReader.readAll(bytes: writer.bytes, name: "limit").events == accepted)
  }

  /// The bound is false for every kind that has no strings or elements, whatever its values.
  @Test func smallKindsNeverTakeTheSnapshot() {
    #expect(!TraceWriter.mayExceedRecordLimit(.hinge(HingeState(status: .closed, angle: 0))))
    #expect(
      !TraceWriter.mayExceedRecordLimit(
        .scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: 1), anchor: "a")))
    #expect(!TraceWriter.mayExceedRecordLimit(.marker(String(repeating: "x", count: 65_536))))
  }
}
