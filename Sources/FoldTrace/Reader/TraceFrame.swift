/// One frame of a trace: the state at its start and the events it holds.
public struct TraceFrame: Sendable, Equatable {
  /// The frame's position among the trace's data frames, from 0.
  public var index: Int
  /// The byte offset of the frame in the file.
  public var offset: Int
  /// The frame's size in the file, in bytes (compressed).
  public var size: Int
  /// The frame's decompressed content size, in bytes.
  public var contentSize: Int
  /// The time of the frame's first event, in nanoseconds since session start.
  public var time: UInt64
  /// The session state at the frame's start, as events stamped with ``time``: hinge, then per connected
  /// scene connected, geometry, traits, regions, scroll, selection (<doc:TraceFormat>, "Keyframes").
  /// Replaying these, then ``events``, reproduces the session from this frame on.
  public var keyframe: [TraceEvent]
  /// The frame's events, in order.
  public var events: [TraceEvent]
  /// Records of kinds this reader does not know, skipped.
  public var unknownEventCount: Int

  /// The low 32 bits of XXH64 of the content, from the frame's zstd checksum.
  var checksum: UInt32
}

/// Limits that keep a hostile or damaged trace from exhausting memory.
public struct TraceReaderLimits: Sendable, Hashable {
  /// The largest frame content accepted, in bytes. A frame declaring or producing more is refused.
  public var maxFrameContentBytes: Int
  /// The largest zstd window accepted, as a power of two (`ZSTD_d_windowLogMax`), 10…31.
  public var maxWindowLog: Int

  /// Creates limits.
  /// - Parameters:
  ///   - maxFrameContentBytes: The largest frame content accepted, in bytes (default 16 MiB).
  ///   - maxWindowLog: The largest window accepted, as a power of two (default 24, 16 MiB).
  public init(maxFrameContentBytes: Int = 16 * 1024 * 1024, maxWindowLog: Int = 24) {
    self.maxFrameContentBytes = max(maxFrameContentBytes, 1)
    self.maxWindowLog = min(max(maxWindowLog, 10), 31)
  }

  /// 16 MiB of content, a 16 MiB window.
  public static let `default` = TraceReaderLimits()
}

/// Where a reader's bytes come from: a file read with `pread(2)` or a byte array.
enum TraceSource {
  case file(TraceFile, size: Int)
  case bytes([UInt8])

  var size: Int {
    switch self {
    case .file(_, let size): size
    case .bytes(let bytes): bytes.count
    }
  }

  /// Up to `count` bytes at `offset`, fewer only at the end.
  func read(at offset: Int, count: Int) throws(TraceError) -> [UInt8] {
    let end = min(size, offset + count)
    guard offset < end else { return [] }
    switch self {
    case .file(let file, _): return try file.read(at: offset, count: end - offset)
    case .bytes(let bytes): return Array(bytes[offset..<end])
    }
  }
}
