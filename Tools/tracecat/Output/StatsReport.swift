import FoldTrace
import Foundation

/// `tracecat stats --json`: one JSON object per trace, keys sorted, times in integer nanoseconds and
/// sizes in bytes, so scripts read it with `jq` as they read the JSON Lines form.
///
/// Keys: `file`, `device`, `app`, `recorder`, `format`; `start`, `end`, `duration` (ns); `events`,
/// `eventsByKind` (JSON Lines kind names); `scenes` (`scene`, `display`, `shapes` in order of first
/// visit, `shapeChanges`, `geometryEvents`; the first ``SessionTimeline/summaryLimit`` in ascending id),
/// `unlistedScenes` (the scenes past those, only when there are any); `dropped` (events lost),
/// `droppedRecords`, `unknown`;
/// `frames`, `bytes`, `contentBytes`, `compressedBytes`, `compressionRatio`; `closed` (`cleanly`,
/// `noSeekTable`, `torn`, `corrupt`, `recording`) and, when damaged, `damage` (`offset`, `reason`).
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
  /// The scenes not in `scenes`, past the first ``SessionTimeline/summaryLimit`` (as `tracecat replay`'s
  /// ``FoldReplay/ReplaySummary/unlistedScenes``); nil, and not encoded, when every scene is listed.
  var unlistedScenes: Int?
  var dropped: UInt64
  var droppedRecords: Int
  var unknown: Int
  var frames: Int
  var bytes: Int
  var contentBytes: Int
  var compressedBytes: Int
  var compressionRatio: Double
  /// `cleanly`, `noSeekTable`, `torn`, `corrupt` or `recording`.
  var closed: String
  var damage: Damage?
  /// The scenes' source: not encoded as such (``write(_:)`` writes them in `scenes`).
  private let timeline: SessionTimeline

  private enum CodingKeys: String, CodingKey {
    case file, device, app, recorder, format, start, end, duration, events, eventsByKind, scenes, dropped
    case droppedRecords, unknown, frames, bytes, contentBytes, compressedBytes, compressionRatio, closed
    case damage, unlistedScenes
  }

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
    // Written one by one by `write(_:)`, never held: a trace may hold a million scenes.
    scenes = []
    let unlisted = timeline.forEachSummary { _ in }
    unlistedScenes = unlisted > 0 ? unlisted : nil
    self.timeline = timeline
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

  /// Hands the report, one line of JSON with sorted keys and its newline, to `output` in pieces of
  /// about 64 KiB: the scenes are encoded one at a time, so a trace of a million scenes is reported in
  /// memory that does not grow with them.
  /// - Throws: An encoding error; what `output` throws.
  /// - Complexity: O(scenes listed) time; O(1) memory beyond the timeline's summaries.
  func write(_ output: ([UInt8]) throws -> Void) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let whole = try encoder.encode(self)
    // Every quote inside a JSON string is escaped, so the key and its empty array appear once, as the key.
    let key = Array("\"scenes\":[".utf8)
    guard let at = Self.firstIndex(of: key + [UInt8(ascii: "]")], in: whole) else {
      throw EncodingError.invalidValue(
        whole, EncodingError.Context(codingPath: [], debugDescription: "no scenes key"))
    }
    var buffer = Array(whole[..<(at + key.count)])
    var first = true
    try timeline.forEachSummary { summary in
      if !first { buffer.append(UInt8(ascii: ",")) }
      first = false
      buffer += try encoder.encode(
        Scene(
          scene: summary.id.rawValue, display: summary.display.rawValue,
          shapes: summary.shapesVisited.map(\.rawValue), shapeChanges: summary.shapeChanges,
          geometryEvents: summary.geometryEvents))
      if buffer.count >= 1 << 16 {
        try output(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
    buffer += whole[(at + key.count)...]
    buffer.append(UInt8(ascii: "\n"))
    try output(buffer)
  }

  /// Where `needle` first starts in `bytes`.
  private static func firstIndex(of needle: [UInt8], in bytes: Data) -> Int? {
    let haystack = Array(bytes)
    guard haystack.count >= needle.count else { return nil }
    return (0...(haystack.count - needle.count)).first {
      haystack[$0..<($0 + needle.count)].elementsEqual(needle)
    }
  }
}
