import FoldTrace
import Foundation

/// Reads a trace that a recorder is still writing, frame by frame as frames land, until the recorder
/// closes it cleanly (its seek table appears).
///
/// Each ``poll()`` reads the file from the end of the last complete frame to its current end and decodes
/// the complete frames there, behind the header, with a fresh in-memory ``TraceReader``; a frame still
/// being written reads as truncated and waits for the next poll. Memory holds the header and the bytes
/// after the last complete frame only. The seek table is recognized by its skippable magic 0x184D2A5E
/// (<doc:TraceFormat>, "Seek table" in FoldTrace).
final class TraceFollower {
  /// What one poll found.
  struct Poll {
    /// Complete frames that landed since the last poll, in order.
    var frames: [TraceFrame]
    /// True once the trace is closed cleanly: a complete seek table follows the last frame.
    var isClosed: Bool
  }

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
    try checkStillTheSameFile()
    let tail = try InputSource.readFile(path, from: position)
    if isSeekTable(tail) { return Poll(frames: [], isClosed: isComplete(seekTable: tail)) }
    if tail.isEmpty { return Poll(frames: [], isClosed: false) }
    let reader: TraceReader
    do {
      reader = try TraceReader(bytes: headerBytes + tail, name: path)
    } catch {
      throw TracecatError(error)
    }
    var frames: [TraceFrame] = []
    let base = position - headerBytes.count
    do {
      while let frame = try reader.nextFrame() { frames.append(frame) }
    } catch  where error.code == .truncated {
      // The recorder is writing the next frame: it completes on a later poll.
    } catch {
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
    return Poll(frames: frames, isClosed: false)
  }

  /// Refuses to go on when the followed file shrank below what was read (truncated) or the path names
  /// another file (replaced): what was printed no longer describes it, and polling would wait forever.
  ///
  /// - Throws: ``TracecatError/io(file:reason:)`` (exit 3) naming the sizes or the replacement.
  private func checkStillTheSameFile() throws {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return }
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
        reason: "was truncated to \(size) bytes while being followed (\(position) were read); stopped")
    }
  }

  /// Reads the header once the file holds all of it; false while it does not yet.
  private func readHeader() throws -> Bool {
    let bytes = try InputSource.readFile(path)
    guard bytes.count >= 8 else { return false }
    let size =
      8 + Int(UInt32(bytes[4]) | UInt32(bytes[5]) << 8 | UInt32(bytes[6]) << 16 | UInt32(bytes[7]) << 24)
    do {
      header = try TraceReader(bytes: Array(bytes.prefix(size)), name: path).header
    } catch  where error.code == .truncated {
      return false
    } catch {
      throw TracecatError(error)
    }
    headerBytes = Array(bytes.prefix(size))
    position = size
    identity =
      (try? FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.intValue
    return true
  }

  private func isSeekTable(_ bytes: [UInt8]) -> Bool { Array(bytes.prefix(4)) == Self.seekTableMagic }

  private func isComplete(seekTable bytes: [UInt8]) -> Bool {
    guard bytes.count >= 8 else { return false }
    let length = Int(
      UInt32(bytes[4]) | UInt32(bytes[5]) << 8 | UInt32(bytes[6]) << 16 | UInt32(bytes[7]) << 24)
    return bytes.count >= 8 + length
  }
}
