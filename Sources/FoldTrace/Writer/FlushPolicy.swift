/// When a ``TraceWriter`` ends a frame on its own, and how hard it compresses each frame
/// (<doc:TraceFormat>, "Frame policy").
///
/// A frame ends before an event that starts ``maxSpan`` or more nanoseconds after the frame's first event,
/// and after an event that brings the frame's encoded records to ``maxBufferedBytes`` or more. The policy
/// depends on event times and sizes only, never on the wall clock, so the same events give the same bytes.
///
/// Two policies cover the two ways traces are written:
/// - ``default`` (64 KiB or 1 s, zstd level 3) for recording: a crash loses at most about a second of
///   events, at the price of small frames that compress less (each frame is compressed on its own).
/// - ``archive`` (64 KiB, no time limit, zstd level 12) for traces written offline — `foldsim`,
///   `tracecat pack` and `tracecat slice` — and for compacting a recorded trace before it joins a corpus
///   (`tracecat --json t | tracecat pack - -o compact.foldtrace`): on FoldSim's 120 Hz sessions its files
///   are about two thirds the size of the default's.
public struct FlushPolicy: Sendable, Hashable {
  /// Encoded event bytes that end a frame, in bytes, clamped to 1 byte…8 MiB (also when set).
  public var maxBufferedBytes: Int {
    didSet { maxBufferedBytes = Self.clampedBytes(maxBufferedBytes) }
  }
  /// Trace time that ends a frame, in nanoseconds, at least 1 (also when set); `UInt64.max` for no time
  /// limit.
  public var maxSpan: UInt64 {
    didSet { maxSpan = max(maxSpan, 1) }
  }
  /// The zstd compression level of each frame, clamped to 1…19 (RFC 8878 leaves levels to the encoder;
  /// libzstd's `ZSTD_c_compressionLevel`). Higher levels give smaller frames for more CPU time when a
  /// frame ends; any level decodes at the same speed. Clamped also when set.
  public var compressionLevel: Int {
    didSet { compressionLevel = Self.clampedLevel(compressionLevel) }
  }

  /// Creates a policy.
  /// - Parameters:
  ///   - maxBufferedBytes: Encoded event bytes that end a frame, in bytes (clamped to 1…8 MiB).
  ///   - maxSpan: Trace time that ends a frame, in nanoseconds (at least 1).
  ///   - compressionLevel: The zstd level of each frame (clamped to 1…19).
  public init(maxBufferedBytes: Int = 64 * 1024, maxSpan: UInt64 = 1_000_000_000, compressionLevel: Int = 3) {
    self.maxBufferedBytes = Self.clampedBytes(maxBufferedBytes)
    self.maxSpan = max(maxSpan, 1)
    self.compressionLevel = Self.clampedLevel(compressionLevel)
  }

  private static func clampedBytes(_ bytes: Int) -> Int { min(max(bytes, 1), TraceFormat.maxPolicyBytes) }
  private static func clampedLevel(_ level: Int) -> Int { min(max(level, 1), 19) }

  /// 64 KiB or 1 s of trace time, whichever comes first, at zstd level 3: what `SessionRecorder` and a
  /// `TraceWriter` created without a policy write.
  public static let `default` = FlushPolicy()

  /// 64 KiB of encoded events per frame with no time limit, at zstd level 12: what `foldsim`,
  /// `tracecat pack` and `tracecat slice` write. Compressing a 64 KiB frame at level 12 takes a few
  /// milliseconds; seeking decodes at most one such frame.
  public static let archive = FlushPolicy(maxBufferedBytes: 64 * 1024, maxSpan: .max, compressionLevel: 12)
}
