/// Limits that keep a hostile or damaged trace from exhausting memory.
public struct TraceReaderLimits: Sendable, Hashable {
  /// The largest frame content accepted, in bytes. A frame declaring or producing more is refused.
  public var maxFrameContentBytes: Int
  /// The largest zstd window accepted, as a power of two (`ZSTD_d_windowLogMax`), 10…31.
  public var maxWindowLog: Int
  /// The most records accepted in one frame, counting each region a `regions` record lists as one more.
  /// Decoded events take more memory than their bytes (a 4-byte record becomes a ~120-byte
  /// ``TraceEvent``, a 6-byte region a 48-byte ``ReservedRegion``), so this bounds a frame's decoded
  /// arrays (131 072 × 120 bytes, 15 MiB) as the content cap bounds its bytes. It is checked before each
  /// record and before a region list is allocated.
  public var maxFrameRecords: Int

  /// Creates limits.
  /// - Parameters:
  ///   - maxFrameContentBytes: The largest frame content accepted, in bytes (default 16 MiB).
  ///   - maxWindowLog: The largest window accepted, as a power of two (default 24, 16 MiB).
  ///   - maxFrameRecords: The most records (keyframe, events and unknown kinds) plus listed regions
  ///     accepted in one frame (default 131 072; a writer's frames hold at most 65 664).
  public init(
    maxFrameContentBytes: Int = 16 * 1024 * 1024, maxWindowLog: Int = 24, maxFrameRecords: Int = 131_072
  ) {
    self.maxFrameContentBytes = max(maxFrameContentBytes, 1)
    self.maxWindowLog = min(max(maxWindowLog, 10), 31)
    self.maxFrameRecords = max(maxFrameRecords, 1)
  }

  /// 16 MiB of content, a 16 MiB window.
  public static let `default` = TraceReaderLimits()
}
