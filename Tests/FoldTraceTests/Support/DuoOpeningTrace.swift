import FoldTrace
import Foundation

/// A hand-built session (the shipped `Traces/duo-open-external-to-internal.foldtrace` now comes from
/// FoldSim's scenario): an iPhone Duo opened from the external to the internal display, 120 Hz, about 2 s
/// (LayoutCore's LayoutRules, "iPhone Duo" and "Spatial consistency across displays": external and internal
/// displays, the division reserved region active while partially open and inactive when flat, the internal
/// camera an occlusion; selection kept across displays). Deterministic: integer tick times, pixel-aligned
/// geometry, angles rounded to 0.5°.
enum DuoOpeningTrace {
  static let header = TraceHeader(
    device: "iPhone Duo", app: "Notes 4.2 (1187)", recorder: "FoldTraceTests DuoOpeningTrace 1")

  /// The time of 120 Hz tick `k`, in nanoseconds.
  static func tick(_ k: Int) -> UInt64 { UInt64(k) * 1_000_000_000 / 120 }

  static let external = SceneID(1)
  static let `internal` = SceneID(2)
  /// Row height of the notes list, in points.
  static let rowHeight = 88.0

  /// A scroll to `pixels` device pixels (1/3 pt on the Duo's 3× displays), so offsets are pixel-aligned.
  static func scroll(_ scene: SceneID, at k: Int, pixels: Int) -> TraceEvent {
    let y = Double(pixels) / 3
    return TraceEvent(
      time: tick(k),
      .scroll(scene: scene, offset: TracePoint(x: 0, y: y), anchor: "note-\(Int(y / rowHeight) + 1)"))
  }

  /// The hinge angle at tick `k` while opening from tick 60 to tick 156 (0.5 s to 1.3 s): an ease-in-out
  /// from 0° to 180°, rounded to 0.5°.
  static func angle(at k: Int) -> Double {
    let progress = min(max(Double(k - 60) / 96, 0), 1)
    let eased = (1 - cos(progress * .pi)) / 2
    return (eased * 360).rounded() / 2
  }

  static func status(for angle: Double) -> HingeStatus {
    angle < 2 ? .closed : angle >= 178 ? .fullyOpen : .partiallyOpen
  }

  static let internalSize = TraceSize(width: 876, height: 942)

  static func internalRegions(divisionActive: Bool) -> [ReservedRegion] {
    [
      ReservedRegion(
        kind: .division, frame: TraceRect(x: 438, y: 0, width: 0, height: internalSize.height),
        isActive: divisionActive),
      ReservedRegion(
        kind: .occlusion, frame: TraceRect(x: 706, y: 8, width: 38 + 1 / 3, height: 38 + 1 / 3),
        isActive: false),
    ]
  }

  /// The events, in time order.
  static var events: [TraceEvent] {
    var events: [TraceEvent] = [
      TraceEvent(time: 0, .hinge(HingeState(status: .closed, angle: 0))),
      TraceEvent(time: 0, .sceneConnected(scene: external, display: .external, scale: 3)),
      TraceEvent(time: 0, .traits(scene: external, SceneTraits())),
      TraceEvent(
        time: 0,
        .geometry(
          scene: external,
          SceneGeometry(
            size: TraceSize(width: 390, height: 848),
            safeArea: TraceInsets(top: 59, leading: 0, bottom: 34, trailing: 0),
            horizontal: .compact, vertical: .regular))),
      TraceEvent(
        time: 0,
        .regions(
          scene: external,
          [
            ReservedRegion(
              kind: .occlusion, frame: TraceRect(x: 132, y: 11, width: 126, height: 37 + 1 / 3),
              isActive: true)
          ])),
    ]
    // Scroll the list on the external display, 120 Hz, decelerating; select a note.
    var pixels = 0
    for k in 1...48 {
      pixels += max(1, 3 * (48 - k) / 4)
      events.append(scroll(external, at: k, pixels: pixels))
      if k == 40 { events.append(TraceEvent(time: tick(k), .selection(scene: external, item: "note-12"))) }
    }
    events.append(TraceEvent(time: tick(54), .marker("open the device")))
    // Open the hinge; at 60° the system moves the app to the internal display.
    var moved = false
    var lastStatus = HingeStatus.closed
    for k in 61...156 {
      let angle = angle(at: k)
      let status = status(for: angle)
      events.append(TraceEvent(time: tick(k), .hinge(HingeState(status: status, angle: angle))))
      if !moved && angle >= 60 {
        moved = true
        events += [
          TraceEvent(time: tick(k), .sceneDisconnected(scene: external)),
          TraceEvent(time: tick(k), .sceneConnected(scene: `internal`, display: .internal, scale: 3)),
          TraceEvent(time: tick(k), .traits(scene: `internal`, SceneTraits())),
          TraceEvent(
            time: tick(k),
            .geometry(
              scene: `internal`,
              SceneGeometry(
                size: internalSize, safeArea: TraceInsets(top: 24, leading: 0, bottom: 20, trailing: 0),
                horizontal: .regular, vertical: .regular, verticalBarEdge: .leading))),
          TraceEvent(time: tick(k), .regions(scene: `internal`, internalRegions(divisionActive: true))),
          TraceEvent(time: tick(k), .selection(scene: `internal`, item: "note-12")),
          scroll(`internal`, at: k, pixels: pixels),
        ]
      }
      if status == .fullyOpen && lastStatus != .fullyOpen {
        events.append(
          TraceEvent(time: tick(k), .regions(scene: `internal`, internalRegions(divisionActive: false))))
      }
      lastStatus = status
    }
    events.append(TraceEvent(time: tick(160), .marker("opened")))
    // Scroll on the internal display until 2 s.
    for k in 170...240 {
      pixels += 2 + k % 3
      events.append(scroll(`internal`, at: k, pixels: pixels))
      if k == 228 { events.append(TraceEvent(time: tick(k), .selection(scene: `internal`, item: "note-14"))) }
    }
    return events
  }

  /// The trace's bytes, written with the default flush policy.
  static func bytes() throws -> [UInt8] {
    let writer = try TraceWriter(header: header)
    for event in events { try writer.append(event) }
    try writer.close()
    return writer.bytes
  }
}
