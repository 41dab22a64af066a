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
