import FoldReplay
import FoldSim
import FoldTrace
import LayoutCore
import Testing

/// Hostile but well-formed sessions: extreme finite geometry, many reserved regions, extreme scroll
/// offsets and ids, scenes in odd orders, times at the end of the clock. The replay's work is bounded by
/// the number of events (not by the values in them) and its output holds no NaN or infinity. A trace
/// holding what no writer writes (a length that is not a number, a 129th scene, 129 regions) is refused
/// by the reader as a malformed record of its frame, with the trace and byte offset; the replay delivers
/// nothing of that frame.
@Suite struct HostileSessionTests {
  static let largest = Double.greatestFiniteMagnitude
  static let lengths: [Double] = [
    -1e9, -0.0, 0, Double.leastNonzeroMagnitude, 1e-300, 1, 44, 390, 1200, 1e5, 1e6, 1e9, 1e300, largest,
    -largest,
  ]

  /// A seeded session of `count` events drawn from the hostile values above.
  static func session(seed: UInt64, count: Int) -> [TraceEvent] {
    var random = SplitMix64(seed: seed)
    var time: UInt64 = 0
    var events: [TraceEvent] = []
    func length() -> Double { lengths.randomElement(using: &random)! }
    let classes: [UserInterfaceSizeClass] = [.compact, .regular, .unspecified]
    for _ in 0..<count {
      switch Int.random(in: 0..<20, using: &random) {
      case 0: time = UInt64.max - UInt64.random(in: 0...2_000_000_000, using: &random)
      case 1: time = time &+ UInt64.random(in: 0...UInt64.max / 4, using: &random)
      default: time = time &+ UInt64.random(in: 0...50_000_000, using: &random)
      }
      let scene = SceneID(UInt32.random(in: 1...3, using: &random))
      let payload: TraceEvent.Payload
      switch Int.random(in: 0..<12, using: &random) {
      case 0:
        payload = .sceneConnected(
          scene: scene, display: DisplayRole.allCases.randomElement(using: &random)!, scale: 2)
      case 1: payload = .sceneDisconnected(scene: scene)
      case 2, 3, 4:
        payload = .geometry(
          scene: scene,
          SceneGeometry(
            size: TraceSize(width: length(), height: length()),
            safeArea: TraceInsets(top: length(), leading: length(), bottom: length(), trailing: length()),
            horizontal: classes.randomElement(using: &random)!,
            vertical: classes.randomElement(using: &random)!,
            isInteractivelyResizing: Bool.random(using: &random),
            verticalBarEdge: VerticalBarEdge.allCases.randomElement(using: &random)!))
      case 5, 6:
        let count = [0, 1, 2, 5, 128, 1000].randomElement(using: &random)!
        payload = .regions(
          scene: scene,
          (0..<count).map { _ in
            ReservedRegion(
              kind: Bool.random(using: &random) ? .division : .occlusion,
              frame: TraceRect(x: length(), y: length(), width: length(), height: length()),
              isActive: Int.random(in: 0..<4, using: &random) != 0)
          })
      case 7:
        payload = .traits(
          scene: scene,
          SceneTraits(
            contentSizeCategory: ContentSizeCategory.allCases.randomElement(using: &random)!,
            reduceMotion: Bool.random(using: &random),
            layoutDirection: Bool.random(using: &random) ? .leftToRight : .rightToLeft))
      case 8, 9:
        let ids = [
          "item-0", "item-399", "item-400", "item-99999999999999999999", "",
          String(repeating: "9", count: 4096),
        ]
        payload = .scroll(
          scene: scene, offset: TracePoint(x: length(), y: length()),
          anchor: Bool.random(using: &random) ? ids.randomElement(using: &random)! : nil)
      case 10: payload = .selection(scene: scene, item: Bool.random(using: &random) ? "item-7" : nil)
      default: payload = .hinge(HingeState(status: .partiallyOpen, angle: 90))
      }
      events.append(TraceEvent(time: time, payload))
    }
    return events
  }

  /// Checks every record as it arrives, keeping nothing.
  struct BoundsSink: ReplaySink {
    var frames = 0
    var layouts = 0
    var largestPlan = 0
    var nonFinite: [String] = []
    var ended = false

    mutating func receive(_ record: ReplayRecord) {
      switch record {
      case .frame(let sample):
        frames += 1
        for element in sample.elements {
          let f = element.frame
          let t = element.target
          if ![f.x, f.y, f.width, f.height, t.x, t.y, t.width, t.height, element.opacity].allSatisfy(
            \.isFinite)
          {
            nonFinite.append("frame \(element.id) \(f)")
          }
        }
      case .layout(let change):
        layouts += 1
        largestPlan = max(largestPlan, change.plan.elements.count)
        let offsets = [change.offsetBefore, change.offsetAfter, change.anchorAfter?.offsetFromViewportTop]
        if !offsets.allSatisfy({ $0?.isFinite ?? true }) { nonFinite.append("scroll \(offsets)") }
      case .end: ended = true
      case .evaluation, .retarget, .unknownContentID, .disconnected: break
      }
    }
  }

  /// 60 seeded hostile sessions of 40 events: each finishes, no output value is NaN or infinite, no plan
  /// holds more than the reference screen's panes, bar, controls and 297 columns (the guide's grid at
  /// the 100 000 pt cap), and the ticks sampled stay within the settle limit's 1,200 per event.
  @Test func hostileSessionsReplayInBoundedWork() {
    var total = BoundsSink()
    for seed in 0..<60 as Range<UInt64> {
      let events = Self.session(seed: seed, count: 40)
      var replayer = Replayer(configuration: testConfiguration())
      var sink = BoundsSink()
      for event in events { replayer.consume(event, into: &sink) }
      replayer.finish(into: &sink)
      #expect(sink.ended, "seed \(seed)")
      #expect(sink.nonFinite.isEmpty, "seed \(seed): \(sink.nonFinite.prefix(3))")
      #expect(sink.largestPlan <= 4 + 297 + 30, "seed \(seed)")
      #expect(sink.frames <= (events.count + 1) * 1_200, "seed \(seed)")
      total.frames += sink.frames
      total.layouts += sink.layouts
      total.largestPlan = max(total.largestPlan, sink.largestPlan)
    }
    // The domain reaches the caps: some plan has all 297 columns.
    #expect(total.largestPlan > 297)
    #expect(total.layouts > 150)
  }

  @Test func aLengthThatIsNotANumberIsRefusedWithItsPlace() throws {
    let bytes = try ForgedTrace.bytes([
      .connect(scene: 1), .geometry(scene: 1, width: 390, height: 844),
      .geometry(scene: 1, width: .nan, height: 844),
    ])
    let reader = try TraceReader(bytes: bytes, name: "forged.foldtrace")
    var sink = CountingSink()
    let error = #expect(throws: TraceError.self) {
      try Replayer.replay(reader, configuration: testConfiguration(), into: &sink)
    }
    // The reader refuses the record (no writer writes it) as a malformed record of its frame, so
    // nothing of that frame is replayed, as with any damaged frame; the replay of what was read (here
    // nothing) is finished before the error is thrown.
    #expect(error?.code == .corrupt)
    #expect(
      error?.description
        == "forged.foldtrace: byte \(ForgedTrace.dataFrameOffset(in: bytes)): frame 0 has a malformed "
        + "record: record 2 at content byte 78: geometry event that no writer writes: size nan × 844 pt "
        + "is not finite and ≥ 0")
    #expect(sink.layouts == 0)
    #expect(sink.ended)
  }

  @Test func moreScenesThanTheFormatAllowsAreRefused() throws {
    let allowed = try ForgedTrace.bytes((1...128).map { .connect(scene: UInt32($0)) })
    var sink = CountingSink()
    let events = try Replayer.replay(
      TraceReader(bytes: allowed, name: "128.foldtrace"), configuration: testConfiguration(), into: &sink)
    #expect(events == 128)
    #expect(sink.ended)
    let bytes = try ForgedTrace.bytes((1...130).map { .connect(scene: UInt32($0)) })
    let reader = try TraceReader(bytes: bytes, name: "129.foldtrace")
    let error = #expect(throws: TraceError.self) {
      try Replayer.replay(reader, configuration: testConfiguration(), into: &sink)
    }
    #expect(error?.code == .corrupt)
    #expect(
      error?.description
        == "129.foldtrace: byte \(ForgedTrace.dataFrameOffset(in: bytes)): frame 0 has a malformed record: "
        + "record 128 at content byte 1795: sceneConnected event that no writer writes: 129 scenes "
        + "connected at once, more than 128")
  }

  @Test func moreRegionsThanTheFormatAllowsAreRefused() throws {
    let allowed = try ForgedTrace.bytes([.connect(scene: 1), .regions(scene: 1, count: 128)])
    var sink = CountingSink()
    let events = try Replayer.replay(
      TraceReader(bytes: allowed, name: "128.foldtrace"), configuration: testConfiguration(), into: &sink)
    #expect(events == 2)
    let bytes = try ForgedTrace.bytes([.connect(scene: 1), .regions(scene: 1, count: 129)])
    let error = #expect(throws: TraceError.self) {
      try Replayer.replay(
        TraceReader(bytes: bytes, name: "129.foldtrace"), configuration: testConfiguration(), into: &sink)
    }
    #expect(error?.code == .corrupt)
    #expect(
      error?.description
        == "129.foldtrace: byte \(ForgedTrace.dataFrameOffset(in: bytes)): frame 0 has a malformed record: "
        + "record 1 at content byte 16: regions event that no writer writes: 129 regions, more than 128")
  }

  @Test func theClockSaturatesAtItsEnd() {
    let configuration = testConfiguration()
    #expect(configuration.tickTime(UInt64.max) == UInt64.max)
    #expect(
      configuration.firstTick(after: UInt64.max) > configuration.firstTick(after: UInt64.max - 8_333_334))
    #expect(configuration.tickTime(configuration.firstTick(after: UInt64.max)) == UInt64.max)
    // Unchanged below the end: tick 3 at 120 Hz is 25 ms; the first tick after 25 ms is tick 4.
    #expect(configuration.tickTime(3) == 25_000_000)
    #expect(configuration.firstTick(after: 25_000_000) == 4)
    let geometry = { (time: UInt64, width: Double) in
      TraceEvent(
        time: time,
        .geometry(
          scene: SceneID(1),
          SceneGeometry(
            size: TraceSize(width: width, height: 844),
            safeArea: TraceInsets(top: 0, leading: 0, bottom: 0, trailing: 0),
            horizontal: .compact, vertical: .regular)))
    }
    let events = [
      TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .window, scale: 2)),
      geometry(0, 390), geometry(UInt64.max - 1_000, 900), geometry(UInt64.max, 390),
    ]
    var replayer = Replayer(configuration: configuration)
    var sink = CountingSink()
    for event in events { replayer.consume(event, into: &sink) }
    replayer.finish(into: &sink)
    #expect(sink.ended)
    #expect(sink.layouts == 3)
  }
}
