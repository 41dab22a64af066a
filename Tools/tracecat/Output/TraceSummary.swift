import FoldTrace

/// What `tracecat stats` counts over a trace's frames.
struct TraceSummary {
  var eventsByKind: [TraceEvent.Kind: Int] = [:]
  var events = 0
  var frames = 0
  var firstTime: UInt64?
  var lastTime: UInt64 = 0
  var compressedBytes = 0
  var contentBytes = 0
  var dropped: UInt64 = 0
  var scenes: Set<SceneID> = []
  var unknownEvents = 0

  mutating func add(_ frame: TraceFrame) {
    frames += 1
    compressedBytes += frame.size
    contentBytes += frame.contentSize
    for event in frame.events {
      events += 1
      eventsByKind[event.kind, default: 0] += 1
      if firstTime == nil { firstTime = event.time }
      lastTime = max(lastTime, event.time)
      if let scene = event.scene { scenes.insert(scene) }
      if case .dropped(let count) = event.payload { dropped &+= count }
    }
  }

  /// The report, one `key: value` line each, kinds in wire-tag order.
  func lines(name: String, header: TraceHeader, fileSize: Int) -> [String] {
    var rows: [(String, String)] = [
      ("file", name),
      ("device", header.device),
      ("app", header.app),
      ("recorder", header.recorder),
      ("format", header.version.description),
      ("duration", "\(EventFormatter.time(lastTime - (firstTime ?? lastTime))) s"),
      ("events", String(events)),
    ]
    for kind in TraceEvent.Kind.allCases {
      if let count = eventsByKind[kind] { rows.append(("  \(kind.name)", String(count))) }
    }
    let ratio = compressedBytes > 0 ? Double(contentBytes) / Double(compressedBytes) : 0
    rows += [
      ("scenes", String(scenes.count)),
      ("dropped", String(dropped)),
      ("unknown", String(unknownEvents)),
      ("frames", String(frames)),
      ("bytes", String(fileSize)),
      ("content", "\(contentBytes) bytes"),
      ("compression", Self.ratio(ratio)),
    ]
    let width = rows.map { $0.0.count }.max() ?? 0
    return rows.map { "\(($0.0 + ":").padding(to: width + 1)) \($0.1)" }
  }

  /// A ratio with two decimals, `5.14x`.
  static func ratio(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    return "\(hundredths / 100)." + String(hundredths % 100).leftPadded(to: 2, with: "0") + "x"
  }
}
