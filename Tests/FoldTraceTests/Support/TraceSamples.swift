import FoldTrace
import Foundation

/// Shared fixtures: headers, events of every kind, and temporary files.
enum TraceSamples {
  static let header = TraceHeader(device: "iPhone Duo", app: "Notes 4.2 (1187)", recorder: "FoldTraceTests")

  /// One event of every kind, with ordinary values, times 0…9 ms.
  static let everyKind: [TraceEvent] = [
    TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .external, scale: 3)),
    TraceEvent(
      time: 1_000_000,
      .geometry(
        scene: SceneID(1),
        SceneGeometry(
          size: TraceSize(width: 390, height: 844),
          safeArea: TraceInsets(top: 47, leading: 0, bottom: 34, trailing: 0),
          horizontal: .compact, vertical: .regular, isInteractivelyResizing: true, verticalBarEdge: .leading,
          minimumSize: TraceSize(width: 320, height: 480), maximumSize: TraceSize(width: 1024, height: 1366)))
    ),
    TraceEvent(time: 2_000_000, .hinge(HingeState(status: .partiallyOpen, angle: 87.5))),
    TraceEvent(
      time: 3_000_000,
      .regions(
        scene: SceneID(1),
        [
          ReservedRegion(
            kind: .division, frame: TraceRect(x: 415.5, y: 0, width: 0, height: 960), isActive: true),
          ReservedRegion(
            kind: .occlusion, frame: TraceRect(x: 10, y: 12, width: 40, height: 40), isActive: false),
        ])),
    TraceEvent(
      time: 4_000_000,
      .traits(
        scene: SceneID(1),
        SceneTraits(
          contentSizeCategory: .accessibilityExtraExtraExtraLarge, reduceMotion: true, prefersCrossFade: true,
          reduceTransparency: true, layoutDirection: .rightToLeft))),
    TraceEvent(
      time: 5_000_000, .scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: 1234.333), anchor: "row-42")),
    TraceEvent(time: 5_000_000, .scroll(scene: SceneID(1), offset: TracePoint(x: -3, y: -40), anchor: nil)),
    TraceEvent(time: 6_000_000, .selection(scene: SceneID(1), item: "note-7")),
    TraceEvent(time: 6_500_000, .selection(scene: SceneID(1), item: nil)),
    TraceEvent(time: 7_000_000, .marker("open to internal")),
    TraceEvent(time: 8_000_000, .dropped(count: 12)),
    TraceEvent(
      time: 8_100_000,
      .layout(
        scene: SceneID(1),
        RecordedLayout(
          shape: "compactTall", presentation: "stack", columns: 1,
          elements: [
            RecordedElement(
              id: "action.compose", frame: TraceRect(x: 330, y: 760, width: 44, height: 44),
              isInteractive: true),
            RecordedElement(
              id: "list", frame: TraceRect(x: 0, y: 91.333_333_333_333_33, width: 390, height: 700),
              isInteractive: false),
          ]))),
    TraceEvent(
      time: 8_108_333,
      .presented(
        scene: SceneID(1),
        [
          PresentedElement(id: "action.compose", frame: TraceRect(x: 331.5, y: 760, width: 44, height: 44)),
          PresentedElement(id: "badge", frame: TraceRect(x: 0.1, y: -2, width: 8, height: 8), opacity: 0.25),
        ])),
    TraceEvent(
      time: 8_116_666,
      .scroll(scene: SceneID(1), offset: TracePoint(x: 0, y: 1200), anchor: "row-42", anchorTop: 12.5)),
    TraceEvent(time: 9_000_000, .sceneDisconnected(scene: SceneID(1))),
  ]

  /// `count` scroll events on a connected 3× scene, one every 8.333 ms (120 Hz).
  static func scrolling(count: Int, from start: UInt64 = 0) -> [TraceEvent] {
    var events = [TraceEvent(time: start, .sceneConnected(scene: SceneID(2), display: .internal, scale: 3))]
    for i in 0..<count {
      let offset = TracePoint(x: 0, y: Double(i) * 10 / 3)
      events.append(
        TraceEvent(
          time: start + UInt64(i + 1) * 8_333_333,
          .scroll(scene: SceneID(2), offset: offset, anchor: "row-\(i / 4)")))
    }
    return events
  }

  /// An in-memory trace of `events`.
  static func bytes(
    _ events: [TraceEvent], header: TraceHeader = header, policy: FlushPolicy = .default, close: Bool = true
  ) throws -> [UInt8] {
    let writer = try TraceWriter(header: header, policy: policy)
    for event in events { try writer.append(event) }
    if close { try writer.close() } else { try writer.flush() }
    return writer.bytes
  }

  /// A fresh path in a new temporary directory; the directory is removed when `body` returns.
  ///
  /// - Parameter inMemory: Use `/dev/shm` (tmpfs, where `fsync` is free) when it exists, for tests that
  ///   sync hundreds of times.
  static func withTemporaryPath<T>(
    _ name: String = "t.foldtrace", inMemory: Bool = false, _ body: (String) throws -> T
  ) throws -> T {
    let shm = URL(fileURLWithPath: "/dev/shm")
    let base =
      inMemory && FileManager.default.isWritableFile(atPath: shm.path)
      ? shm : FileManager.default.temporaryDirectory
    let directory = base.appendingPathComponent("FoldTraceTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory.appendingPathComponent(name).path)
  }

  /// Every frame of a trace until the end or the first error.
  static func readFrames(_ reader: TraceReader) -> (frames: [TraceFrame], error: TraceError?) {
    var frames: [TraceFrame] = []
    do throws(TraceError) {
      while let frame = try reader.nextFrame() { frames.append(frame) }
      return (frames, nil)
    } catch {
      return (frames, error)
    }
  }
}
