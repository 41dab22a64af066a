import FoldTrace
import Foundation

/// `tracecat stats --json`: one JSON object per trace, keys sorted, times in integer nanoseconds and
/// sizes in bytes, so scripts read it with `jq` as they read the JSON Lines form.
///
/// Keys: `file`, `device`, `app`, `recorder`, `format`; `start`, `end`, `duration` (ns); `events`,
/// `eventsByKind` (JSON Lines kind names); `scenes` (`scene`, `display`, `shapes` in order of first
/// visit, `shapeChanges`, `geometryEvents`); `dropped` (events lost), `droppedRecords`, `unknown`;
/// `frames`, `bytes`, `contentBytes`, `compressedBytes`, `compressionRatio`; `closed` (`cleanly`,
/// `noSeekTable`, `torn`, `corrupt`) and, when damaged, `damage` (`offset`, `reason`).
struct StatsReport: Encodable {
  /// One scene: its display and the shapes it visited.
  struct Scene: Encodable {
    var scene: UInt32
    var display: String
    /// Shapes in the order first visited (LayoutCore's `LayoutShape` raw values).
    var shapes: [String]
    var shapeChanges: Int
    var geometryEvents: Int
  }

  /// Where and why reading stopped.
  struct Damage: Encodable {
    var offset: Int?
    var reason: String
  }

  var file: String
  var device: String
  var app: String
  var recorder: String
  var format: String
  var start: UInt64
  var end: UInt64
  var duration: UInt64
  var events: Int
  var eventsByKind: [String: Int]
  var scenes: [Scene]
  var dropped: UInt64
  var droppedRecords: Int
  var unknown: Int
  var frames: Int
  var bytes: Int
  var contentBytes: Int
  var compressedBytes: Int
  var compressionRatio: Double
  /// `cleanly`, `noSeekTable`, `torn` or `corrupt`.
  var closed: String
  var damage: Damage?

  init(_ summary: TraceSummary, name: String, header: TraceHeader, fileSize: Int) {
    let timeline = summary.timeline
    file = name
    device = header.device
    app = header.app
    recorder = header.recorder
    format = header.version.description
    start = timeline.start ?? 0
    end = timeline.end
    duration = end - start
    events = summary.events
    eventsByKind = Dictionary(uniqueKeysWithValues: summary.eventsByKind.map { ($0.key.name, $0.value) })
    scenes = timeline.scenes.map {
      Scene(
        scene: $0.id.rawValue, display: $0.display.rawValue, shapes: $0.shapesVisited.map(\.rawValue),
        shapeChanges: $0.shapeChanges, geometryEvents: $0.geometryEvents)
    }
    dropped = timeline.droppedCount
    droppedRecords = summary.droppedRecords
    unknown = summary.unknownEvents
    frames = summary.frames
    bytes = fileSize
    contentBytes = summary.contentBytes
    compressedBytes = summary.compressedBytes
    compressionRatio = summary.compressionRatio
    closed = summary.closure.rawValue
    damage = summary.damage.map { Damage(offset: $0.offset, reason: $0.reason) }
  }

  /// The report as one line of JSON with sorted keys.
  func line() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }
}
