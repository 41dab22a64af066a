import Foundation
import Testing

@testable import FoldTrace

/// Every frame repeats the session state in its keyframe, so the state's strings — each connected
/// scene's scroll anchor, selection and last layout — are bounded together (4 MiB of UTF-8): the writer
/// refuses the event that would take them over, the reader refuses a record that does, and a keyframe
/// with a frame's worth of events always fits the reader's 16 MiB.
@Suite struct StateLimitTests {
  static let header = TraceHeader(device: "test", app: "test", recorder: "test")
  static let frame = TraceRect(x: 0, y: 0, width: 10, height: 10)

  /// `count` ids of `bytes` bytes, distinct across scenes (so a frame never names one by reference).
  static func ids(scene: Int, _ count: Int, bytes: Int) -> [String] {
    (0..<count).map { String(format: "%03d-%05d-", scene, $0) + String(repeating: "x", count: bytes - 10) }
  }

  /// A layout of eight 64 KiB ids: 512 KiB of strings, the most one event holds.
  static func largestLayout(scene: Int) -> TraceEvent.Payload {
    .layout(
      scene: SceneID(UInt32(scene)),
      RecordedLayout(
        elements: ids(scene: scene, 8, bytes: 65_536).map {
          RecordedElement(id: $0, frame: frame, isInteractive: false)
        }))
  }

  static func connect(_ scene: Int) -> TraceEvent.Payload {
    .sceneConnected(scene: SceneID(UInt32(scene)), display: .window, scale: 2)
  }

  static func scroll(_ scene: Int, anchor: String?) -> TraceEvent.Payload {
    .scroll(scene: SceneID(UInt32(scene)), offset: TracePoint(x: 0, y: 0), anchor: anchor)
  }

  static func refusal(total: Int) -> String {
    "the session state's strings (each connected scene's anchor, selection and layout) would total "
      + "\(total) bytes of UTF-8, more than 4194304"
  }

  /// Forty scenes each holding a layout of 512 KiB of ids: the writer wrote them all, and the keyframe
  /// after them held 20 MiB, a frame the reader refused (`limitExceeded`) — the writer made a trace no
  /// reader reads. Now the ninth layout, which would take the state to 4.5 MiB, and every later one are
  /// refused, and the trace reads back, under a policy of 64 KiB frames and one of 8 MiB.
  @Test(arguments: [
    FlushPolicy(compressionLevel: 1), FlushPolicy(maxBufferedBytes: 8 << 20, compressionLevel: 1),
  ])
  func aLayoutThatWouldOutgrowTheKeyframeIsRefused(policy: FlushPolicy) throws {
    let writer = try TraceWriter(header: Self.header, policy: policy)
    var written: [TraceEvent] = []
    var refusals: [String] = []
    for scene in 1...40 {
      let event = TraceEvent(time: UInt64(scene), Self.connect(scene))
      try writer.append(event)
      written.append(event)
    }
    for scene in 1...40 {
      let event = TraceEvent(time: UInt64(100 + scene), Self.largestLayout(scene: scene))
      do throws(TraceError) {
        try writer.append(event)
        written.append(event)
      } catch {
        #expect(error.code == .invalidEvent)
        refusals.append(error.reason)
      }
    }
    #expect(written.count == 48)
    #expect(refusals.count == 32)
    #expect(
      refusals.first
        == "refused layout event at 109 ns, scene 9: \(Self.refusal(total: 9 * 524_288)); it was not written")
    try writer.close()
    let read = try TraceReader.readAll(bytes: writer.bytes, name: "state")
    #expect(read.events == written)
  }

  /// The rule counts what the state holds, as the keyframe repeats it: each connected scene's anchor,
  /// selection and layout, the last of each replacing the one before; a scene's strings leave with it
  /// (disconnected, or connected afresh), and events of a scene not connected, which the state ignores,
  /// count for nothing. 64 anchors of 64 KiB fill it exactly.
  @Test func theRuleCountsTheStateOfConnectedScenes() throws {
    let writer = try TraceWriter(header: Self.header, policy: FlushPolicy(compressionLevel: 1))
    var time: UInt64 = 0
    var written: [TraceEvent] = []
    func append(_ payload: TraceEvent.Payload) throws(TraceError) {
      time += 1
      try writer.append(TraceEvent(time: time, payload))
      written.append(TraceEvent(time: time, payload))
    }
    func refused(_ payload: TraceEvent.Payload) -> String? {
      time += 1
      do throws(TraceError) {
        try writer.append(TraceEvent(time: time, payload))
        return nil
      } catch {
        return error.reason
      }
    }
    let full = String(repeating: "a", count: 65_536)
    for scene in 1...65 { try append(Self.connect(scene)) }
    for scene in 1...64 { try append(Self.scroll(scene, anchor: full)) }
    #expect(
      refused(Self.scroll(65, anchor: "a"))
        == "refused scroll event at 130 ns, scene 65: \(Self.refusal(total: 4_194_305)); it was not written")
    #expect(
      refused(.selection(scene: SceneID(1), item: "é"))
        == "refused selection event at 131 ns, scene 1: \(Self.refusal(total: 4_194_306)); it was not "
        + "written")
    try append(.selection(scene: SceneID(65), item: ""))  // no bytes
    try append(Self.scroll(1, anchor: full))  // the same anchor again: no change
    try append(Self.scroll(1, anchor: nil))  // frees 64 KiB
    try append(.selection(scene: SceneID(65), item: full))  // full again
    #expect(refused(Self.scroll(1, anchor: "b")) != nil)
    try append(Self.scroll(99, anchor: full))  // not connected: the state ignores it
    try append(.sceneDisconnected(scene: SceneID(2)))  // frees 64 KiB
    try append(Self.largestLayout(scene: 99))
    let layout = RecordedLayout(
      shape: String(repeating: "s", count: 32_768), presentation: String(repeating: "p", count: 16_384),
      elements: Self.ids(scene: 3, 2, bytes: 8_192).map {
        RecordedElement(id: $0, frame: Self.frame, isInteractive: false)
      })
    try append(.layout(scene: SceneID(3), layout))  // 64 KiB: full again
    #expect(refused(.selection(scene: SceneID(3), item: "c")) != nil)
    try append(Self.connect(3))  // connected afresh: its anchor and layout leave, 128 KiB
    try append(.selection(scene: SceneID(3), item: full))
    try append(.layout(scene: SceneID(4), layout))  // full again
    #expect(
      refused(.layout(scene: SceneID(5), layout))
        == "refused layout event at 145 ns, scene 5: \(Self.refusal(total: 4_259_840)); it was not written")
    // A smaller layout replaces scene 4's: 16 385 bytes instead of 65 536.
    try append(.layout(scene: SceneID(4), RecordedLayout(presentation: "p", elements: layout.elements)))
    try append(.selection(scene: SceneID(5), item: String(repeating: "i", count: 49_151)))
    #expect(refused(.selection(scene: SceneID(5), item: String(repeating: "i", count: 49_152))) != nil)
    try writer.close()
    #expect(try TraceReader.readAll(bytes: writer.bytes, name: "state").events == written)
  }

  /// The tally kept three ways — admitted a change at a time as the writer, the recorder and the
  /// reader keep it (the last scrolled scene's anchor held apart), applied without a check as a writer
  /// appending to a trace rebuilds it, and recounted from a `SessionState` fed the same events — agrees
  /// at every event of a random session
  /// of sixteen scenes whose strings come near the rule and go over it: the same totals, the same
  /// refusals. The recorder's packed form of each change unpacks to the change.
  @Test func theTallyAgreesWithTheStateItCounts() {
    var generator = SeededGenerator(state: 4_194_304)
    let strings = [0, 1, 15, 16, 60_000, 65_536].map { String(repeating: "s", count: $0) }
    let layouts = [0, 1, 6, 7, 8, 8].map { count in
      RecordedLayout(
        shape: count == 1 ? "shape" : nil,
        elements: Self.ids(scene: count, count, bytes: 65_536).map {
          RecordedElement(id: $0, frame: Self.frame, isInteractive: false)
        })
    }
    func recount(_ state: SessionState<Void>) -> Int {
      state.scenes.reduce(0) { sum, scene in
        sum + (scene.state.scrollAnchor?.utf8.count ?? 0) + (scene.state.selection?.utf8.count ?? 0)
          + (scene.state.reportedLayout?.stringBytes ?? 0)
      }
    }
    var state = SessionState<Void>()
    var admitted = StateStringTally()
    var applied = StateStringTally()
    var refusals = 0
    for _ in 0..<20_000 {
      let scene = SceneID(UInt32.random(in: 1...16, using: &generator))
      let string = Bool.random(using: &generator) ? strings.randomElement(using: &generator) : nil
      let payload: TraceEvent.Payload =
        switch Int.random(in: 0..<40, using: &generator) {
        case 0, 1: .sceneConnected(scene: scene, display: .window, scale: 2)
        case 2: .sceneDisconnected(scene: scene)
        case 3..<23: .scroll(scene: scene, offset: TracePoint(x: 0, y: 0), anchor: string)
        case 23..<30: .selection(scene: scene, item: string)
        case 30..<39: .layout(scene: scene, layouts.randomElement(using: &generator)!)
        default: .marker("m")
        }
      let change = StateStringTally.change(of: payload)
      #expect(StateStringTally.Change(packed: StateStringTally.packedChange(of: payload)) == change)
      var next = state
      next.apply(payload)
      let after = recount(next)
      let expected = change.setsString && after > TraceEvent.maxStateStringBytes ? after : nil
      #expect(admitted.admit(change) == expected)
      if expected == nil {
        applied.apply(change)
        state = next
      } else {
        refusals += 1
      }
      let total = recount(state)
      #expect(admitted.total == total && applied.total == total)
      #expect(admitted.connectedCount == state.scenes.count && applied.connectedCount == state.scenes.count)
    }
    #expect(refusals > 100)
  }

  /// The largest state the rules allow — 128 scenes, each with every kind of state at its most
  /// expensive (scene ids of five bytes, every length a double that fits no grid, 128 regions, a
  /// layout of 256 new ids, columns, shape and presentation), the hinge, and 4 MiB of strings — makes a
  /// keyframe within the bound the format states (4 MiB plus 15 577 bytes per scene), and with 8 MiB of
  /// events, the most a policy buffers, ended by the largest record, a frame under the reader's 16 MiB.
  @Test func theLargestStateAndAFrameOfEventsFitTheReader() throws {
    let odd = 0.1  // on no grid of a 3× display: nine bytes
    let policy = FlushPolicy(maxBufferedBytes: 8 << 20, maxSpan: .max, compressionLevel: 1)
    let writer = try TraceWriter(header: Self.header, policy: policy)
    var state = SessionState<Void>()
    var time: UInt64 = 0
    func append(_ payload: TraceEvent.Payload) throws(TraceError) {
      time += 1
      try writer.append(TraceEvent(time: time, payload))
      state.apply(payload)
    }
    try append(.hinge(HingeState(status: .partiallyOpen, angle: odd)))
    let size = TraceSize(width: odd, height: odd)
    for index in 0..<128 {
      let scene = SceneID(UInt32.max - UInt32(index))
      try append(.sceneConnected(scene: scene, display: .externalMonitor, scale: 3 + odd))
      try append(
        .geometry(
          scene: scene,
          SceneGeometry(
            size: size, safeArea: TraceInsets(top: odd, leading: odd, bottom: odd, trailing: odd),
            horizontal: .regular, vertical: .regular, isInteractivelyResizing: true,
            verticalBarEdge: .trailing,
            minimumSize: size, maximumSize: size)))
      try append(.traits(scene: scene, SceneTraits(contentSizeCategory: .accessibilityExtraExtraExtraLarge)))
      try append(
        .regions(
          scene: scene,
          (0..<128).map { _ in
            ReservedRegion(
              kind: .occlusion, frame: TraceRect(x: odd, y: odd, width: odd, height: odd), isActive: true)
          }))
      // 32 KiB of strings per scene: 128 × 32 KiB = 4 MiB.
      try append(
        .scroll(
          scene: scene, offset: TracePoint(x: odd, y: odd), anchor: String(repeating: "a", count: 768),
          anchorTop: odd))
      try append(.selection(scene: scene, item: String(repeating: "i", count: 512)))
      try append(
        .layout(
          scene: scene,
          RecordedLayout(
            shape: String(repeating: "s", count: 256), presentation: String(repeating: "p", count: 256),
            columns: 65_535,
            elements: Self.ids(scene: index, 256, bytes: 121).map {
              RecordedElement(
                id: $0, frame: TraceRect(x: odd, y: odd, width: odd, height: odd), isInteractive: true)
            })))
    }
    #expect(throws: TraceError.self) {
      try writer.append(
        TraceEvent(time: time, .selection(scene: SceneID(.max), item: String(repeating: "i", count: 513))))
    }
    try writer.flush()
    // The keyframe the next frame starts with.
    var codec = RecordCodec()
    var keyframe = ByteWriter()
    for payload in state.payloads { codec.encode(payload, delta: 0, into: &keyframe) }
    #expect(keyframe.bytes.count > 5 << 20 && keyframe.bytes.count <= 4_194_304 + 128 * 15_577 + 14)
    // Events to just under 8 MiB, then the largest record a writer writes: a sample of 256 new ids.
    let marker = String(repeating: "m", count: 65_536)
    for _ in 0..<127 { try append(.marker(marker)) }
    try append(
      .presented(
        scene: SceneID(.max),
        Self.ids(scene: 999, 256, bytes: 2_048).map {
          PresentedElement(id: $0, frame: TraceRect(x: odd, y: odd, width: odd, height: odd), opacity: odd)
        }))
    try writer.close()
    let reader = try TraceReader(bytes: writer.bytes, name: "largest")
    while try reader.nextFrame() != nil {}
    let sizes = try #require(reader.readEntries).map { Int($0.decompressedSize) }
    #expect(sizes.count == 3)  // the header, the frame of the state's events, the full frame
    let largest = try #require(sizes.max())
    #expect(largest > 14 << 20 && largest < 15 << 20, "\(largest)")
  }

  /// A trace whose frames each hold state within the rule but whose events fold to more — its last
  /// frame's keyframe leaves out the layouts before it, which no writer writes — is not appended to:
  /// the next keyframe would repeat 4.5 MiB of strings.
  @Test func appendingToEventsThatFoldOverTheRuleIsRefused() throws {
    typealias Record = UnwritableTrace.Record
    let writer = try TraceWriter(header: Self.header, policy: FlushPolicy(compressionLevel: 1))
    for scene in 1...5 { try writer.append(TraceEvent(time: UInt64(scene), Self.connect(scene))) }
    for scene in 1...5 {
      try writer.append(TraceEvent(time: UInt64(10 + scene), Self.largestLayout(scene: scene)))
    }
    try writer.flush()
    let records = (6...9).map { Record.payload(Self.connect($0)) }
    let layouts = (6...9).map { Record.payload(Self.largestLayout(scene: $0)) }
    let bytes =
      writer.bytes
      + TraceCrafting.zstdFrame(UnwritableTrace.frameContent(time: 100, records: records + layouts).0)
    #expect(UnwritableTrace.read(bytes).error == nil)
    try TraceSamples.withTemporaryPath { path in
      try Reliability.write(bytes, to: path)
      let error = #expect(throws: TraceError.self) { try TraceWriter(appendingTo: path) }
      #expect(error?.code == .corrupt)
      #expect(
        error?.reason
          == "its events leave 4718592 bytes of strings in the session state, more than the 4194304 a "
          + "keyframe may repeat; cannot append")
      #expect(try Reliability.bytes(of: path) == bytes)
    }
  }

  /// A frame whose keyframe holds more than the rule allows — nine scenes' layouts of 512 KiB — is
  /// malformed at the record that takes the state over, naming it and its content byte; eight are read.
  @Test func aKeyframeOverTheRuleIsCorrupt() throws {
    typealias Record = UnwritableTrace.Record
    let connections = (1...9).map { Record.payload(Self.connect($0)) }
    let layouts = (1...9).map { Record.payload(Self.largestLayout(scene: $0)) }
    let over = try UnwritableTrace.bytes(keyframe: connections + layouts, [.payload(.marker("after"))])
    let error = try #require(UnwritableTrace.read(over.bytes).error)
    #expect(error.code == .corrupt)
    #expect(error.offset == over.frameOffset)
    #expect(
      error.reason
        == "frame 1 has a malformed record: record 17 at content byte \(over.recordStarts[17]): layout event "
        + "that no writer writes: \(Self.refusal(total: 4_718_592))")
    let within = try UnwritableTrace.bytes(
      keyframe: connections + layouts.dropLast(), [.payload(.marker("after"))])
    let read = UnwritableTrace.read(within.bytes)
    #expect(read.error == nil)
    #expect(read.frames.count == 2)
  }

  /// Scroll records over the rule are refused on the reader's fast path as on its checked path, at the
  /// same record, with the same words; the anchors a scene replaces, and those of a disconnected
  /// scene, no longer count.
  @Test(arguments: [true, false]) func anchorsOverTheRuleAreCorrupt(fastPath: Bool) throws {
    typealias Record = UnwritableTrace.Record
    let full = String(repeating: "a", count: 65_536)
    let filled =
      (1...65).map { Record.payload(Self.connect($0)) }
      + (1...64).map { Record.payload(Self.scroll($0, anchor: full)) }
    let within = try UnwritableTrace.bytes(
      filled + [
        .payload(Self.scroll(1, anchor: nil)), .payload(Self.scroll(65, anchor: full)),
        .payload(.sceneDisconnected(scene: SceneID(2))), .payload(.selection(scene: SceneID(65), item: full)),
        .payload(Self.scroll(66, anchor: full)),
      ])
    let over = try UnwritableTrace.bytes(filled + [.payload(Self.scroll(65, anchor: "é"))])
    TraceReader.$usesCommonRecordPath.withValue(fastPath) {
      #expect(UnwritableTrace.read(within.bytes).error == nil)
      let error = UnwritableTrace.read(over.bytes).error
      #expect(error?.code == .corrupt)
      #expect(
        error?.reason
          == "frame 1 has a malformed record: record 129 at content byte \(over.recordStarts[129]): scroll "
          + "event that no writer writes: \(Self.refusal(total: 4_194_306))")
    }
  }
}
