import FoldTrace
import LayoutCore

/// The JSON Lines of `tracecat replay --json` as a sink on the record stream: one ``ReplayJSONLines``
/// `layout` line per layout change and, when asked, one `frame` line per element per tick.
///
/// The summary line is not a record's: it comes from the checks once the replay ends
/// (``ReplayJSONLines/summary(_:)``).
public struct ReplayJSONLinesSink: ReplaySink {
  /// The trace's name, written in every line.
  public let trace: String
  /// Whether frame samples are written too (`--frames`).
  public let frames: Bool
  /// The lines so far, in replay order, without newlines.
  public private(set) var lines: [String] = []

  /// Creates a sink that writes the lines of `trace`, with frame lines when `frames` is true.
  public init(trace: String, frames: Bool = false) {
    self.trace = trace
    self.frames = frames
  }

  /// Writes one record's lines.
  ///
  /// - Complexity: O(k) in the record's output size.
  public mutating func receive(_ record: ReplayRecord) {
    switch record {
    case .layout(let change):
      lines.append(ReplayJSONLines.layout(change, trace: trace))
    case .frame(let sample):
      if frames { lines.append(contentsOf: ReplayJSONLines.frames(sample, trace: trace)) }
    case .evaluation, .retarget, .unknownContentID, .disconnected, .end:
      break
    }
  }
}
