import FoldTrace
import LayoutCore

/// The digest of a replay's output, a sink on the record stream beside the checks: FNV-1a 64 over each
/// `layout` JSON Lines record of `tracecat replay --json` without the trace key, each followed by a
/// newline, and over each frame sample's numbers (``FNV1a64``'s frame hashing), in replay order.
///
/// The layout records are hashed piece by piece as ``ReplayJSONLines/layout(_:trace:write:)`` hands them
/// out, so the digest sees the very bytes `--json` prints without building the lines.
public struct ReplayDigest: ReplaySink {
  private var hash = FNV1a64()
  /// Hashes frame samples into ``hash``, reusing what repeats from tick to tick.
  private var frames = FrameDigest()

  /// Creates the digest of an empty output.
  public init() {}

  /// The digest so far, 16 lowercase hex digits.
  public var hex: String { hash.hex }

  /// Hashes one record's output; records that print nothing (evaluations, retargets, unknown ids,
  /// disconnections, the end) leave the digest as it is.
  ///
  /// - Complexity: O(k) in the record's output size.
  public mutating func receive(_ record: ReplayRecord) {
    switch record {
    case .layout(let change):
      ReplayJSONLines.layout(change, trace: nil) { hash.combine($0) }
      hash.combine("\n")
    case .frame(let sample):
      frames.combine(sample, into: &hash)
    case .evaluation, .retarget, .unknownContentID, .disconnected, .end:
      break
    }
  }
}
