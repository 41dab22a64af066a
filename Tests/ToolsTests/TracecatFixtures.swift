import FoldTrace
import Foundation

/// A temporary directory holding a small Duo trace written with the default flush policy.
struct TracecatFixture {
  let directory: URL
  let trace: URL
  let events: [TraceEvent]
  let bytes: [UInt8]

  static let header = TraceHeader(device: "iPhone Duo", app: "Notes 4.2 (1187)", recorder: "ToolsTests")

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
    events.append(TraceEvent(time: 2_500_000_001, .selection(scene: SceneID(1), item: "note-7")))
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

  /// Writes bytes to a file in the fixture's directory and returns its name.
  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    try Data(bytes).write(to: directory.appendingPathComponent(name))
    return name
  }

  func remove() { try? FileManager.default.removeItem(at: directory) }
}
