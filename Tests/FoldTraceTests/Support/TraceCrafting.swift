import CZstd
import TestSupport

@testable import FoldTrace

/// Builds trace bytes by hand, for formats a writer never produces: unknown kinds, hostile frames.
enum TraceCrafting {
  /// The header frame of `header`, as a writer emits it — for any header, including those a writer
  /// refuses (a newer major version).
  static func headerFrame(_ header: TraceHeader = TraceSamples.header) -> [UInt8] {
    header.encodedFrame()
  }

  /// Unsigned LEB128.
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

  /// One record: tag, delta, length, body.
  static func record(tag: UInt8, delta: UInt64, body: [UInt8]) -> [UInt8] {
    [tag] + varint(delta) + varint(UInt64(body.count)) + body
  }

  /// A zstd frame of `content` (see TestSupport's ``ZstdFrames/frame(_:windowLog:checksum:)``).
  static func zstdFrame(_ content: [UInt8], windowLog: Int32? = nil, checksum: Bool = true) -> [UInt8] {
    ZstdFrames.frame(content, windowLog: windowLog, checksum: checksum)
  }
}
