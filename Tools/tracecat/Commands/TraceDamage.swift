import FoldTrace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells a torn tail — what a crash leaves, and `recover` repairs — from corruption, mirroring
/// `TraceRecovery.recover(path:)`'s rule (<doc:TraceFormat>, "Appending and recovery" in FoldTrace).
enum TraceDamage {
  /// The little-endian bytes of the seek-table frame's skippable magic, 0x184D2A5E.
  private static let seekTableMagic: [UInt8] = [0x5E, 0x2A, 0x4D, 0x18]

  /// True when the error describes a torn tail: the file ends inside a frame, zero bytes fill the rest of
  /// the file from the damaged frame on, or the damage is in the seek table at the end.
  ///
  /// For a file on disk the bytes from the error's offset are read to tell a zero tail or a seek table
  /// from damaged frames; for standard input only a cut frame counts.
  ///
  /// - Complexity: O(bytes after the offset).
  static func isTornTail(_ error: TraceError) -> Bool {
    switch error.code {
    case .truncated: return true
    case .corrupt:
      guard let offset = error.offset, error.file != InputSource.displayName("-"),
        let tail = try? InputSource.readFile(error.file, from: offset), !tail.isEmpty
      else { return false }
      return tail.allSatisfy { $0 == 0 } || Array(tail.prefix(4)) == seekTableMagic
    default: return false
    }
  }
}
