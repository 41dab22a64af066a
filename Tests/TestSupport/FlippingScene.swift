import FoldTrace

/// A session whose one scene flips shape at every geometry, for tests of what a summary keeps.
public enum FlippingScene {
  /// Scene 1 connects at 0 on the external display; then `count` geometries `step` ns apart alternate
  /// 1000 × 600 pt regular-regular (regularWide) and 400 × 800 pt compact-regular (compactTall), each
  /// followed, when `recorded`, by the app's layout of that shape at the same time.
  ///
  /// - Complexity: O(`count`).
  public static func events(_ count: Int, step: UInt64, recorded: Bool) -> [TraceEvent] {
    let scene = SceneID(1)
    var events = [TraceEvent(time: 0, .sceneConnected(scene: scene, display: .external, scale: 2))]
    events.reserveCapacity((recorded ? 2 : 1) * count + 1)
    for index in 0..<count {
      let wide = index.isMultiple(of: 2)
      let time = UInt64(index) * step
      let geometry = SceneGeometry(
        size: wide ? TraceSize(width: 1000, height: 600) : TraceSize(width: 400, height: 800),
        horizontal: wide ? .regular : .compact, vertical: .regular)
      events.append(TraceEvent(time: time, .geometry(scene: scene, geometry)))
      if recorded {
        let layout = RecordedLayout(
          shape: wide ? "regularWide" : "compactTall", presentation: "stack", columns: 1, elements: [])
        events.append(TraceEvent(time: time, .layout(scene: scene, layout)))
      }
    }
    return events
  }
}

/// Sessions of many short-lived scenes, for tests of what a summary lists.
public enum PassingScenes {
  /// Scenes 1…`count` each connect at `number` ms on the external display, record one compactTall
  /// layout then, and disconnect 0.5 ms later.
  ///
  /// - Complexity: O(`count`).
  public static func events(_ count: Int) -> [TraceEvent] {
    var events: [TraceEvent] = []
    events.reserveCapacity(3 * count)
    for number in 1...count {
      let scene = SceneID(UInt32(number))
      let time = UInt64(number) * 1_000_000
      events.append(TraceEvent(time: time, .sceneConnected(scene: scene, display: .external, scale: 2)))
      let layout = RecordedLayout(shape: "compactTall", presentation: "stack", columns: 1, elements: [])
      events.append(TraceEvent(time: time, .layout(scene: scene, layout)))
      events.append(TraceEvent(time: time + 500_000, .sceneDisconnected(scene: scene)))
    }
    return events
  }
}
