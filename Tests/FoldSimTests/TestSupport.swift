import FoldSim
import FoldTrace

/// The last geometry each scene reported.
func lastGeometry(_ events: [TraceEvent], scene: SceneID? = nil) -> SceneGeometry? {
  for event in events.reversed() {
    if case .geometry(let s, let g) = event.payload, scene == nil || s == scene { return g }
  }
  return nil
}

/// All geometry reports, in order.
func geometries(_ events: [TraceEvent]) -> [SceneGeometry] {
  events.compactMap { if case .geometry(_, let g) = $0.payload { g } else { nil } }
}

/// All hinge angles reported, in order.
func hingeAngles(_ events: [TraceEvent]) -> [Double] {
  events.compactMap { if case .hinge(let h) = $0.payload { h.angle } else { nil } }
}

/// The last regions list reported.
func lastRegions(_ events: [TraceEvent]) -> [ReservedRegion]? {
  for event in events.reversed() {
    if case .regions(_, let r) = event.payload { return r }
  }
  return nil
}

/// The shape the guide's table names for a geometry (LayoutCore's LayoutRules, "Case matrix"), computed
/// here independently of LayoutCore.
func shape(_ g: SceneGeometry) -> String {
  let h = g.horizontal == .compact ? "compact" : "regular"
  let v = g.vertical == .compact ? "compact" : "regular"
  switch (h, v) {
  case ("compact", "regular"): return "compactTall"
  case ("compact", "compact"): return "compactShort"
  case ("regular", "compact"): return "regularShort"
  default: return g.size.width > g.size.height ? "regularWide" : "regularTall"
  }
}

/// Plays `gestures` on `profile` from a start, returning the synthesizer.
func play(
  _ profile: DeviceProfile, seed: UInt64 = 1, start: Scenario.Start = Scenario.Start(), _ gestures: [Gesture]
) throws -> [TraceEvent] {
  var scenario = Scenario(profile: profile, seed: seed, steps: gestures.map { Scenario.Step(gesture: $0) })
  scenario.start = start
  return try scenario.events()
}
