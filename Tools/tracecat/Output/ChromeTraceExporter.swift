import FoldReplay
import FoldTrace
import Foundation

/// Turns a ``SessionTimeline`` into Chrome Trace Event JSON: a process per scene, one for the device.
///
/// - The device is pid 1 ("device"): hinge status as slices on thread 1 ("hinge"), the hinge angle as
///   the counter "hinge angle" (degrees), markers and drops as global instant events on thread 2.
/// - Scene *n* is pid 1000 + *n* ("scene *n* (display)"): its layout shapes as slices on thread 1
///   ("shape"), its presentations (LayoutCore's `LayoutShape.presentation`: stack, split, expanded) on
///   thread 2, division-active and interactive-resize stretches on threads 3 and 4, active occlusions on
///   5, the safe area on 6 (args top, leading, bottom, trailing in points), the traits on 7 (args
///   dynamicType, reduceMotion, crossFade, reduceTransparency, direction), the recorded scroll anchor
///   item on 8, the selection on 9, inactive divisions and occlusions on 10 and 11; its size as the
///   counters "width" and "height" and the recorded scroll position as "scroll offset" (points), each
///   sampled when its value changes (a counter holds its value until the next sample).
/// - With a replay, each failed check is an instant event on the scene's thread 12 ("failures"; the
///   device's thread 3 for device-wide ones) named by the check, its sentence in args `message`, and
///   the anchor's drift at each relayout that had to keep it is the counter "anchor drift" (points).
///
/// Output is deterministic: events in a fixed order, object keys sorted, one event per line.
enum ChromeTraceExporter {
  static let devicePID = 1

  static func pid(of scene: SceneID) -> Int { 1000 + Int(scene.rawValue) }

  /// Hands the events to `emit` in output order, one at a time: the list is never held whole (a
  /// scene's regions and the replay's marks are built a scene at a time).
  static func forEachEvent(
    _ timeline: SessionTimeline, title: String, marks: ReplayMarks? = nil,
    _ emit: (ChromeTraceEvent) throws -> Void
  ) rethrows {
    if timeline.showsDevice {
      for event in [
        .metadata("process_name", pid: devicePID, ["name": .text("device — \(title)")]),
        .metadata("process_sort_index", pid: devicePID, ["sort_index": .number(0)]),
        .metadata("thread_name", pid: devicePID, tid: 1, ["name": .text("hinge")]),
        .metadata("thread_name", pid: devicePID, tid: 2, ["name": .text("markers")]),
      ] as [ChromeTraceEvent] { try emit(event) }
      if marks != nil {
        try emit(.metadata("thread_name", pid: devicePID, tid: 3, ["name": .text("failures")]))
      }
    }
    for scene in timeline.scenes {
      let pid = pid(of: scene.id)
      for event in [
        .metadata("process_name", pid: pid, ["name": .text("scene \(scene.id) (\(scene.display.rawValue))")]),
        .metadata("process_sort_index", pid: pid, ["sort_index": .number(Double(scene.id.rawValue))]),
        .metadata("thread_name", pid: pid, tid: 1, ["name": .text("shape")]),
        .metadata("thread_name", pid: pid, tid: 2, ["name": .text("presentation")]),
        .metadata("thread_name", pid: pid, tid: 3, ["name": .text("division")]),
        .metadata("thread_name", pid: pid, tid: 4, ["name": .text("resizing")]),
      ] as [ChromeTraceEvent] { try emit(event) }
      for (tid, name) in [
        (5, "occlusion"), (6, "safe area"), (7, "traits"), (8, "anchor item"), (9, "selection"),
        (10, "division inactive"), (11, "occlusion inactive"),
      ] {
        try emit(.metadata("thread_name", pid: pid, tid: tid, ["name": .text(name)]))
      }
      if marks != nil {
        try emit(.metadata("thread_name", pid: pid, tid: 12, ["name": .text("failures")]))
      }
      if scene.appLayouts > 0 || scene.presentedSamples > 0 {
        try emit(.metadata("thread_name", pid: pid, tid: 13, ["name": .text("app layout")]))
        try emit(.metadata("thread_name", pid: pid, tid: 14, ["name": .text("app animating")]))
      }
    }
    for span in timeline.hingeStatus {
      try emit(
        .slice(span.value.rawValue, category: "hinge", from: span.start, to: span.end, pid: devicePID, tid: 1)
      )
    }
    for sample in timeline.hingeAngles {
      try emit(.counter("hinge angle", at: sample.time, pid: devicePID, ["degrees": sample.degrees]))
    }
    for marker in timeline.markers {
      try emit(
        .instant(marker.label, category: "marker", at: marker.time, pid: devicePID, tid: 2, scope: "g"))
    }
    for drop in timeline.drops {
      try emit(
        .instant(
          "dropped \(Count(Int(clamping: drop.count), "event"))", category: "dropped", at: drop.time,
          pid: devicePID, tid: 2,
          scope: "g",
          ["count": .number(Double(drop.count))]))
    }
    for scene in timeline.scenes {
      let pid = pid(of: scene.id)
      for span in timeline.shapes(of: scene) {
        try emit(
          .slice(span.value.rawValue, category: "shape", from: span.start, to: span.end, pid: pid, tid: 1))
      }
      for span in timeline.presentations(of: scene) {
        try emit(
          .slice(
            span.value.rawValue, category: "presentation", from: span.start, to: span.end, pid: pid, tid: 2))
      }
      for span in timeline.division(of: scene) where span.value {
        try emit(
          .slice("division active", category: "division", from: span.start, to: span.end, pid: pid, tid: 3))
      }
      for span in timeline.resizing(of: scene) where span.value {
        try emit(
          .slice("interactive resize", category: "resizing", from: span.start, to: span.end, pid: pid, tid: 4)
        )
      }
      for event in regionEvents(timeline, scene: scene, pid: pid) { try emit(event) }
      for span in timeline.appDecisions(of: scene) {
        try emit(.slice(span.value, category: "app", from: span.start, to: span.end, pid: pid, tid: 13))
      }
      for span in timeline.appAnimations(of: scene) {
        var event = ChromeTraceEvent.slice(
          "presented \(Count(span.value, "sample"))", category: "app", from: span.start, to: span.end,
          pid: pid, tid: 14)
        event.args = ["samples": .number(Double(span.value))]
        try emit(event)
      }
      var width: Double?
      var height: Double?
      for sample in scene.sizes {
        if sample.width != width {
          try emit(.counter("width", at: sample.time, pid: pid, ["pt": sample.width]))
          width = sample.width
        }
        if sample.height != height {
          try emit(.counter("height", at: sample.time, pid: pid, ["pt": sample.height]))
          height = sample.height
        }
      }
      var offset: Double?
      for sample in scene.scrolls where sample.offset != offset {
        try emit(.counter("scroll offset", at: sample.time, pid: pid, ["pt": sample.offset]))
        offset = sample.offset
      }
    }
    if let marks { for event in replayEvents(timeline, marks: marks) { try emit(event) } }
  }

  /// A scene's occlusions, safe area, traits, anchor item, selection and inactive regions as slices.
  static func regionEvents(_ timeline: SessionTimeline, scene: SessionTimeline.Scene, pid: Int)
    -> [ChromeTraceEvent]
  {
    var events: [ChromeTraceEvent] = []
    func slices(_ spans: [Span<Bool>], _ name: String, category: String, tid: Int) {
      for span in spans where span.value {
        events.append(.slice(name, category: category, from: span.start, to: span.end, pid: pid, tid: tid))
      }
    }
    slices(timeline.occlusion(of: scene), "occlusion active", category: "occlusion", tid: 5)
    for span in timeline.safeArea(of: scene) {
      let insets = span.value
      var event = ChromeTraceEvent.slice(
        "safe area \(ReplayFormat.number(insets.top)), \(ReplayFormat.number(insets.leading)), "
          + "\(ReplayFormat.number(insets.bottom)), \(ReplayFormat.number(insets.trailing))",
        category: "safe area", from: span.start, to: span.end, pid: pid, tid: 6)
      event.args = [
        "top": .number(insets.top), "leading": .number(insets.leading), "bottom": .number(insets.bottom),
        "trailing": .number(insets.trailing),
      ]
      events.append(event)
    }
    for span in timeline.traits(of: scene) {
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
      events.append(event)
    }
    for span in timeline.anchors(of: scene) {
      guard let item = span.value else { continue }
      events.append(
        .slice("anchor \(item)", category: "scroll", from: span.start, to: span.end, pid: pid, tid: 8))
    }
    for span in timeline.selections(of: scene) {
      guard let item = span.value else { continue }
      events.append(
        .slice("selected \(item)", category: "selection", from: span.start, to: span.end, pid: pid, tid: 9))
    }
    slices(timeline.inactiveDivision(of: scene), "division inactive", category: "inactive region", tid: 10)
    slices(timeline.inactiveOcclusion(of: scene), "occlusion inactive", category: "inactive region", tid: 11)
    return events
  }

  /// The replay's failures as instant events and its anchor drifts as a counter, within the timeline's
  /// window and scenes.
  static func replayEvents(_ timeline: SessionTimeline, marks: ReplayMarks) -> [ChromeTraceEvent] {
    let shown = Set(timeline.scenes.map(\.id))
    let window = (timeline.start ?? 0)...timeline.end
    var events: [ChromeTraceEvent] = []
    for failure in marks.failures where window.contains(failure.time) {
      if let scene = failure.scene {
        guard shown.contains(scene) else { continue }
        events.append(
          .instant(
            failure.check, category: "failure", at: failure.time, pid: pid(of: scene), tid: 12, scope: "t",
            ["message": .text(failure.text)]))
      } else if timeline.showsDevice {
        events.append(
          .instant(
            failure.check, category: "failure", at: failure.time, pid: devicePID, tid: 3, scope: "t",
            ["message": .text(failure.text)]))
      }
    }
    for scene in marks.drifts.keys.sorted() where shown.contains(scene) {
      for drift in marks.drifts[scene] ?? [] where window.contains(drift.time) {
        events.append(.counter("anchor drift", at: drift.time, pid: pid(of: scene), ["pt": drift.points]))
      }
    }
    return events
  }

  /// Writes the JSON document — `{"displayTimeUnit":"ms","traceEvents":[` then one event per line,
  /// then `]}` — to `output` in pieces of about 1 MiB, encoding each event as it goes: the document is
  /// never held whole.
  ///
  /// - Parameter output: Takes the next bytes of the document, in order.
  /// - Throws: What `output` throws, or an encoding error.
  /// - Complexity: O(events) time; O(1 MiB) memory for the text, beyond the timeline.
  static func write(
    _ timeline: SessionTimeline, title: String, marks: ReplayMarks? = nil, to output: ([UInt8]) throws -> Void
  ) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var buffer = Array("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n".utf8)
    var first = true
    try forEachEvent(timeline, title: title, marks: marks) { event in
      if !first { buffer += Array(",\n".utf8) }
      first = false
      buffer += try encoder.encode(event)
      if buffer.count >= 1 << 20 {
        try output(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
    buffer += Array("\n]}\n".utf8)
    try output(buffer)
  }
}
