/// An error reading, writing or recovering a trace: what went wrong, in which file, at which byte.
///
/// Every FoldTrace I/O API throws this one type, so every message has the same voice:
/// `"session.foldtrace: byte 1234: frame 3 is truncated: the file ends 57 bytes into it; run recover"`.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The family of a ``TraceError``.
  public enum Code: String, Sendable, Hashable {
    /// The operating system refused an operation (open, read, write, fsync, flock, truncate).
    case io
    /// The file is not a FoldTrace trace (no header, wrong magic).
    case notATrace
    /// The trace was written with a newer major format version than this reader reads.
    case unsupportedVersion
    /// The file ends inside a frame (a torn tail, as after a crash).
    case truncated
    /// Bytes are damaged: a checksum, a magic number, a record or a seek table is wrong.
    case corrupt
    /// A frame exceeds the reader's limits (declared or decompressed content, window).
    case limitExceeded
    /// An event was refused at record time (NaN, infinite or negative values, time going backwards).
    case invalidEvent
    /// Another writer holds the file's lock.
    case locked
    /// A new trace was requested on a file that already holds data.
    case alreadyExists
    /// The writer was used after `close()`.
    case closed
    /// An argument is out of range, such as a frame index past the last frame.
    case invalidArgument
  }

  /// The family of the error.
  public var code: Code
  /// The file (path or name) the error is about.
  public var file: String
  /// The byte offset in the file where the problem starts, when it has one: the start of the damaged
  /// or torn frame.
  public var offset: Int?
  /// What went wrong, in a sentence.
  public var reason: String

  /// Creates an error.
  public init(_ code: Code, file: String, offset: Int? = nil, reason: String) {
    self.code = code
    self.file = file
    self.offset = offset
    self.reason = reason
  }

  /// `"file: byte N: reason"`, or `"file: reason"` without an offset, control characters in the file
  /// name and the strings the reason quotes written out as `\u001b` (``DisplayText/escaped(_:)``).
  public var description: String {
    DisplayText.escaped(offset.map { "\(file): byte \($0): \(reason)" } ?? "\(file): \(reason)")
  }
}
