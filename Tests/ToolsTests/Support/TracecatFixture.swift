import FoldTrace
import Foundation

/// A temporary directory holding a small Duo trace written with the default flush policy.
struct TracecatFixture {
  let directory: URL
  let trace: URL
  let events: [TraceEvent]
  let bytes: [UInt8]

  static let header = TraceHeader(
    version: .v1_0, device: "iPhone Duo", app: "Notes 4.2 (1187)", recorder: "ToolsTests")

  /// 2.5 s of a Duo opening from the external to the internal display, geometry at 120 Hz.
  static func duoEvents() -> [TraceEvent] {
    var events = [
      TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .external, scale: 3)),
      TraceEvent(
        time: 0,
        .geometry(
          scene: SceneID(1),
          SceneGeometry(
            size: TraceSize(width: 390, height: 844),
            safeArea: TraceInsets(top: 47, leading: 0, bottom: 34, trailing: 0),
            horizontal: .compact, vertical: .regular))),
      TraceEvent(time: 1_000_000, .hinge(HingeState(status: .closed, angle: 0))),
    ]
    for step in 1...300 {
      let time = UInt64(step) * 8_333_333
      let width = 390 + Double(step) * (834 - 390) / 300
      events.append(
        TraceEvent(time: time, .hinge(HingeState(status: .partiallyOpen, angle: Double(step) * 0.6))))
      events.append(
        TraceEvent(
          time: time,
          .geometry(
            scene: SceneID(1),
            SceneGeometry(
              size: TraceSize(width: (width * 3).rounded() / 3, height: 844), horizontal: .compact,
              vertical: .regular, isInteractivelyResizing: step < 300))))
    }
    events.append(TraceEvent(time: 2_500_000_000, .marker("opened → internal")))
    events.append(TraceEvent(time: 2_500_000_001, .selection(scene: SceneID(1), item: "item-7")))
    return events
  }

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracecat-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    trace = directory.appendingPathComponent("duo.foldtrace")
    events = Self.duoEvents()
    let writer = try TraceWriter(path: trace.path, header: Self.header)
    for event in events { try writer.append(event) }
    try writer.close()
    bytes = Array(try Data(contentsOf: trace))
  }

  /// A Duo session over 3 s with two scenes, a handover, regions, traits, scrolling, markers and a drop:
  /// scene 1 on the external display (390 × 844 pt) while the hinge opens from 0.5 s to 1.5 s at 60 Hz;
  /// scene 2 connects on the internal display at 1.0 s with an active division; scene 1 disconnects at
  /// 1.5 s as the hinge lies flat; scene 2 rotates to landscape at 2.25 s; 3 events dropped at 2.5 s.
  static func handoverEvents() -> [TraceEvent] {
    let external = SceneID(1)
    let inner = SceneID(2)
    func geometry(_ width: Double, _ height: Double, _ h: UserInterfaceSizeClass, _ v: UserInterfaceSizeClass)
      -> SceneGeometry
    {
      SceneGeometry(
        size: TraceSize(width: width, height: height),
        safeArea: TraceInsets(top: 47, leading: 0, bottom: 34, trailing: 0), horizontal: h, vertical: v)
    }
    let division = ReservedRegion(
      kind: .division, frame: TraceRect(x: 409, y: 0, width: 2, height: 1180), isActive: true)
    var events = [
      TraceEvent(time: 0, .sceneConnected(scene: external, display: .external, scale: 3)),
      TraceEvent(time: 0, .geometry(scene: external, geometry(390, 844, .compact, .regular))),
      TraceEvent(time: 0, .hinge(HingeState(status: .closed, angle: 0))),
      TraceEvent(
        time: 100_000_000, .scroll(scene: external, offset: TracePoint(x: 0, y: 640), anchor: "note-7")),
      TraceEvent(time: 400_000_000, .marker("open the Duo")),
    ]
    for step in 1...60 {
      let time = 500_000_000 + UInt64(step) * 16_666_666
      let status: HingeStatus = step == 60 ? .fullyOpen : .partiallyOpen
      events.append(TraceEvent(time: time, .hinge(HingeState(status: status, angle: Double(step) * 3))))
      if step == 30 {
        events += [
          TraceEvent(time: time, .sceneConnected(scene: inner, display: .internal, scale: 3)),
          TraceEvent(time: time, .geometry(scene: inner, geometry(820, 1180, .regular, .regular))),
          TraceEvent(time: time, .traits(scene: inner, SceneTraits(contentSizeCategory: .extraLarge))),
          TraceEvent(time: time, .regions(scene: inner, [division])),
        ]
      }
    }
    var inactive = division
    inactive.isActive = false
    events += [
      TraceEvent(time: 1_500_000_000, .sceneDisconnected(scene: external)),
      TraceEvent(time: 1_500_000_000, .regions(scene: inner, [inactive])),
      TraceEvent(time: 1_600_000_000, .selection(scene: inner, item: "note-7")),
      TraceEvent(time: 2_250_000_000, .marker("rotate to landscape")),
      TraceEvent(time: 2_250_000_000, .geometry(scene: inner, geometry(1180, 820, .regular, .regular))),
      TraceEvent(time: 2_500_000_000, .dropped(count: 3)),
      TraceEvent(time: 3_000_000_000, .scroll(scene: inner, offset: TracePoint(x: 0, y: 1280), anchor: nil)),
    ]
    return events
  }

  /// Writes a trace of `events` with the default flush policy into the fixture's directory.
  ///
  /// - Parameters:
  ///   - version: The format version in the header (1.1 for the app's recorded output).
  ///   - close: False leaves the writer's frames without a seek table, as a crash between frames.
  /// - Returns: The file's name and bytes.
  @discardableResult
  func trace(
    _ name: String, _ events: [TraceEvent], version: TraceFormatVersion = .v1_0, close: Bool = true
  ) throws -> [UInt8] {
    var header = Self.header
    header.version = version
    let writer = try TraceWriter(header: header)
    for event in events { try writer.append(event) }
    if close {
      try writer.close()
    } else {
      try writer.flush()
    }
    try Data(writer.bytes).write(to: directory.appendingPathComponent(name))
    return writer.bytes
  }

  /// Writes bytes to a file in the fixture's directory and returns its name.
  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    try Data(bytes).write(to: directory.appendingPathComponent(name))
    return name
  }

  func remove() { try? FileManager.default.removeItem(at: directory) }

  /// Writes `name` in the fixture's directory: scene 1 connects, then `count` scroll samples at 120 Hz —
  /// a long trace for the bounded-memory tests. With `anchors`, each sample names a scroll anchor other
  /// than the last one's (`item-0` … `item-49`), so every sample changes a value.
  /// `offset` gives sample n's vertical offset, points (default: a sawtooth, n mod 5000).
  func writeScrollTrace(
    _ name: String, count: Int, anchors: Bool = false, offset: (Int) -> Double = { Double($0 % 5000) }
  ) throws {
    let writer = try TraceWriter(path: directory.appendingPathComponent(name).path, header: Self.header)
    let scene = SceneID(1)
    try writer.append(TraceEvent(time: 0, .sceneConnected(scene: scene, display: .external, scale: 3)))
    for index in 1...count {
      let anchor = anchors ? "item-\(index % 50)" : nil
      try writer.append(
        TraceEvent(
          time: UInt64(index) * 8_333_333,
          .scroll(scene: scene, offset: TracePoint(x: 0, y: offset(index)), anchor: anchor)))
    }
    try writer.close()
  }
}

extension TracecatFixture {
  /// Writes `name` in the fixture's directory: `count` scenes (ids 1…count) that each connect, report
  /// one geometry and disconnect, 1 ms apart, on the external and internal displays in turn; each lives
  /// `overlap` ms, so at most `overlap` are connected at once. Widths step through 390…990 pt, so the
  /// scenes visit compactTall and regularTall. With `reconnecting`, every scene connects `reconnecting`
  /// times on the external display instead, one connection after another, at most `overlap` at once.
  /// - Complexity: O(count · connections) events, written as they are made.
  func writeManySceneTrace(_ name: String, count: Int, overlap: Int = 4, reconnecting: Int = 1) throws {
    let writer = try TraceWriter(path: directory.appendingPathComponent(name).path, header: Self.header)
    let step: UInt64 = 1_000_000
    var open: [(end: UInt64, scene: SceneID)] = []
    var slot = 0
    for round in 0..<reconnecting {
      for index in 0..<count {
        let time = UInt64(slot) * step
        slot += 1
        while let first = open.first, first.end <= time {
          try writer.append(TraceEvent(time: first.end, .sceneDisconnected(scene: first.scene)))
          open.removeFirst()
        }
        let scene = SceneID(UInt32(index + 1))
        let display: DisplayRole = reconnecting > 1 || index % 2 == 0 ? .external : .internal
        let width = 390 + Double((index + round) % 7) * 100
        try writer.append(TraceEvent(time: time, .sceneConnected(scene: scene, display: display, scale: 3)))
        try writer.append(
          TraceEvent(
            time: time,
            .geometry(
              scene: scene,
              SceneGeometry(
                size: TraceSize(width: width, height: 844),
                safeArea: TraceInsets(top: 47, leading: 0, bottom: 34, trailing: 0),
                horizontal: width < 700 ? .compact : .regular, vertical: .regular))))
        open.append((time + UInt64(overlap) * step - 1, scene))
      }
    }
    for (end, scene) in open { try writer.append(TraceEvent(time: end, .sceneDisconnected(scene: scene))) }
    try writer.close()
  }
}
