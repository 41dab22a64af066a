import FoldTrace
import Foundation

/// Reads a trace that a recorder is still writing, frame by frame as frames land, until the recorder
/// closes it cleanly (its seek table appears).
///
/// Each ``poll()`` reads at most ``chunkBytes`` from the end of the last complete frame and decodes the
/// complete frames there, behind the header, with a fresh in-memory ``TraceReader``; a frame still being
/// written (or cut by the chunk) reads as truncated and waits for the next poll, which comes at once
/// when the chunk was full (``Poll/hasMore``). Memory holds the header, one chunk and its decoded
/// frames, however much of the file was already written when following started. The seek table is recognized by its skippable magic 0x184D2A5E
/// (<doc:TraceFormat>, "Seek table" in FoldTrace).
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

  /// The most bytes one poll reads, unless a single frame is longer: 512 KiB of compressed frames
  /// decode to a few MB of events.
  static let chunkBytes = 512 * 1024

  /// The file.
  let path: String
  /// The header, once the file holds it.
  private(set) var header: TraceHeader?
  private var headerBytes: [UInt8] = []
  /// The byte offset of the next unread frame.
  private(set) var position = 0
  private var framesRead = 0
  /// The file's identity (file system number) when its header was read: a different one means the path
  /// now names another file.
  private var identity: Int?

  private static let seekTableMagic: [UInt8] = [0x5E, 0x2A, 0x4D, 0x18]

  init(path: String) { self.path = path }

  /// Reads what landed since the last poll.
  ///
  /// - Returns: New complete frames (indices and offsets as in the file), and whether the trace closed.
  /// - Throws: ``TracecatError`` when the file cannot be read, or holds something other than a trace
  ///   being written (a corrupt frame, a foreign file).
  func poll() throws -> Poll {
    if header == nil {
      guard try readHeader() else { return Poll(frames: [], isClosed: false) }
    }
    let size = try checkStillTheSameFile()
    var tail = try InputSource.readFile(path, from: position, count: Self.chunkBytes)
    if isSeekTable(tail) {
      return Poll(frames: [], isClosed: tail.count >= 8 && size >= position + 8 + Self.length(tail))
    }
    if tail.isEmpty { return Poll(frames: [], isClosed: false) }
    var (frames, failure) = try decode(tail)
    if frames.isEmpty, failure?.code == .truncated, tail.count == Self.chunkBytes {
      // One frame longer than a chunk: read all that is there, as a frame is bounded by the reader.
      tail = try InputSource.readFile(path, from: position)
      (frames, failure) = try decode(tail)
    }
    let base = position - headerBytes.count
    if let error = failure, error.code != .truncated {
      // A frame still being written reads as truncated and completes on a later poll; other damage
      // stops, unless it is where the seek table starts.
      let offset = (error.offset ?? headerBytes.count) - headerBytes.count
      if offset < 0 || !isSeekTable(Array(tail[offset...])) {
        var located = error
        located.offset = error.offset.map { $0 + base }
        throw TracecatError(located)
      }
    }
    for index in frames.indices {
      frames[index].offset += base
      frames[index].index = framesRead + index
      position += frames[index].size
    }
    framesRead += frames.count
    return Poll(frames: frames, isClosed: false, hasMore: !frames.isEmpty && size > position)
  }

  /// Decodes the complete frames at the start of `tail` (the bytes from ``position``), and the error
  /// that stopped decoding, if any.
  private func decode(_ tail: [UInt8]) throws -> (frames: [TraceFrame], failure: TraceError?) {
    let reader: TraceReader
    do {
      reader = try TraceReader(bytes: headerBytes + tail, name: path)
    } catch {
      throw TracecatError(error)
    }
    var frames: [TraceFrame] = []
    do {
      while let frame = try reader.nextFrame() { frames.append(frame) }
    } catch {
      return (frames, error)
    }
    return (frames, nil)
  }

  /// Refuses to go on when the followed file shrank below what was read (truncated) or the path names
  /// another file (replaced): what was printed no longer describes it, and polling would wait forever.
  ///
  /// - Returns: The file's size, in bytes (`Int.max` when it cannot be examined: the read then says why).
  /// - Throws: ``TracecatError/io(file:reason:)`` (exit 3) naming the sizes or the replacement.
  private func checkStillTheSameFile() throws -> Int {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return .max }
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    let number = (attributes[.systemFileNumber] as? NSNumber)?.intValue
    if let identity, let number, number != identity {
      throw TracecatError.io(
        file: path,
        reason: "was replaced by another file while being followed; stopped after byte \(position)")
    }
    if size < position {
      throw TracecatError.io(
        file: path,
        reason:
          "was truncated to \(Count(size, "byte")) while being followed (\(position) were read); stopped")
    }
    return size
  }

  /// Reads the header once the file holds all of it; false while it does not yet. Reads the header's
  /// bytes alone (at most 64 KiB and 8), never the frames after it.
  private func readHeader() throws -> Bool {
    // A FIFO, socket or device is refused before it is opened: opening a FIFO waits for a writer, and
    // it cannot be read at the offsets following needs.
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      throw TracecatError.io(
        file: path,
        reason: "is not a regular file; --follow reads a trace file that a recorder is writing")
    }
    let preamble = try InputSource.readFile(path, count: 8)
    guard preamble.count >= 8 else { return false }
    let bytes = try InputSource.readFile(path, count: min(8 + Self.length(preamble), 8 + (1 << 16)))
    do {
      header = try TraceReader(bytes: bytes, name: path).header
    } catch  where error.code == .truncated {
      return false
    } catch {
      throw TracecatError(error)
    }
    headerBytes = bytes
    position = bytes.count
    identity =
      (try? FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.intValue
    return true
  }

  private func isSeekTable(_ bytes: [UInt8]) -> Bool { Array(bytes.prefix(4)) == Self.seekTableMagic }

  /// The content length a skippable frame's preamble (its first 8 bytes) declares.
  private static func length(_ preamble: [UInt8]) -> Int {
    Int(
      UInt32(preamble[4]) | UInt32(preamble[5]) << 8 | UInt32(preamble[6]) << 16 | UInt32(preamble[7]) << 24)
  }
}
