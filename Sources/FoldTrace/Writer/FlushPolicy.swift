/// When a ``TraceWriter`` ends a frame on its own (<doc:TraceFormat>, "Frame policy").
///
/// A frame ends before an event that starts ``maxSpan`` or more nanoseconds after the frame's first event,
/// and after an event that brings the frame's encoded records to ``maxBufferedBytes`` or more. The policy
/// depends on event times and sizes only, never on the wall clock, so the same events give the same bytes.
public struct FlushPolicy: Sendable, Hashable {
  /// Encoded event bytes that end a frame, in bytes, clamped to 1 byte…8 MiB.
  public var maxBufferedBytes: Int
  /// Trace time that ends a frame, in nanoseconds, at least 1.
  public var maxSpan: UInt64

  /// Creates a policy.
  /// - Parameters:
  ///   - maxBufferedBytes: Encoded event bytes that end a frame, in bytes (clamped to 1…8 MiB).
  ///   - maxSpan: Trace time that ends a frame, in nanoseconds (at least 1).
  public init(maxBufferedBytes: Int = 64 * 1024, maxSpan: UInt64 = 1_000_000_000) {
    self.maxBufferedBytes = min(max(maxBufferedBytes, 1), TraceFormat.maxPolicyBytes)
    self.maxSpan = max(maxSpan, 1)
  }

  /// 64 KiB or 1 s of trace time, whichever comes first: what `tracecat pack` and foldsim write.
  public static let `default` = FlushPolicy()
}
