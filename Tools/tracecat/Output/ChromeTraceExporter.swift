import FoldTrace
import Foundation

/// Turns a ``SessionTimeline`` into Chrome Trace Event JSON: a process per scene, one for the device.
///
/// - The device is pid 1 ("device"): hinge status as slices on thread 1 ("hinge"), the hinge angle as
///   the counter "hinge angle" (degrees), markers and drops as global instant events on thread 2.
/// - Scene *n* is pid 1000 + *n* ("scene *n* (display)"): its layout shapes as slices on thread 1
///   ("shape"), its presentations (LayoutCore's `LayoutShape.presentation`: stack, split, expanded) on
///   thread 2, division-active and interactive-resize stretches on threads 3 and 4, and its size as the
///   counters "width" and "height" (points), each sampled when its value changes (a counter holds its
///   value until the next sample).
///
/// Output is deterministic: events in a fixed order, object keys sorted, one event per line.
enum ChromeTraceExporter {
  static let devicePID = 1

  static func pid(of scene: SceneID) -> Int { 1000 + Int(scene.rawValue) }

  /// The events, in output order.
  static func events(_ timeline: SessionTimeline, title: String) -> [ChromeTraceEvent] {
    var events: [ChromeTraceEvent] = []
    if timeline.showsDevice {
      events += [
        .metadata("process_name", pid: devicePID, ["name": .text("device — \(title)")]),
        .metadata("process_sort_index", pid: devicePID, ["sort_index": .number(0)]),
        .metadata("thread_name", pid: devicePID, tid: 1, ["name": .text("hinge")]),
        .metadata("thread_name", pid: devicePID, tid: 2, ["name": .text("markers")]),
      ]
    }
    for scene in timeline.scenes {
      let pid = pid(of: scene.id)
      events += [
        .metadata("process_name", pid: pid, ["name": .text("scene \(scene.id) (\(scene.display.rawValue))")]),
        .metadata("process_sort_index", pid: pid, ["sort_index": .number(Double(scene.id.rawValue))]),
        .metadata("thread_name", pid: pid, tid: 1, ["name": .text("shape")]),
        .metadata("thread_name", pid: pid, tid: 2, ["name": .text("presentation")]),
        .metadata("thread_name", pid: pid, tid: 3, ["name": .text("division")]),
        .metadata("thread_name", pid: pid, tid: 4, ["name": .text("resizing")]),
      ]
    }
    for span in timeline.hingeStatus {
      events.append(
        .slice(span.value.rawValue, category: "hinge", from: span.start, to: span.end, pid: devicePID, tid: 1)
      )
    }
    for sample in timeline.hingeAngles {
      events.append(.counter("hinge angle", at: sample.time, pid: devicePID, ["degrees": sample.degrees]))
    }
    for marker in timeline.markers {
      events.append(
        .instant(marker.label, category: "marker", at: marker.time, pid: devicePID, tid: 2, scope: "g"))
    }
    for drop in timeline.drops {
      events.append(
        .instant(
          "dropped \(Count(Int(clamping: drop.count), "event"))", category: "dropped", at: drop.time,
          pid: devicePID, tid: 2,
          scope: "g",
          ["count": .number(Double(drop.count))]))
    }
    for scene in timeline.scenes {
      let pid = pid(of: scene.id)
      for span in timeline.shapes(of: scene) {
        events.append(
          .slice(span.value.rawValue, category: "shape", from: span.start, to: span.end, pid: pid, tid: 1))
      }
      for span in timeline.presentations(of: scene) {
        events.append(
          .slice(
            span.value.rawValue, category: "presentation", from: span.start, to: span.end, pid: pid, tid: 2))
      }
      for span in timeline.division(of: scene) where span.value {
        events.append(
          .slice("division active", category: "division", from: span.start, to: span.end, pid: pid, tid: 3))
      }
      for span in timeline.resizing(of: scene) where span.value {
        events.append(
          .slice("interactive resize", category: "resizing", from: span.start, to: span.end, pid: pid, tid: 4)
        )
      }
      var width: Double?
      var height: Double?
      for sample in scene.sizes {
        if sample.width != width {
          events.append(.counter("width", at: sample.time, pid: pid, ["pt": sample.width]))
          width = sample.width
        }
        if sample.height != height {
          events.append(.counter("height", at: sample.time, pid: pid, ["pt": sample.height]))
          height = sample.height
        }
      }
    }
    return events
  }

  /// The JSON document: `{"displayTimeUnit":"ms","traceEvents":[` then one event per line, then `]}`.
  static func document(_ timeline: SessionTimeline, title: String) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let lines = try events(timeline, title: title).map {
      String(decoding: try encoder.encode($0), as: UTF8.self)
    }
    return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
  }
}
