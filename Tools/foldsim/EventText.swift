import FoldTrace

/// One readable line per event for `foldsim --events` (the full inspector is `tracecat`).
enum EventText {
  static func line(_ event: TraceEvent) -> String {
    let t = String(format: "%10.4f", Double(event.time) / 1e9)
    let scene = event.scene.map { "s\($0)" } ?? "-"
    // The scenario's strings (scroll anchors, selections, markers) with control characters escaped.
    return "\(t) \(scene) \(event.kind.name) \(DisplayText.escaped(detail(event.payload)))"
  }

  /// `1 element`, `2 elements`.
  static func elements(_ count: Int) -> String { "\(count) element\(count == 1 ? "" : "s")" }

  static func detail(_ payload: TraceEvent.Payload) -> String {
    switch payload {
    case .sceneConnected(_, let display, let scale): "\(display.rawValue) @\(scale)"
    case .sceneDisconnected: ""
    case .geometry(_, let g):
      "\(g.size.width)x\(g.size.height) \(g.horizontal.rawValue)/\(g.vertical.rawValue)"
        + " safe[\(g.safeArea.top),\(g.safeArea.leading),\(g.safeArea.bottom),\(g.safeArea.trailing)]"
        + (g.isInteractivelyResizing ? " resizing" : "")
        + (g.verticalBarEdge == .none ? "" : " bars:\(g.verticalBarEdge.rawValue)")
    case .hinge(let h): "\(h.status.rawValue) \(h.angle ?? -1)°"
    case .regions(_, let regions):
      regions.map {
        "\($0.kind.rawValue)[\($0.frame.x),\($0.frame.y),\($0.frame.width),\($0.frame.height)]\($0.isActive ? "*" : "")"
      }
      .joined(separator: " ")
    case .traits(_, let t):
      "\(t.contentSizeCategory.rawValue) reduceMotion=\(t.reduceMotion) \(t.layoutDirection.rawValue)"
    case .scroll(_, let offset, let anchor, _): "y=\(offset.y) \(anchor ?? "-")"
    case .selection(_, let item): item ?? "none"
    case .marker(let label): label
    case .dropped(let count): "\(count)"
    case .layout(_, let layout): "\(layout.shape ?? "-") \(Self.elements(layout.elements.count))"
    case .presented(_, let elements): Self.elements(elements.count)
    case .cut: ""
    }
  }
}
