import FoldTrace
import TestSupport

/// Trace bytes no writer produces: events holding NaN or infinite lengths, as a damaged or forged file
/// could (FoldTrace's TraceFormat article: doubles may be stored raw, as their 64 bits). The data frame is a
/// zstd frame made by libzstd with its content checksum, which the reader requires.
enum ForgedTrace {
  /// A scene's connection (window display, scale 2) and its geometry, with every length stored raw.
  enum Record {
    case connect(scene: UInt32)
    case geometry(scene: UInt32, width: Double, height: Double, insets: [Double] = [0, 0, 0, 0])
    /// `count` active occlusions 10 × 10 pt at the origin.
    case regions(scene: UInt32, count: Int)
  }

  /// The header frame, then one data frame holding `records` at times 0, 1, 2… ns.
  static func bytes(_ records: [Record]) throws -> [UInt8] {
    let writer = try TraceWriter(
      header: TraceHeader(device: "forged", app: "FoldReplayTests", recorder: "ForgedTrace"))
    try writer.close()
    let written = writer.bytes
    // The header is a skippable frame: magic (4 bytes), content size (4 bytes, little-endian), content.
    let headerSize = dataFrameOffset(in: written)
    var content = varint(0) + varint(0)  // frameTime 0, no keyframe records
    for (index, record) in records.enumerated() {
      let (tag, body): (UInt8, [UInt8])
      switch record {
      case .connect(let scene):
        (tag, body) = (1, varint(UInt64(scene)) + [2] + raw(2))
      case .geometry(let scene, let width, let height, let insets):
        (tag, body) = (3, varint(UInt64(scene)) + ([width, height] + insets).flatMap(raw) + [0, 1, 0, 0])
      case .regions(let scene, let count):
        let region: [UInt8] = [1, 1] + [0.0, 0, 10, 10].flatMap(raw)
        (tag, body) = (5, varint(UInt64(scene)) + varint(UInt64(count)) + (0..<count).flatMap { _ in region })
      }
      content += [tag] + varint(index == 0 ? 0 : 1) + varint(UInt64(body.count)) + body
    }
    return Array(written[..<headerSize]) + ZstdFrames.frame(content)
  }

  /// The byte offset of the data frame in ``bytes(_:)``'s output: the header frame's size.
  static func dataFrameOffset(in bytes: [UInt8]) -> Int {
    8 + (Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24)
  }

  /// A double in its raw form: the tag 1, then its bits, little-endian.
  static func raw(_ value: Double) -> [UInt8] {
    [1] + (0..<8).map { UInt8(truncatingIfNeeded: value.bitPattern >> (8 * UInt64($0))) }
  }

  static func varint(_ value: UInt64) -> [UInt8] {
    var value = value
    var out: [UInt8] = []
    while value >= 0x80 {
      out.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    out.append(UInt8(value))
    return out
  }
}
