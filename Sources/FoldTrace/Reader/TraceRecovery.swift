/// Repairs a trace whose tail was torn by a crash (<doc:TraceFormat>, "Appending and recovery").
public enum TraceRecovery {
  /// What ``recover(path:)`` did.
  public struct Report: Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// Complete data frames kept.
    public var framesKept: Int
    /// Bytes removed from the end of the file (a torn frame, zero bytes, or a damaged seek table).
    public var bytesDropped: Int
    /// The file's size afterwards, in bytes, seek table included.
    public var fileSize: Int
    /// Whether a fresh seek table was appended.
    public var wroteSeekTable: Bool
    /// Why bytes were dropped, when they were (the reader's error).
    public var reason: String?

    /// One line: `"t.foldtrace: kept 12 frames, dropped 57 bytes (…)"`.
    public var description: String {
      let why = reason.map { " (\($0))" } ?? ""
      return "\(path): kept \(framesKept) frames, dropped \(bytesDropped) bytes\(why)"
        + (wroteSeekTable ? ", wrote a seek table" : "")
    }
  }

  /// Truncates a torn tail to the last complete frame and appends a fresh seek table.
  ///
  /// A trace that reads cleanly is left as it is, except that a missing seek table is appended. A torn
  /// tail — a frame or seek table cut short, or zero bytes where a frame should start — is dropped. A
  /// damaged frame followed by more data is not a torn tail and is refused: recover never drops bytes
  /// that might hold readable frames. Holds the writer lock while it works.
  ///
  /// - Parameter path: The trace file.
  /// - Returns: What was kept and dropped.
  /// - Throws: ``TraceError``: `.locked` while a writer has the file open, the reader's error when the
  ///   damage is not a torn tail or the header is unreadable, `.io` (when the seek table cannot be
  ///   written, as on a full disk, the file is left ending at its last complete frame, still readable).
  /// - Complexity: O(file size).
  @discardableResult
  public static func recover(path: String) throws(TraceError) -> Report {
    let file = try TraceFile.open(path, .update)
    defer { file.close() }
    try file.lockExclusive()
    let size = try file.size()
    let reader = try TraceReader(source: .file(file, size: size), name: path, limits: .default)
    var frames = 0
    var goodEnd = reader.headerSize
    var damage: TraceError?
    do throws(TraceError) {
      while try reader.nextFrame() != nil {
        frames += 1
        goodEnd = reader.position
      }
    } catch {
      damage = error
    }
    if let damage {
      guard damage.code != .io else { throw damage }
      let start = damage.offset ?? goodEnd
      let zeroTail = try isZero(file, from: start, to: size)
      let tornTail =
        damage.code == .truncated || zeroTail || (reader.isAtSeekTable && damage.code == .corrupt)
      guard tornTail, start == goodEnd else {
        var refusal = damage
        refusal.reason += "; this is not a torn tail, so recover leaves the file unchanged"
        throw refusal
      }
    } else if reader.seekTableOffset != nil {
      return Report(
        path: path, framesKept: frames, bytesDropped: 0, fileSize: size, wroteSeekTable: false, reason: nil)
    }
    try file.truncate(to: goodEnd)
    guard let entries = reader.readEntries else {
      throw TraceError(.corrupt, file: path, reason: "unexpected skippable frames; cannot write a seek table")
    }
    do throws(TraceError) {
      try file.writeAll(SeekTable(entries: entries).encoded())
      try file.sync()
    } catch {
      // A seek table cut short (a full disk) would make the trace torn again: end it at its last frame,
      // where it reads, without a seek table.
      try? file.truncate(to: goodEnd)
      var failure = error
      failure.reason +=
        "; the trace was left at its last complete frame (byte \(goodEnd)), without a seek table"
      throw failure
    }
    return Report(
      path: path, framesKept: frames, bytesDropped: size - goodEnd, fileSize: try file.size(),
      wroteSeekTable: true, reason: damage?.reason)
  }

  private static func isZero(_ file: TraceFile, from start: Int, to end: Int) throws(TraceError) -> Bool {
    var offset = start
    while offset < end {
      let chunk = try file.read(at: offset, count: min(64 * 1024, end - offset))
      guard !chunk.isEmpty, chunk.allSatisfy({ $0 == 0 }) else { return false }
      offset += chunk.count
    }
    return true
  }
}
