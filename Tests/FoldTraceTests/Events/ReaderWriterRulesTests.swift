import Foundation
import Testing

@testable import FoldTrace

/// The reader refuses, as a malformed record, every record a writer refuses to write: NaN, ±∞ or
/// negative lengths, bad scales and angles, long strings, too many regions, too many scenes connected.
@Suite struct ReaderWriterRulesTests {
  typealias Record = UnwritableTrace.Record

  static let geometry = SceneGeometry(
    size: TraceSize(width: 390, height: 844),
    safeArea: TraceInsets(top: 47, leading: 0, bottom: 34, trailing: 0),
    horizontal: .compact, vertical: .regular)

  static func geometry(_ change: (inout SceneGeometry) -> Void) -> TraceEvent.Payload {
    var g = geometry
    change(&g)
    return .geometry(scene: SceneID(1), g)
  }

  static func occlusions(_ count: Int, frame: TraceRect = TraceRect(x: 0, y: 0, width: 10, height: 10))
    -> TraceEvent.Payload
  {
    .regions(
      scene: SceneID(1),
      (0..<count).map { _ in ReservedRegion(kind: .occlusion, frame: frame, isActive: true) })
  }

  /// A `presented` event of one 10 × 10 pt element per id.
  static func presented(_ ids: [String]) -> TraceEvent.Payload {
    .presented(
      scene: SceneID(1),
      ids.map { PresentedElement(id: $0, frame: TraceRect(x: 0, y: 0, width: 10, height: 10)) })
  }

  /// A `layout` event of one 10 × 10 pt element per id.
  static func layout(shape: String? = nil, presentation: String? = nil, _ ids: [String]) -> TraceEvent.Payload
  {
    .layout(
      scene: SceneID(1),
      RecordedLayout(
        shape: shape, presentation: presentation,
        elements: ids.map {
          RecordedElement(id: $0, frame: TraceRect(x: 0, y: 0, width: 10, height: 10), isInteractive: false)
        }))
  }

  /// `count` distinct ids of `bytes` bytes each.
  static func ids(_ count: Int, bytes: Int, _ fill: Character = "x") -> [String] {
    (0..<count).map { String(format: "%05d", $0) + String(repeating: fill, count: bytes - 5) }
  }

  /// One payload each writer rule refuses.
  static let refused: [TraceEvent.Payload] = [
    geometry { $0.size.width = .nan },
    geometry { $0.size.height = .infinity },
    geometry { $0.size.width = -1 },
    geometry { $0.safeArea.top = -20 },
    geometry { $0.safeArea.trailing = -.infinity },
    geometry { $0.minimumSize = TraceSize(width: -1, height: 0) },
    geometry { $0.maximumSize = TraceSize(width: 100, height: .nan) },
    .sceneConnected(scene: SceneID(2), display: .external, scale: 0),
    .sceneConnected(scene: SceneID(2), display: .external, scale: -2),
    .sceneConnected(scene: SceneID(2), display: .external, scale: .nan),
    .sceneConnected(scene: SceneID(2), display: .external, scale: .infinity),
    occlusions(129),
    occlusions(1, frame: TraceRect(x: .nan, y: 0, width: 10, height: 10)),
    occlusions(1, frame: TraceRect(x: 0, y: 0, width: -10, height: 10)),
    .scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: -.infinity), anchor: nil),
    .scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: 0), anchor: String(repeating: "a", count: 65_537)),
    .hinge(HingeState(status: .fullyOpen, angle: 360.5)),
    .hinge(HingeState(status: .closed, angle: .nan)),
    .selection(scene: SceneID(1), item: String(repeating: "é", count: 32_769)),
    .marker(String(repeating: "x", count: 65_537)),
    // Strings of 512 KiB + 1 byte in all, each under 64 KiB; an id counts at every element naming it.
    presented(ids(8, bytes: 65_536) + ["x"]),
    presented(Array(repeating: String(repeating: "p", count: 2_049), count: 256)),
    layout(shape: String(repeating: "s", count: 65_536), presentation: "p", ids(7, bytes: 65_536)),
  ]

  /// Each refused payload, forged after two valid records, makes the frame a malformed record at that
  /// record's content byte, with the writer's own reason; the valid frame before it is returned.
  @Test(arguments: refused.indices) func aRecordTheWriterRefusesIsCorrupt(index: Int) throws {
    let payload = Self.refused[index]
    let reason = try #require(TraceEvent(time: 0, payload).validationFailure)
    let writer = try TraceWriter(header: TraceSamples.header)
    #expect(throws: TraceError.self) { try writer.append(TraceEvent(time: 0, payload)) }
    let valid: [Record] = [.payload(.hinge(HingeState(status: .fullyOpen))), .payload(.marker("ok"))]
    let forged = try UnwritableTrace.bytes(valid + [.payload(payload)])
    let (frames, error) = UnwritableTrace.read(forged.bytes)
    #expect(frames.map(\.events) == [UnwritableTrace.before])
    let failure = try #require(error)
    #expect(failure.code == .corrupt)
    #expect(failure.offset == forged.frameOffset)
    let kind = TraceEvent(time: 0, payload).kind.name
    #expect(
      failure.reason
        == "frame 1 has a malformed record: record 2 at content byte \(forged.recordStarts[2]): \(kind) "
        + "event that no writer writes: \(reason)")
  }

  /// The same records are read when they hold what a writer writes (the refusal is the value's, not the
  /// forging's), including the limits themselves: 128 regions, −0, 0…360°, 64 KiB strings, 512 KiB of
  /// strings in one `layout` or `presented` event.
  @Test func theSameRecordsWithWritableValuesAreRead() throws {
    let payloads: [TraceEvent.Payload] = [
      Self.geometry { $0.size = TraceSize(width: 0, height: -0.0) },
      Self.geometry { $0.minimumSize = TraceSize(width: 0, height: 0) },
      .sceneConnected(scene: SceneID(2), display: .external, scale: .leastNonzeroMagnitude),
      Self.occlusions(128),
      .scroll(
        scene: SceneID(1), offset: TracePoint(x: -1e300, y: 0), anchor: String(repeating: "a", count: 65_536)),
      .hinge(HingeState(status: .fullyOpen, angle: 360)),
      .hinge(HingeState(status: .closed, angle: -0.0)),
      .marker(String(repeating: "x", count: 65_536)),
      Self.presented(Self.ids(8, bytes: 65_536)),
      Self.presented(Array(repeating: String(repeating: "p", count: 2_048), count: 256)),
      Self.layout(shape: String(repeating: "s", count: 65_536), presentation: "", Self.ids(7, bytes: 65_536)),
    ]
    let forged = try UnwritableTrace.bytes(payloads.map(Record.payload))
    let (frames, error) = UnwritableTrace.read(forged.bytes)
    #expect(error == nil)
    #expect(frames.count == 2)
    #expect(frames.last?.events.count == payloads.count)
  }

  /// A `presented` record that names long ids by reference — its frame's `layout` records defined them
  /// — is a few bytes, but its event carries every id in full: what a `cat` prints, a pack reads, and a
  /// slice writes into a frame of its own. Its strings, counted by the event, are over the writer's
  /// limit, so it is refused at its own record, after the layouts that are within it.
  @Test func aSampleNamingLongIdsByReferenceIsRefusedByItsStrings() throws {
    let ids = Self.ids(16, bytes: 60_000)
    let records: [Record] = [
      .payload(Self.layout(Array(ids[..<8]))), .payload(Self.layout(Array(ids[8...]))),
      .payload(Self.presented(ids)),
    ]
    let forged = try UnwritableTrace.bytes(records)
    let content = UnwritableTrace.frameContent(time: 10, records: records).0
    #expect(content.count - forged.recordStarts[2] < 200)  // 16 references, masks and deltas
    let error = try #require(UnwritableTrace.read(forged.bytes).error)
    #expect(error.code == .corrupt)
    #expect(error.offset == forged.frameOffset)
    #expect(
      error.reason
        == "frame 1 has a malformed record: record 2 at content byte \(forged.recordStarts[2]): presented "
        + "event that no writer writes: its strings total 960000 bytes of UTF-8 (an id counted at every "
        + "element naming it), more than 524288")
    // The layouts alone are read: 480 000 bytes of ids each.
    let layouts = try UnwritableTrace.bytes(Array(records[..<2]))
    #expect(UnwritableTrace.read(layouts.bytes).error == nil)
  }

  /// Compact doubles are divided by their scene's scale, so a record of the right form can still decode
  /// to ∞ (a finite numerator over a tiny scale) or NaN (0 over a scale of 0): the decoded values are
  /// what is checked, and a scale of 0 is refused at its own record.
  @Test func compactDoublesOverForgedScalesAreRefused() throws {
    let geometryBody = { (scene: UInt8) -> [UInt8] in
      [scene] + UnwritableTrace.compact(780) + UnwritableTrace.compact(0)
        + (0..<4).flatMap { _ in UnwritableTrace.compact(0) } + [0, 1, 0, 0]
    }
    // A tiny scale is a scale a writer records; 780 over it is ∞.
    let tiny = try UnwritableTrace.bytes([
      .payload(.sceneConnected(scene: SceneID(2), display: .window, scale: .leastNonzeroMagnitude)),
      .raw(tag: 3, body: geometryBody(2)),
    ])
    let tinyError = try #require(UnwritableTrace.read(tiny.bytes).error)
    #expect(tinyError.code == .corrupt)
    #expect(
      tinyError.reason.hasSuffix(
        "record 1 at content byte \(tiny.recordStarts[1]): geometry event that no writer writes: "
          + "size inf × 0 pt is not finite and ≥ 0"))
    // A scale of 0 written by hand (the codec writes 0 raw): refused at the connection, before any
    // length is divided by it.
    let zero = try UnwritableTrace.bytes([
      .raw(tag: 1, body: [2, 2] + UnwritableTrace.compact(0)), .raw(tag: 3, body: geometryBody(2)),
    ])
    let zeroError = try #require(UnwritableTrace.read(zero.bytes).error)
    #expect(
      zeroError.reason.hasSuffix(
        "record 0 at content byte \(zero.recordStarts[0]): sceneConnected event that no writer writes: "
          + "display scale 0 is not finite and > 0"))
  }

  /// More than 128 scenes connected at once is refused where the 129th connects, in the events or in
  /// the keyframe; connecting an already connected scene again, at 128, is not.
  @Test func aSceneOverTheLimitIsRefused() throws {
    let connect = { (id: Int) -> Record in
      .payload(.sceneConnected(scene: SceneID(UInt32(id)), display: .window, scale: 2))
    }
    let limit = TraceFormat.maxConnectedScenes
    let atLimit = try UnwritableTrace.bytes((1...limit).map(connect) + [connect(7), connect(limit)])
    #expect(UnwritableTrace.read(atLimit.bytes).error == nil)
    let over = try UnwritableTrace.bytes((1...limit + 1).map(connect))
    let error = try #require(UnwritableTrace.read(over.bytes).error)
    #expect(
      error.reason.hasSuffix(
        "record \(limit) at content byte \(over.recordStarts[limit]): sceneConnected event that no writer "
          + "writes: 129 scenes connected at once, more than 128"))
    let keyframe = try UnwritableTrace.bytes(keyframe: (1...limit + 1).map(connect), [])
    let keyframeError = try #require(UnwritableTrace.read(keyframe.bytes).error)
    #expect(keyframeError.reason.contains("record \(limit) at content byte"))
    #expect(keyframeError.offset == keyframe.frameOffset)
    // A disconnect makes room again.
    let room = try UnwritableTrace.bytes(
      (1...limit).map(connect) + [.payload(.sceneDisconnected(scene: SceneID(3))), connect(limit + 1)])
    #expect(UnwritableTrace.read(room.bytes).error == nil)
  }

  /// The refusal is corruption like any other: a later read repeats it, the frame after it is read once
  /// the damaged one is skipped, `readAll` throws it, and `recover` leaves the file as it is.
  @Test func aRefusedRecordIsCorruptionEverywhere() throws {
    let forged = try UnwritableTrace.bytes(
      [.payload(Self.geometry { $0.size.width = .nan })], after: [.marker("after")])
    let reader = try TraceReader(bytes: forged.bytes, name: "forged.foldtrace")
    #expect(try reader.nextFrame()?.events == UnwritableTrace.before)
    var first: TraceError?
    do {
      _ = try reader.nextFrame()
    } catch {
      first = error
    }
    let failure = try #require(first)
    #expect(failure.code == .corrupt)
    #expect(failure.offset == forged.frameOffset)
    #expect(throws: failure) { try reader.nextFrame() }
    #expect(try reader.skipDamagedFrame())
    #expect(try reader.nextFrame()?.events.map(\.payload) == [.marker("after")])
    try TraceSamples.withTemporaryPath { path in
      try Reliability.write(forged.bytes, to: path)
      #expect(throws: TraceError.self) { try TraceReader.readAll(path: path) }
      do throws(TraceError) {
        try TraceRecovery.recover(path: path)
        Issue.record("recover accepted a frame no writer writes")
      } catch {
        #expect(error.code == .corrupt)
        #expect(error.offset == forged.frameOffset)
        #expect(error.reason.hasSuffix("this is not a torn tail, so recover leaves the file unchanged"))
      }
      #expect(try Reliability.bytes(of: path) == forged.bytes)
    }
  }

  /// Seeded payloads of every kind, their values drawn from the edges of each rule: the writer refuses
  /// one exactly when the reader refuses the record that holds it, with the writer's reason.
  @Test func writerAndReaderAgreeOnSeededEvents() throws {
    var random = SeededGenerator(state: 20_261_130)
    var refusals = 0
    for _ in 0..<1500 {
      let payload = Self.randomPayload(&random)
      let writer = try TraceWriter(header: TraceSamples.header)
      try writer.append(TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .window, scale: 3)))
      var writerRefuses = false
      do {
        try writer.append(TraceEvent(time: 1, payload))
      } catch {
        writerRefuses = true
      }
      let forged = try UnwritableTrace.bytes([
        .payload(.sceneConnected(scene: SceneID(1), display: .window, scale: 3)), .payload(payload),
      ])
      let error = UnwritableTrace.read(forged.bytes).error
      #expect(writerRefuses == (error != nil), "\(payload): \(error.map(String.init(describing:)) ?? "read")")
      if let error, let reason = TraceEvent(time: 0, payload).validationFailure {
        #expect(error.reason.hasSuffix("that no writer writes: \(reason)"))
        refusals += 1
      }
    }
    // Both outcomes are frequent: the edges are drawn on both sides.
    #expect(refusals > 300 && refusals < 1200, "\(refusals) refusals")
  }

  /// Seeded connections and disconnections around the scene limit — over many scenes, so some live in
  /// the codec's overflow dictionary and connect again — are refused by the writer exactly where the
  /// reader refuses them.
  @Test func writerAndReaderAgreeOnTheSceneLimit() throws {
    var random = SeededGenerator(state: 7)
    var refusedAt: [Int] = []
    for _ in 0..<30 {
      var payloads: [TraceEvent.Payload] = []
      for _ in 0..<400 {
        let id = SceneID(UInt32(1 + random.below(200)))
        payloads.append(
          random.below(5) == 0
            ? .sceneDisconnected(scene: id) : .sceneConnected(scene: id, display: .window, scale: 2))
      }
      let writer = try TraceWriter(header: TraceSamples.header)
      var writerRefusal: Int?
      for (i, payload) in payloads.enumerated() {
        do {
          try writer.append(TraceEvent(time: 0, payload))
        } catch {
          writerRefusal = i
          break
        }
      }
      let forged = try UnwritableTrace.bytes(payloads.map(Record.payload))
      let error = UnwritableTrace.read(forged.bytes).error
      let readerRefusal = error.flatMap { error in
        forged.recordStarts.indices.first {
          error.reason.contains("record \($0) at content byte \(forged.recordStarts[$0]):")
        }
      }
      #expect(writerRefusal == readerRefusal, "\(error.map(String.init(describing:)) ?? "read")")
      refusedAt.append(writerRefusal ?? -1)
    }
    #expect(refusedAt.filter { $0 >= 0 }.count >= 10, "\(refusedAt)")
  }

  /// A value from the edges of the rules: zeros of both signs, tiny and huge, NaN, ±∞, negatives.
  static func edge(_ random: inout SeededGenerator) -> Double {
    let values: [Double] = [
      0, -0.0, 1, 390.5, 1 / 3, -1, -390, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .nan, -.nan, .infinity, -.infinity, 360,
      360.000_000_1,
    ]
    return values[random.below(values.count)]
  }

  /// A payload of a random kind whose values are mostly valid, one or two drawn from the edges.
  static func randomPayload(_ random: inout SeededGenerator) -> TraceEvent.Payload {
    func value(_ random: inout SeededGenerator, _ normal: Double) -> Double {
      random.below(4) == 0 ? edge(&random) : normal
    }
    switch random.below(7) {
    case 0:
      return .sceneConnected(scene: SceneID(2), display: .internal, scale: value(&random, 3))
    case 1:
      let size = TraceSize(width: value(&random, 390), height: value(&random, 844))
      let insets = TraceInsets(
        top: value(&random, 47), leading: value(&random, 0), bottom: value(&random, 34),
        trailing: value(&random, 0))
      let minimum =
        random.below(2) == 0 ? TraceSize(width: value(&random, 320), height: value(&random, 400)) : nil
      return .geometry(
        scene: SceneID(1),
        SceneGeometry(
          size: size, safeArea: insets, horizontal: .regular, vertical: .regular, minimumSize: minimum))
    case 2:
      let counts = [0, 1, 2, 127, 128, 129, 200]
      let count = counts[random.below(counts.count)]
      let frame = TraceRect(
        x: value(&random, 0), y: value(&random, 400), width: value(&random, 390), height: value(&random, 20))
      return .regions(
        scene: SceneID(1),
        (0..<count).map { _ in ReservedRegion(kind: .division, frame: frame, isActive: false) })
    case 3:
      let anchors = [
        nil, "row-7", String(repeating: "a", count: 65_536), String(repeating: "a", count: 65_537),
      ]
      let anchor = random.below(8) == 0 ? anchors[random.below(anchors.count)] : "row-1"
      return .scroll(
        scene: SceneID(1), offset: TracePoint(x: value(&random, 0), y: value(&random, 1200)), anchor: anchor)
    case 4:
      return .hinge(
        HingeState(status: .partiallyOpen, angle: random.below(4) == 0 ? nil : value(&random, 90)))
    case 5:
      let labels = ["step", String(repeating: "m", count: 65_536), String(repeating: "m", count: 65_537)]
      return .marker(random.below(6) == 0 ? labels[random.below(labels.count)] : "step")
    default:
      return .traits(scene: SceneID(1), SceneTraits())
    }
  }
}
