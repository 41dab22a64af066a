import FoldTrace
import Foundation

/// One trace of a workload: its header, its events and its bytes as `TraceWriter` writes them.
struct TraceSample: Sendable {
  /// The file name, or a label for a generated trace.
  var name: String
  var header: TraceHeader
  var events: [TraceEvent]
  /// The `.foldtrace` bytes, seek table included.
  var bytes: [UInt8]

  /// Encodes `events` with an in-memory writer and the archive policy (64 KiB frames, zstd level 12),
  /// the policy of `foldsim` and `tracecat pack`.
  init(name: String, header: TraceHeader, events: [TraceEvent]) throws {
    let writer = try TraceWriter(header: header, policy: .archive)
    for event in events { try writer.append(event) }
    try writer.close()
    self.init(name: name, header: header, events: events, bytes: writer.bytes)
  }

  init(name: String, header: TraceHeader, events: [TraceEvent], bytes: [UInt8]) {
    self.name = name
    self.header = header
    self.events = events
    self.bytes = bytes
  }
}

/// A named set of traces measured together.
struct Workload: Sendable {
  var name: String
  var traces: [TraceSample]

  /// Events in all traces.
  var eventCount: Int { traces.reduce(0) { $0 + $1.events.count } }
  /// Trace bytes in all traces.
  var byteCount: Int { traces.reduce(0) { $0 + $1.bytes.count } }

  /// The corpus: every `*.foldtrace` in `directory`, in name order, read as it is on disk.
  /// - Returns: The corpus, or nil when the directory holds no traces.
  /// - Throws: A `TraceError` for a damaged trace.
  static func corpus(in directory: String) throws -> Workload? {
    let manager = FileManager.default
    guard let names = try? manager.subpathsOfDirectory(atPath: directory) else { return nil }
    var traces: [TraceSample] = []
    for name in names.sorted() where name.hasSuffix(".foldtrace") {
      let path = directory + "/" + name
      guard let data = manager.contents(atPath: path) else { continue }
      let bytes = [UInt8](data)
      let (header, events) = try TraceReader.readAll(bytes: bytes, name: path)
      traces.append(TraceSample(name: name, header: header, events: events, bytes: bytes))
    }
    return traces.isEmpty ? nil : Workload(name: "corpus (\(traces.count) traces)", traces: traces)
  }
}
