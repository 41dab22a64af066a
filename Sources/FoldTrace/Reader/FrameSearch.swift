/// The search for a complete frame in the bytes after damage, which tells a torn tail (no complete
/// frame in it: `recover` drops it) from other damage (``TraceRecovery/isTornTail(_:)``): one pass
/// forward over those bytes, the same for a file and for standard input read forward, each byte looked
/// at a bounded number of times however the bytes are made.
///
/// A zstd frame is complete when its block headers (RFC 8878 §3.1.1.2) chain from its frame header to
/// a last block, and the input holds that block and the content checksum the frame header announces;
/// whether it decodes does not matter (a frame too large for the reader's limits, or not FoldTrace's, is
/// still a frame someone wrote). A skippable frame is complete when the input holds its declared length;
/// a FoldTrace header frame is one by its magic numbers alone.
///
/// A block header at byte p leads to the next one at p + 4 (an RLE block) or at p + 3 plus its size,
/// at most p + 3 + 128 KiB. So every chain of block headers still open when the pass reaches byte q has
/// its next header within the 128 KiB + 3 bytes after q: the pass keeps, for each of those bytes, the
/// first frame start whose blocks lead there (one for frames that announce a content checksum, one for
/// frames that do not), and frames whose blocks meet share one entry from there on. Each header is read
/// once, when the pass reaches it; chains woven through each other, joining, or running to the end of
/// the input cost no more than one chain. Skippable frames whose declared end lies beyond the bytes read
/// are remembered by the nearest end alone.
///
/// The frame reported is the first the pass finds complete: a skippable or header frame where it
/// starts, a zstd frame where its last block header is read (so a frame that starts later but ends
/// sooner can be reported before one that starts earlier).
package final class FrameSearch {
  /// Block headers read: at most one per byte searched.
  package private(set) var blocksWalked = 0

  /// The bytes searched per step (1 MiB).
  static let stepBytes = 1 << 20
  /// The bytes after a step's that the step reads too: the furthest the last block (and its content
  /// checksum) of a chain can end after a header, 3 + 128 KiB + 4 bytes, or a frame header's 18 bytes
  /// after a magic number; rounded up.
  static let lookAheadBytes = 128 * 1024 + 64
  /// Entries of the rings of chains pending: more than the 128 KiB + 3 bytes from a header to the next
  /// one, so that the byte positions pending at one time each have their own entry.
  static let ringCount = 128 * 1024 + 8

  /// Two rings of ``ringCount`` entries (2 MiB in all), one entry per byte position `p` (entry
  /// `p % ringCount`) pending: the first frame start whose block headers lead to `p` (``Walk``).
  private var rings: [Int] = []
  /// The entries pending.
  private var pending = 0
  /// The skippable frame found whose declared end is the nearest, while that end lies beyond the bytes
  /// read.
  private var skippable: (start: Int, end: Int)?

  package init() {}

  /// Searches the first `count` bytes of `bytes` (which starts at input offset `base`), from offset
  /// `from` on, for a complete frame that starts after `start`, the damage's offset. Steps follow one
  /// another over the input: each `base` is the one before plus its `count`. `bytes` holds
  /// ``lookAheadBytes`` more than `count`, fewer only where the input ends.
  /// - Returns: The offset at which a complete frame starts, or nil when none is found yet.
  /// - Complexity: O(`count`) time; O(1) memory past the rings.
  func firstCompleteFrame(in bytes: [UInt8], at base: Int, from: Int, count: Int, after start: Int) -> Int? {
    // Every byte before `available` has been read: a frame that ends by then is complete, and none
    // whose last block header lies in this step ends past it unless the input ends there.
    let available = base + bytes.count
    if let skippable, skippable.end <= available { return skippable.start }
    if rings.isEmpty { rings = [Int](repeating: .max, count: 2 * Self.ringCount) }
    // The rings, taken out of the object for the loop (one owner, no exclusivity check per byte).
    var rings: [Int] = []
    swap(&rings, &self.rings)
    defer { swap(&rings, &self.rings) }
    var walk = Walk(slot: from % Self.ringCount, pending: pending, blocksWalked: blocksWalked)
    defer { (pending, blocksWalked) = (walk.pending, walk.blocksWalked) }
    return bytes.withUnsafeBufferPointer { bytes -> Int? in
      rings.withUnsafeMutableBufferPointer { rings -> Int? in
        var i = from - base
        while i < count {
          let offset = base + i
          if walk.pending > 0, let found = walk.follow(bytes, i, base: base, rings, available: available) {
            return found
          }
          let byte = bytes[i]
          if (byte == 0x28 || byte & 0xF0 == 0x50) && offset > start && i + 4 <= bytes.count {
            let magic =
              UInt32(byte) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3])
              << 24
            if magic == TraceFormat.zstdFrameMagic {
              walk.begin(bytes, i, start: offset, rings)
            } else if magic == TraceFormat.headerFrameMagic, i + 16 <= bytes.count,
              bytes[(i + 8)..<(i + 16)].elementsEqual(TraceFormat.traceMagic)
            {
              return offset
            } else if TraceFormat.isSkippable(magic), i + 8 <= bytes.count {
              let length =
                Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]) << 16 | Int(bytes[i + 7]) << 24
              let end = offset + 8 + length
              if end <= available { return offset }
              if end < skippable?.end ?? .max { skippable = (offset, end) }
            }
          }
          walk.slot = walk.slot + 1 == Self.ringCount ? 0 : walk.slot + 1
          i += 1
        }
        return nil
      }
    }
  }

  /// The pass's place in the rings while it searches a step: entry `slot` of each ring is the byte
  /// being searched. Entry `s` of the first ring (`rings[s]`) holds the first frame start, among
  /// frames that announce a content checksum, whose block headers lead to the byte pending there;
  /// entry `s` of the second (`rings[ringCount + s]`) among those that do not; `Int.max` for none.
  private struct Walk {
    var slot: Int
    var pending: Int
    var blocksWalked: Int

    /// Starts the zstd frame whose magic number is at offset `start` (index `i` of `bytes`): its first
    /// block header, after its frame header (RFC 8878 §3.1.1.1), is pending with it. Nothing when the
    /// frame header sets the reserved bit (0x08 of the descriptor: no zstd frame; the unused bit, 0x10,
    /// is not interpreted, and libzstd decodes a frame that sets it) or is not in the input.
    mutating func begin(
      _ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, start: Int, _ rings: UnsafeMutableBufferPointer<Int>
    ) {
      guard i + 5 <= bytes.count else { return }
      let descriptor = Int(bytes[i + 4])
      guard descriptor & 0x08 == 0 else { return }
      let singleSegment = descriptor & 0x20 != 0
      let headerBytes =
        5 + (singleSegment ? 0 : 1) + [0, 1, 2, 4][descriptor & 3]
        + [singleSegment ? 1 : 0, 2, 4, 8][descriptor >> 6]
      pend(ahead: headerBytes, descriptor & 0x04 != 0 ? (start, .max) : (.max, start), rings)
    }

    /// When the byte at index `i` of `bytes` (input offset `base + i`) is pending, reads the block
    /// header there: its frames are complete when it is a valid last block header and the input holds
    /// its block (and the content checksum, for frames that announce one); they go on to the next
    /// header when it is a valid header of another block; they end there when it is invalid (a
    /// reserved block type, a block over 128 KiB) or not in the input.
    /// - Returns: The first of its frames that is complete, or nil.
    mutating func follow(
      _ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, base: Int, _ rings: UnsafeMutableBufferPointer<Int>,
      available: Int
    ) -> Int? {
      let first = (rings[slot], rings[FrameSearch.ringCount + slot])
      guard first.0 != .max || first.1 != .max else { return nil }
      rings[slot] = .max
      rings[FrameSearch.ringCount + slot] = .max
      pending -= 1
      guard i + 3 <= bytes.count else { return nil }
      blocksWalked += 1
      let header = Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16
      let type = header >> 1 & 3
      let size = header >> 3
      guard type != 3, size <= 128 * 1024 else { return nil }
      // Raw and compressed blocks hold `size` bytes; an RLE block one byte repeated `size` times.
      let ahead = 3 + (type == 1 ? 1 : size)
      guard header & 1 != 0 else {
        pend(ahead: ahead, first, rings)
        return nil
      }
      let end = base + i + ahead
      let found = min(end + 4 <= available ? first.0 : .max, end <= available ? first.1 : .max)
      return found == .max ? nil : found
    }

    /// Makes the byte `ahead` bytes after the one being searched pending with `first` (the first frame
    /// starts with and without a content checksum), or keeps there the first of those and its own.
    mutating func pend(ahead: Int, _ first: (Int, Int), _ rings: UnsafeMutableBufferPointer<Int>) {
      var target = slot + ahead
      if target >= FrameSearch.ringCount { target -= FrameSearch.ringCount }
      if rings[target] == .max && rings[FrameSearch.ringCount + target] == .max { pending += 1 }
      rings[target] = min(rings[target], first.0)
      rings[FrameSearch.ringCount + target] = min(rings[FrameSearch.ringCount + target], first.1)
    }
  }
}
