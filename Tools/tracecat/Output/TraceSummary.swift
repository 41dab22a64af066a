import FoldTrace

/// What `tracecat stats` counts over a trace's frames.
struct TraceSummary {
  /// How a trace ends.
  enum Closure: String, Sendable {
    /// A valid seek table ends the file: the writer closed it.
    case cleanly
    /// Every frame reads but no seek table follows: a crash between frames, or a recording in progress.
    case noSeekTable
    /// The last frame is cut short (or the seek table is damaged): `recover` repairs it.
    case torn
    /// A frame is damaged.
    case corrupt
    /// A writer holds the trace's lock (a recording in progress): it has no seek table yet, and its last
    /// frame may still be being written.
    case recording
  }

  var eventsByKind: [TraceEvent.Kind: Int] = [:]
  var events = 0
  var frames = 0
  var compressedBytes = 0
  var contentBytes = 0
  var droppedRecords = 0
  var unknownEvents = 0
  var timeline = SessionTimeline(keepsSamples: false)
  /// How the trace ends; set by the caller after reading.
  var closure = Closure.cleanly
  /// The damage, for a torn or corrupt trace.
  var damage: TraceError?

  mutating func add(_ frame: TraceFrame) {
    frames += 1
    compressedBytes += frame.size
    contentBytes += frame.contentSize
    for event in frame.events {
      events += 1
      eventsByKind[event.kind, default: 0] += 1
      if event.kind == .dropped { droppedRecords += 1 }
      timeline.add(event)
    }
  }

  /// Content bytes over compressed bytes, rounded to two decimals.
  var compressionRatio: Double {
    compressedBytes > 0 ? (Double(contentBytes) / Double(compressedBytes) * 100).rounded() / 100 : 0
  }

  /// The report, one `key: value` line each, kinds in wire-tag order, scenes in ascending id (the first
  /// ``SessionTimeline/summaryLimit``; a `scenes not listed: N` line counts the rest).
  func lines(name: String, header: TraceHeader, fileSize: Int) -> [String] {
    var lines: [String] = []
    forEachLine(name: name, header: header, fileSize: fileSize) { lines.append($0) }
    return lines
  }

  /// Hands the report's lines to `body` one at a time, as ``lines(name:header:fileSize:)`` has them:
  /// a trace of a million scenes prints without holding a million lines.
  /// - Complexity: O(scenes listed) time, twice over the scene summaries; O(1) memory beyond them.
  func forEachLine(name: String, header: TraceHeader, fileSize: Int, _ body: (String) throws -> Void)
    rethrows
  {
    let start = timeline.start ?? 0
    var rows: [(String, String)] = [
      ("file", name),
      ("device", header.device),
      ("app", header.app),
      ("recorder", header.recorder),
      ("format", header.version.description),
      ("duration", "\(EventFormatter.time(timeline.end - start)) s"),
      ("events", String(events)),
    ]
    for kind in TraceEvent.Kind.allCases {
      if let count = eventsByKind[kind] { rows.append(("  \(kind.name)", String(count))) }
    }
    var listed = 0
    var widestScene = 0
    let unlisted = timeline.forEachSummary {
      listed += 1
      widestScene = max(widestScene, "  scene \($0.id)".count)
    }
    rows.append(("scenes", String(listed + unlisted)))
    // Worded as `tracecat replay`'s summary counts the scenes it does not list.
    let unlistedRow = ("  scenes not listed", String(unlisted))
    if unlisted > 0 { widestScene = max(widestScene, unlistedRow.0.count) }
    let tail: [(String, String)] = [
      (
        "dropped",
        droppedRecords == 0
          ? "0" : "\(timeline.droppedCount) in \(droppedRecords) record\(droppedRecords == 1 ? "" : "s")"
      ),
      ("unknown", String(unknownEvents)),
      ("frames", String(frames)),
      ("bytes", String(fileSize)),
      ("content", "\(Count(contentBytes, "byte"))"),
      ("compression", Self.ratio(compressionRatio)),
      ("closed", closureText),
    ]
    let width = max((rows + tail).map { $0.0.count }.max() ?? 0, widestScene)
    // The values hold the file's name and the header's strings: control characters escaped.
    func line(_ row: (String, String)) -> String {
      "\((row.0 + ":").padding(to: width + 1)) \(DisplayText.escaped(row.1))"
    }
    for row in rows { try body(line(row)) }
    try timeline.forEachSummary { scene in
      let changes = scene.shapeChanges == 1 ? "1 change" : "\(scene.shapeChanges) changes"
      let shapes = scene.shapesVisited
      let text =
        shapes.isEmpty ? "no geometry" : shapes.map(\.rawValue).joined(separator: ", ") + " (\(changes))"
      try body(line(("  scene \(scene.id)", "\(scene.display.rawValue): \(text)")))
    }
    if unlisted > 0 { try body(line(unlistedRow)) }
    for row in tail { try body(line(row)) }
  }

  private var closureText: String {
    let offset = damage?.offset.map { " at byte \($0)" } ?? ""
    switch closure {
    case .cleanly: return "cleanly (seek table)"
    case .noSeekTable: return "no: no seek table (a crash between frames, or still recording); run recover"
    case .torn: return "no: torn tail\(offset); run recover"
    case .corrupt: return "no: corrupt\(offset)"
    case .recording: return "no: being recorded (a writer holds its lock); try again once it has closed"
    }
  }

  /// A ratio with two decimals, `5.14x`.
  static func ratio(_ value: Double) -> String {
    let hundredths = SVGDocument.saturatingInt(value, scale: 100)
    return "\(hundredths / 100)." + String(hundredths % 100).leftPadded(to: 2, with: "0") + "x"
  }
}
