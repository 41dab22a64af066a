import FoldTrace
import Foundation

/// Reads a trace that a recorder is still writing, frame by frame as frames land, until the recorder
/// closes it cleanly (its seek table ends the file).
///
/// Each ``poll()`` opens the file as it is now and reads on from ``position`` with
/// ``TraceReader/nextFollowedFrame(_:)``: a data frame is decoded once the file holds all of it (its
/// block headers are walked first, from where the last poll stopped), with the reader's frame limits;
/// a foreign skippable frame is stepped over by its declared size, never read, and every seek table
/// (one that ends the file, or one a trace appended to after a close keeps) is checked as `verify`
/// checks it, against the frames before it. A poll stops after about ``chunkBytes`` of frames
/// (``Poll/hasMore``: poll again at once), so memory holds one poll's decoded frames however much was
/// already written when following started, and no byte before ``position`` is read again.
final class TraceFollower {
  /// What one poll found.
  struct Poll {
    /// Complete frames that landed since the last poll, in order.
    var frames: [TraceFrame]
    /// True once the trace is closed cleanly: a complete seek table follows the last frame.
    var isClosed: Bool
    /// True when more bytes than one chunk were waiting: poll again without pausing.
    var hasMore = false
  }

  /// The most bytes of frames one poll reads, unless a single frame is longer: 512 KiB of compressed
  /// frames decode to a few MB of events.
  static let chunkBytes = 512 * 1024

  /// The file.
  let path: String
  /// The header, once the file holds it.
  private(set) var header: TraceHeader?
  /// The header frame's size, in bytes.
  private var headerSize = 0
  /// Where reading stands: the next unread frame's offset and index.
  private var cursor = FollowCursor(offset: 0)
  /// The byte offset of the next unread frame.
  var position: Int { cursor.offset }
  /// Damage found after frames that the same poll returned: thrown by the next poll, so every frame
  /// before it is printed first.
  private var pendingFailure: TraceError?
  /// The identity (device and inode) of the file the path named, through any symbolic link, when its
  /// header was read: another one means the path now names another file.
  private var identity: FileStatus.Identity?

  init(path: String) { self.path = path }

  /// Reads what landed since the last poll.
  ///
  /// - Returns: New complete frames (indices and offsets as in the file), and whether the trace closed.
  /// - Throws: ``TracecatError`` when the file cannot be read, or holds something other than a trace
  ///   being written (a corrupt or too-large frame, a foreign file), naming the byte offset.
  func poll() throws -> Poll {
    if let pendingFailure { throw TracecatError(pendingFailure) }
    guard let header = try header ?? readHeader() else { return Poll(frames: [], isClosed: false) }
    _ = try checkStillTheSameFile()
    var frames: [TraceFrame] = []
    let start = cursor.offset
    do {
      let reader = try TraceReader(following: path, header: header, headerSize: headerSize, at: cursor)
      while cursor.offset - start < Self.chunkBytes {
        switch try reader.nextFollowedFrame(&cursor) {
        case .frame(let frame): frames.append(frame)
        case .waiting: return Poll(frames: frames, isClosed: false)
        case .closed: return Poll(frames: frames, isClosed: true)
        }
      }
    } catch {
      guard !frames.isEmpty else { throw TracecatError(error) }
      pendingFailure = error
    }
    return Poll(frames: frames, isClosed: false, hasMore: true)
  }

  /// Refuses to go on when the followed file shrank below what was read (truncated), the path names
  /// another file (replaced) or no file (removed): what was printed no longer describes it, and polling
  /// would wait forever. The path is followed through symbolic links, as opening it follows them.
  ///
  /// - Returns: The file's size, in bytes (`Int.max` when it cannot be examined: the read then says why).
  /// - Throws: ``TracecatError/io(file:reason:)`` (exit 3) naming the sizes, the replacement or the
  ///   removal.
  private func checkStillTheSameFile() throws -> Int {
    // The file the path names, through any symbolic link (`current.foldtrace`, `/dev/stdin`).
    let status: FileStatus
    do throws(Errno) {
      status = try FileSystem.status(path)
    } catch {
      guard error.rawValue == ENOENT else { return .max }
      throw TracecatError.io(
        file: path, reason: "was removed or renamed while being followed; stopped after byte \(position)")
    }
    if let identity, status.identity != identity {
      throw TracecatError.io(
        file: path,
        reason: "was replaced by another file while being followed; stopped after byte \(position)")
    }
    if status.size < position {
      throw TracecatError.io(
        file: path,
        reason:
          "was truncated to \(Count(status.size, "byte")) while being followed (\(position) were read); stopped"
      )
    }
    return status.size
  }

  /// Reads the header once the file holds all of it; nil while it does not yet. Reads the header's
  /// bytes alone (at most 64 KiB and 8), never the frames after it.
  ///
  /// - Throws: ``TracecatError`` at once when the bytes present cannot begin a trace (a foreign file,
  ///   however short: its first bytes are not the header frame's magic, or the header's content does not
  ///   start with FoldTrace's), or name a header no reader accepts; `.io` for a file that is not regular.
  private func readHeader() throws -> TraceHeader? {
    // A FIFO, socket or device is refused before it is opened: opening a FIFO waits for a writer, and
    // it cannot be read at the offsets following needs.
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      throw TracecatError.io(
        file: path,
        reason: "is not a regular file; --follow reads a trace file that a recorder is writing")
    }
    let preamble = try InputSource.readFile(path, count: 8)
    // An empty file is a recording about to start; anything else is checked as far as it goes.
    guard !preamble.isEmpty else { return nil }
    let bytes =
      preamble.count < 8
      ? preamble : try InputSource.readFile(path, count: min(8 + Self.length(preamble), 8 + (1 << 16)))
    let header: TraceHeader
    do {
      header = try TraceReader(bytes: bytes, name: path).header
    } catch  where error.code == .truncated {
      return nil
    } catch {
      throw TracecatError(error)
    }
    self.header = header
    headerSize = bytes.count
    cursor = FollowCursor(offset: bytes.count)
    identity = try? FileSystem.status(path).identity
    return header
  }

  /// The content length a skippable frame's preamble (its first 8 bytes) declares.
  private static func length(_ preamble: [UInt8]) -> Int {
    Int(
      UInt32(preamble[4]) | UInt32(preamble[5]) << 8 | UInt32(preamble[6]) << 16 | UInt32(preamble[7]) << 24)
  }
}
