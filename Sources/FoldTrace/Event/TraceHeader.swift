/// The session header: the first thing in every trace file, stored in a skippable frame.
///
/// `wallClockStart` is informative only: it is never used by replay, so traces stay deterministic.
public struct TraceHeader: Sendable, Equatable {
  /// The trace format version this header was written with (`major.minor`). A reader refuses a newer
  /// major version and accepts any minor version of its own major.
  public var version: TraceFormatVersion
  /// Free-form device profile label, for example `"iPhone Duo"`.
  public var device: String
  /// Free-form app and build label, for example `"Notes 4.2 (1187)"`.
  public var app: String
  /// The recorder that wrote the trace, for example `"FoldTrace 0.1"` or `"foldsim 0.1"`.
  public var recorder: String
  /// Wall-clock start of the session in nanoseconds since the Unix epoch, when known. Never used by
  /// replay.
  public var wallClockStart: Int64?

  /// Creates a header.
  public init(
    version: TraceFormatVersion = .current, device: String, app: String, recorder: String,
    wallClockStart: Int64? = nil
  ) {
    self.version = version
    self.device = device
    self.app = app
    self.recorder = recorder
    self.wallClockStart = wallClockStart
  }
}

/// A trace format version, `major.minor`. Minor versions add event kinds that older readers skip;
/// a major version change is incompatible and refused.
public struct TraceFormatVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Incompatible changes.
  public var major: UInt16
  /// Compatible additions.
  public var minor: UInt16

  /// Creates a version.
  public init(major: UInt16, minor: UInt16) {
    self.major = major
    self.minor = minor
  }

  /// The version this build of FoldTrace writes by default and the newest it reads in full.
  public static let current = v1_1
  /// Format 1.0: the session's inputs (geometry, size classes, hinge, regions, traits, scroll,
  /// selection).
  public static let v1_0 = TraceFormatVersion(major: 1, minor: 0)
  /// Format 1.1: adds what the app drew (`layout`, `presented`, and `scroll`'s `anchorTop`).
  public static let v1_1 = TraceFormatVersion(major: 1, minor: 1)
  /// Format 1.2: adds the `cut` record (the recording stops mid-session), which a trace of any version
  /// may hold: an older reader skips it.
  public static let v1_2 = TraceFormatVersion(major: 1, minor: 2)

  public static func < (a: Self, b: Self) -> Bool { (a.major, a.minor) < (b.major, b.minor) }

  /// `"major.minor"`.
  public var description: String { "\(major).\(minor)" }
}
