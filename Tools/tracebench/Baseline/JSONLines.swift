import FoldTrace
import Foundation

/// The baseline's files: JSON Lines written by Foundation's `JSONEncoder`, one ``JSONEventRecord`` per
/// line after a header line.
enum JSONLinesBaseline {
  /// The header line's object.
  struct HeaderRecord: Codable {
    var kind = "header"
    var version: String
    var device: String
    var app: String
    var recorder: String
  }

  /// The JSON Lines bytes of a trace: a header line, then one line per event, each ending in `\n`.
  static func document(_ sample: TraceSample) throws -> [UInt8] {
    let encoder = JSONEncoder()
    // Keys in a fixed order: Foundation's unsorted order follows a per-process hash seed, which made the
    // baseline's compressed size vary from run to run (14.7–15.1 B/event).
    encoder.outputFormatting = [.sortedKeys]
    var data = Data()
    let header = sample.header
    data.append(
      try encoder.encode(
        HeaderRecord(
          version: header.version.description, device: header.device, app: header.app,
          recorder: header.recorder)))
    data.append(0x0A)
    for event in sample.events {
      data.append(try encoder.encode(JSONEventRecord(event)))
      data.append(0x0A)
    }
    return [UInt8](data)
  }

  /// The event lines of a document (the header line dropped), as `Data` ready for `JSONDecoder`.
  static func eventLines(_ document: [UInt8], limit: Int) -> [Data] {
    var lines: [Data] = []
    var start = 0
    var isHeader = true
    for (i, byte) in document.enumerated() where byte == 0x0A {
      if isHeader {
        isHeader = false
      } else {
        lines.append(Data(document[start..<i]))
        if lines.count == limit { break }
      }
      start = i + 1
    }
    return lines
  }
}
