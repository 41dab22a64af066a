import FoldReplay
import FoldTrace
import Foundation

/// Writes a trace as Chrome Trace Event JSON as it reads it: a process per scene, one for the device.
///
/// - The device is pid 1 ("device"): hinge status as slices on thread 1 ("hinge"), the hinge angle as
///   the counter "hinge angle" (degrees), markers and drops as global instant events on thread 2.
/// - Scene *n* is pid 1000 + *n*, wrapped into 32 bits (``pid(of:)``), named "scene *n* (display)" —
///   when it reconnects on another display, renamed to list the displays in the order it used them:
///   "scene *n* (external, internal)". Its layout shapes are slices on thread 1 ("shape"), its
///   presentations (LayoutCore's `LayoutShape.presentation`: stack, split, expanded) on thread 2,
///   division-active and interactive-resize stretches on threads 3 and 4, active occlusions on 5, the
///   safe area on 6 (args top, leading, bottom, trailing in points), the traits on 7 (args
///   dynamicType, reduceMotion, crossFade, reduceTransparency, direction), the recorded scroll anchor
///   item on 8, the selection on 9, inactive divisions and occlusions on 10 and 11; its size as the
///   counters "width" and "height" and the recorded scroll position as "scroll offset" (points), each
///   sampled when its value changes (a counter holds its value until the next sample).
/// - With a replay, each failed check is an instant event on the scene's thread 12 ("failures"; the
///   device's thread 3 for device-wide ones) named by the check, its sentence in args `message`, and
///   the anchor's drift at each relayout that had to keep it is the counter "anchor drift" (points).
///
/// Events are written as the trace ends them — a slice when its value gives way, a counter sample when
/// the next sample cannot replace it — so memory stays bounded whatever the trace's length: after each
/// event the timeline hands over what that event ended (``SessionTimeline/takeEnded(_:)``). A scene is
/// named (its process and threads) when it is first shown; the replay's marks come last. Output is
/// deterministic: the same trace gives the same events in the same order, object keys sorted, one
/// event per line.
enum ChromeTraceExporter {
  static let devicePID = 1

  /// Scene *n*'s process id: 1000 + *n* modulo 2³², so every pid fits the unsigned 32 bits Perfetto
  /// reads (a larger one it cannot read, and files under pid 0).
  ///
  /// Every scene a recorder numbers (from 1 up) keeps 1000 + *n*. The map is one-to-one on scene ids, so
  /// two scenes never share a process; the 1000 highest ids, 4 294 966 296 … 4 294 967 295, wrap to
  /// pids 0 … 999. 2³² scene ids and the device cannot all have distinct 32-bit pids: the one collision
  /// left is scene 4 294 966 297 (2³² − 999), which shares pid 1 with the device.
  static func pid(of scene: SceneID) -> Int { Int(scene.rawValue &+ 1000) }

  /// Reads `input` and hands the events to `emit` in output order, one at a time.
  ///
  /// - Parameters:
  ///   - input: The trace.
  ///   - filter: The window and scenes to export; events before `from` fold into the state only.
  ///   - title: The device process's title (the trace's name).
  ///   - marks: A replay's failures and anchor drifts, if asked for.
  ///   - namedLimit: How many scenes' displays are kept once they disconnected (``namedLimit``; tests
  ///     pass a small one to reach what happens past it).
  ///   - emit: Takes the next event.
  /// - Throws: ``TracecatError`` when the trace is unreadable; what `emit` throws.
  /// - Complexity: O(events) time; memory O(connected scenes) beyond the open spans and the replay's
  ///   marks, and about 24 bytes per scene shown for the first `namedLimit` (the displays it used
  ///   and whether its app threads are named; counters only while connected).
  @discardableResult
  static func forEachEvent(
    reading input: TraceInput, filter: EventFilter, title: String, marks: ReplayMarks? = nil,
    namedLimit: Int = ChromeTraceExporter.namedLimit, _ emit: (ChromeTraceEvent) throws -> Void
  ) throws -> SceneCoverage {
    try withoutActuallyEscaping(emit) { emit in
      try forEachEvent(
        reading: input, filter: filter, title: title, marks: marks,
        exporter: Exporter(marks: marks, namedLimit: namedLimit, emit: emit))
    }
  }

  /// How many scenes' displays an export keeps after they disconnected: 100 000 (about 2 MB). Past
  /// them a disconnected scene is forgotten; should it reconnect, its process is named afresh.
  static let namedLimit = 100_000

  private static func forEachEvent(
    reading input: TraceInput, filter: EventFilter, title: String, marks: ReplayMarks?, exporter: Exporter
  ) throws -> SceneCoverage {
    var exporter = exporter
    let emit = exporter.emit
    let showsDevice = filter.scenes?.contains(nil) ?? true
    if showsDevice {
      for event in [
        .metadata("process_name", pid: devicePID, ["name": .text("device — \(title)")]),
        .metadata("process_sort_index", pid: devicePID, ["sort_index": .count(0)]),
        .metadata("thread_name", pid: devicePID, tid: 1, ["name": .text("hinge")]),
        .metadata("thread_name", pid: devicePID, tid: 2, ["name": .text("markers")]),
      ] as [ChromeTraceEvent] { try emit(event) }
      if marks != nil {
        try emit(.metadata("thread_name", pid: devicePID, tid: 3, ["name": .text("failures")]))
      }
    }
    var inWindow = false
    var timeline = try TimelineReader.read(input, label: "export", filter: filter) { timeline, event in
      // Before the window an event only sets the state the window starts with.
      guard event.time >= filter.from, event.time <= filter.to else { return }
      if !inWindow {
        inWindow = true
        try exporter.takeAll(&timeline)
      } else if let scene = event.scene {
        try exporter.take(scene, from: &timeline)
      } else {
        try exporter.takeDevice(&timeline)
      }
    }
    timeline.finish()
    try exporter.takeAll(&timeline)
    if let marks { try forEachReplayEvent(timeline, shown: Set(exporter.named.keys), marks: marks, emit) }
    return timeline.coverage
  }

  /// The per-scene state of a streaming export: which scenes are named, the counters' last values.
  private struct Exporter {
    let marks: ReplayMarks?
    let emit: (ChromeTraceEvent) throws -> Void
    /// What is named of each named scene: the displays its process name lists, in the order the scene
    /// used them, and whether its app threads are named: 12 bytes a scene, as a disconnected
    /// scene's entry stays (it may reconnect on another display) — for the first ``namedLimit`` scenes;
    /// past them a disconnected scene is forgotten whole, so nothing here grows with the trace's scenes.
    var named: [SceneID: NamedScene] = [:]
    /// How many scenes' displays ``named`` keeps after they disconnect (``ChromeTraceExporter/namedLimit``
    /// unless a test asks for fewer).
    let namedLimit: Int
    /// The last width, height and scroll offset written per scene, points.
    var counters: [SceneID: (width: Double?, height: Double?, offset: Double?)] = [:]

    /// The scenes the replay's marks name (failures, anchor drifts): never forgotten, so their marks are
    /// written with them.
    let marked: Set<SceneID>

    init(marks: ReplayMarks?, namedLimit: Int, emit: @escaping (ChromeTraceEvent) throws -> Void) {
      self.marks = marks
      self.namedLimit = namedLimit
      self.emit = emit
      marked = Set((marks?.failures.compactMap(\.scene) ?? []) + (marks.map { Array($0.drifts.keys) } ?? []))
    }

    /// Takes what the device and every scene ended, scenes in ascending id.
    mutating func takeAll(_ timeline: inout SessionTimeline) throws {
      try takeDevice(&timeline)
      for id in timeline.sceneIDs { try take(id, from: &timeline) }
    }

    mutating func takeDevice(_ timeline: inout SessionTimeline) throws {
      let ended = timeline.takeDeviceEnded()
      guard timeline.showsDevice else { return }
      for span in ended.hinge {
        try emit(
          .slice(
            span.value.rawValue, category: "hinge", from: span.start, to: span.end, pid: devicePID, tid: 1))
      }
      for sample in ended.angles {
        try emit(.counter("hinge angle", at: sample.time, pid: devicePID, ["degrees": .number(sample.value)]))
      }
      for marker in ended.markers {
        try emit(
          .instant(marker.label, category: "marker", at: marker.time, pid: devicePID, tid: 2, scope: "g"))
      }
      for drop in ended.drops {
        try emit(
          .instant(
            // The count as the trace holds it, up to 2⁶⁴ − 1 (Count takes an Int).
            "dropped \(drop.count) event\(drop.count == 1 ? "" : "s")", category: "dropped", at: drop.time,
            pid: devicePID, tid: 2, scope: "g", ["count": .count(drop.count)]))
      }
    }

    /// Takes what the scene ended; writes it when the scene is shown, naming the scene first.
    mutating func take(_ id: SceneID, from timeline: inout SessionTimeline) throws {
      let ended = timeline.takeEnded(id)
      // Once taken, a disconnected scene is forgotten: memory holds the connected scenes only.
      defer { timeline.forget(id) }
      guard timeline.shows(id), let scene = timeline[scene: id] else { return }
      let pid = pid(of: id)
      var entry: NamedScene
      if let known = named[id] {
        entry = known
        if !entry.displays.contains(scene.display) {
          entry.displays.append(scene.display)
          let list = entry.displays.roles.map(\.rawValue).joined(separator: ", ")
          try emit(.metadata("process_name", pid: pid, ["name": .text("scene \(id) (\(list))")]))
        }
      } else {
        try name(scene, pid: pid)
        entry = NamedScene(displays: DisplayOrder(scene.display))
      }
      if !entry.namesApp, scene.appLayouts > 0 || scene.presentedSamples > 0 {
        try emit(.metadata("thread_name", pid: pid, tid: 13, ["name": .text("app layout")]))
        try emit(.metadata("thread_name", pid: pid, tid: 14, ["name": .text("app animating")]))
        entry.namesApp = true
      }
      named[id] = entry
      // Taken out and put back: `write` reads `self`, so writing through `&counters[id]` would copy the
      // whole table at every event.
      var last = counters.removeValue(forKey: id) ?? (nil, nil, nil)
      try write(ended, pid: pid, counters: &last)
      // A disconnected scene's counters are not kept: should it reconnect, its first samples are written
      // again, so memory holds the connected scenes' counters only.
      if scene.disconnected == nil {
        counters[id] = last
      } else if named.count > namedLimit, !marked.contains(id) {
        // Past the limit a disconnected scene's entry is forgotten too: should it reconnect, its
        // process is named afresh (its new display only), its app threads once it has app output.
        named[id] = nil
      }
    }

    /// A scene's threads 1 to 11, by tid.
    private static let threadNames = [
      "shape", "presentation", "division", "resizing", "occlusion", "safe area", "traits", "anchor item",
      "selection", "division inactive", "occlusion inactive",
    ]

    /// The scene's process and thread names.
    private func name(_ scene: SessionTimeline.Scene, pid: Int) throws {
      try emit(
        .metadata("process_name", pid: pid, ["name": .text("scene \(scene.id) (\(scene.display.rawValue))")]))
      try emit(.metadata("process_sort_index", pid: pid, ["sort_index": .count(UInt64(scene.id.rawValue))]))
      for (index, name) in Self.threadNames.enumerated() {
        try emit(.metadata("thread_name", pid: pid, tid: index + 1, ["name": .text(name)]))
      }
      if marks != nil {
        try emit(.metadata("thread_name", pid: pid, tid: 12, ["name": .text("failures")]))
      }
    }

    /// A scene's ended spans as slices and its settled samples as counters, track by track.
    private func write(
      _ ended: SessionTimeline.Ended, pid: Int,
      counters: inout (width: Double?, height: Double?, offset: Double?)
    ) throws {
      func slices<Value>(
        _ spans: [Span<Value>], category: String, tid: Int, _ name: (Value) -> String?
      ) throws {
        for span in spans {
          guard let text = name(span.value) else { continue }
          try emit(.slice(text, category: category, from: span.start, to: span.end, pid: pid, tid: tid))
        }
      }
      try slices(ended.shapes, category: "shape", tid: 1) { $0.rawValue }
      try slices(ended.presentations, category: "presentation", tid: 2) { $0.rawValue }
      try slices(ended.division, category: "division", tid: 3) { $0 ? "division active" : nil }
      try slices(ended.resizing, category: "resizing", tid: 4) { $0 ? "interactive resize" : nil }
      try slices(ended.occlusion, category: "occlusion", tid: 5) { $0 ? "occlusion active" : nil }
      for span in ended.safeArea {
        let insets = span.value
        var event = ChromeTraceEvent.slice(
          "safe area \(ReplayFormat.number(insets.top)), \(ReplayFormat.number(insets.leading)), "
            + "\(ReplayFormat.number(insets.bottom)), \(ReplayFormat.number(insets.trailing))",
          category: "safe area", from: span.start, to: span.end, pid: pid, tid: 6)
        event.args = [
          "top": .number(insets.top), "leading": .number(insets.leading), "bottom": .number(insets.bottom),
          "trailing": .number(insets.trailing),
        ]
        try emit(event)
      }
      for span in ended.traits {
        let traits = span.value
        let flags = [
          traits.reduceMotion ? "Reduce Motion" : nil, traits.prefersCrossFade ? "Cross-Fade" : nil,
          traits.reduceTransparency ? "Reduce Transparency" : nil,
          traits.layoutDirection == .rightToLeft ? "RTL" : nil,
        ].compactMap { $0 }
        var event = ChromeTraceEvent.slice(
          ([traits.contentSizeCategory.rawValue] + flags).joined(separator: ", "), category: "traits",
          from: span.start, to: span.end, pid: pid, tid: 7)
        event.args = [
          "dynamicType": .text(traits.contentSizeCategory.rawValue),
          "reduceMotion": .text("\(traits.reduceMotion)"), "crossFade": .text("\(traits.prefersCrossFade)"),
          "reduceTransparency": .text("\(traits.reduceTransparency)"),
          "direction": .text(traits.layoutDirection.rawValue),
        ]
        try emit(event)
      }
      try slices(ended.anchors, category: "scroll", tid: 8) { $0.map { "anchor \($0)" } }
      try slices(ended.selections, category: "selection", tid: 9) { $0.map { "selected \($0)" } }
      try slices(ended.inactiveDivision, category: "inactive region", tid: 10) {
        $0 ? "division inactive" : nil
      }
      try slices(ended.inactiveOcclusion, category: "inactive region", tid: 11) {
        $0 ? "occlusion inactive" : nil
      }
      try slices(ended.appDecisions, category: "app", tid: 13) { $0 }
      for span in ended.appAnimations {
        var event = ChromeTraceEvent.slice(
          "presented \(Count(span.value, "sample"))", category: "app", from: span.start, to: span.end,
          pid: pid, tid: 14)
        event.args = ["samples": .count(UInt64(span.value))]
        try emit(event)
      }
      for (width, height) in zip(ended.widths, ended.heights) {
        if width.value != counters.width {
          try emit(.counter("width", at: width.time, pid: pid, ["pt": .number(width.value)]))
          counters.width = width.value
        }
        if height.value != counters.height {
          try emit(.counter("height", at: height.time, pid: pid, ["pt": .number(height.value)]))
          counters.height = height.value
        }
      }
      for sample in ended.scrollOffsets where sample.value != counters.offset {
        try emit(.counter("scroll offset", at: sample.time, pid: pid, ["pt": .number(sample.value)]))
        counters.offset = sample.value
      }
    }
  }

  /// Hands the replay's failures as instant events and its anchor drifts as a counter to `emit`, within
  /// the timeline's window and scenes, one at a time: none is built before the one before it is written.
  /// `shown`: the scenes the export showed (the timeline has forgotten those that left).
  static func forEachReplayEvent(
    _ timeline: SessionTimeline, shown: Set<SceneID>, marks: ReplayMarks,
    _ emit: (ChromeTraceEvent) throws -> Void
  ) rethrows {
    let window = (timeline.start ?? 0)...timeline.end
    for failure in marks.failures where window.contains(failure.time) {
      if let scene = failure.scene {
        guard shown.contains(scene) else { continue }
        try emit(
          .instant(
            failure.check, category: "failure", at: failure.time, pid: pid(of: scene), tid: 12, scope: "t",
            ["message": .text(failure.text)]))
      } else if timeline.showsDevice {
        try emit(
          .instant(
            failure.check, category: "failure", at: failure.time, pid: devicePID, tid: 3, scope: "t",
            ["message": .text(failure.text)]))
      }
    }
    for scene in marks.drifts.keys.sorted() where shown.contains(scene) {
      for drift in marks.drifts[scene] ?? [] where window.contains(drift.time) {
        try emit(.counter("anchor drift", at: drift.time, pid: pid(of: scene), ["pt": .number(drift.points)]))
      }
    }
  }

  /// Reads `input` and writes the JSON document — `{"displayTimeUnit":"ms","traceEvents":[` then one
  /// event per line, then `]}` — to `output` in pieces of about 1 MiB, encoding each event as it goes:
  /// neither the document nor the trace's history is held whole.
  ///
  /// Each event is written by ``ChromeTraceJSON``, byte for byte what `JSONEncoder` (sorted keys, slashes
  /// unescaped) writes for it.
  ///
  /// - Parameters: as ``forEachEvent(reading:filter:title:marks:namedLimit:_:)``; `output` takes the next
  ///   bytes.
  /// - Throws: ``TracecatError`` when the trace is unreadable; what `output` throws; `EncodingError` for
  ///   a non-finite number, which JSON cannot spell.
  /// - Complexity: O(events) time; O(1 MiB) memory for the text, beyond the open spans.
  @discardableResult
  static func write(
    reading input: TraceInput, filter: EventFilter, title: String, marks: ReplayMarks? = nil,
    namedLimit: Int = ChromeTraceExporter.namedLimit, to output: ([UInt8]) throws -> Void
  ) throws -> SceneCoverage {
    var text = ChromeTraceJSON(capacity: 1 << 20 + 64 * 1024)
    text.append(raw: "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n".utf8)
    var first = true
    let coverage = try forEachEvent(
      reading: input, filter: filter, title: title, marks: marks, namedLimit: namedLimit
    ) { event in
      if !first { text.append(raw: ",\n".utf8) }
      first = false
      try text.append(event)
      // Handed on at the first event end past 1 MiB: the same pieces whatever writes the text.
      if text.count >= 1 << 20 { try output(text.take()) }
    }
    text.append(raw: "\n]}\n".utf8)
    try output(text.take())
    return coverage
  }
}

/// What an export named of a scene: the displays its process name lists, and whether its app threads
/// (13 and 14) are named.
struct NamedScene: Sendable, Equatable {
  var displays: DisplayOrder
  var namesApp = false
}

/// The displays a scene used, in the order it first used each: a packed list, 3 bits a display
/// (``DisplayRole``'s case index plus one), at most one entry per case.
struct DisplayOrder: Sendable, Equatable {
  private var packed: UInt32 = 0

  /// A list of one display.
  init(_ first: DisplayRole) { append(first) }

  /// The displays, first used first.
  var roles: [DisplayRole] {
    var roles: [DisplayRole] = []
    var rest = packed
    while rest != 0 {
      roles.append(DisplayRole.allCases[Int(rest & 7) - 1])
      rest >>= 3
    }
    return roles
  }

  func contains(_ role: DisplayRole) -> Bool { roles.contains(role) }

  /// Adds `role` at the end, unless the list has it.
  mutating func append(_ role: DisplayRole) {
    guard !contains(role) else { return }
    let code = UInt32(DisplayRole.allCases.firstIndex(of: role)! + 1)
    packed |= code << (3 * UInt32(roles.count))
  }
}
