import FoldSim
import FoldTrace

/// The session a crash-soak child records: a deterministic stream of events of every kind, so the parent
/// can regenerate exactly what the child appended and compare it with what the trace holds.
///
/// It looks like a Duo session at 120 Hz: scenes connect on the external and internal displays, geometry
/// and scroll updates dominate, the hinge moves, regions, traits, selections and markers appear now and
/// then (seeds `003_…` Duo HIG notes: a division region along the hinge).
struct SessionScript {
  private var random: SplitMix64
  private var time: UInt64
  private var index = 0

  /// Creates the script of one session.
  /// - Parameters:
  ///   - seed: Chooses every value.
  ///   - startTime: The first event's time, in nanoseconds since session start.
  init(seed: UInt64, startTime: UInt64 = 0) {
    random = SplitMix64(seed: seed)
    time = startTime
  }

  /// The first `count` events of the session that `seed` describes.
  static func events(seed: UInt64, startTime: UInt64 = 0, count: Int) -> [TraceEvent] {
    var script = SessionScript(seed: seed, startTime: startTime)
    return (0..<count).map { _ in script.next() }
  }

  /// The next event; times advance by one 120 Hz frame (8,333,333 ns) most of the time.
  mutating func next() -> TraceEvent {
    defer { index += 1 }
    if index > 0 && random.next() % 8 != 0 { time += 8_333_333 }
    let scene = SceneID(UInt32(1 + random.next() % 2))
    let payload: TraceEvent.Payload
    switch index < 2 ? 0 : random.next() % 16 {
    case 0:
      payload = .sceneConnected(scene: SceneID(UInt32(index % 2 + 1)), display: .external, scale: 3)
    case 1, 2, 3, 4:
      let width = Double(random.next() % 3000) / 3
      payload = .geometry(
        scene: scene,
        SceneGeometry(
          size: TraceSize(width: width, height: 844),
          safeArea: TraceInsets(top: 47, leading: 0, bottom: 34, trailing: 0),
          horizontal: width > 600 ? .regular : .compact, vertical: .regular,
          isInteractivelyResizing: random.next() % 2 == 0))
    case 5:
      payload = .hinge(HingeState(status: .partiallyOpen, angle: Double(random.next() % 3600) / 10))
    case 6:
      payload = .regions(
        scene: scene,
        [
          ReservedRegion(
            kind: .division, frame: TraceRect(x: 415.5, y: 0, width: 8, height: 960), isActive: true)
        ])
    case 7:
      payload = .traits(
        scene: scene, SceneTraits(contentSizeCategory: .large, reduceMotion: random.next() % 2 == 0))
    case 8:
      payload = .selection(scene: scene, item: random.next() % 3 == 0 ? nil : "item-\(random.next() % 100)")
    case 9:
      // Labels from 0 to ~2 KiB, so that some records span many bytes and frames vary in size.
      payload = .marker(String(repeating: "m", count: Int(random.next() % 2048)) + " #\(index)")
    default:
      let y = Double(random.next() % 100_000) / 3 + (random.next() % 50 == 0 ? 0.1 : 0)
      payload = .scroll(scene: scene, offset: TracePoint(x: 0, y: y), anchor: "row-\(random.next() % 500)")
    }
    return TraceEvent(time: time, payload)
  }
}
