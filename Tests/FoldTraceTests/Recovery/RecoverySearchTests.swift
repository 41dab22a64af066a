import FoldTrace
import Foundation
import Testing

/// The search for a complete frame after damage (`recover`, and `verify`'s torn-tail verdict) reads
/// each block header once, however many frame starts lead into the same blocks.
@Suite struct RecoverySearchTests {
  /// A block header of a raw block of `size` bytes, not the last.
  static func rawBlock(_ size: Int) -> [UInt8] {
    let header = size << 3
    return [UInt8(header & 0xFF), UInt8(header >> 8 & 0xFF), UInt8(header >> 16)]
  }

  /// A torn tail of 1 MiB in which a zstd frame starts every 16 bytes (checksum flag set, no content
  /// size), each frame's first block leading into one chain of raw block headers, one every 16 bytes,
  /// that runs to the end of the file: no frame in it is whole, so it is a torn tail. Walking every
  /// frame's blocks from its start would read 65 536 × 65 536 block headers (minutes); each is read
  /// once here, and the one block of each frame before the chain.
  @Test func framesThatShareABlockChainWalkItOnce() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let period = 16
    let count = (1 << 20) / period
    let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00]
    let filler = [UInt8](repeating: 0x11, count: period)
    var crafted = bytes + magic + Self.rawBlock(period - 9) + filler.prefix(period - 9)
    let repeated = Self.rawBlock(period - 3) + magic + Self.rawBlock(period - 12) + filler.prefix(period - 12)
    crafted.reserveCapacity(crafted.count + count * period)
    for _ in 1..<count { crafted += repeated }
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(crafted, to: path)
      let reader = try TraceReader(path: path)
      var damage: TraceError?
      do throws(TraceError) {
        while try reader.nextFrame() != nil {}
      } catch {
        damage = error
      }
      let error = try #require(damage)
      #expect(error.code == .truncated)
      #expect(error.offset == bytes.count)
      let search = FrameSearch()
      #expect(TraceRecovery.isTornTail(error, in: reader, search: search))
      #expect(search.blocksWalked == 2 * (count - 1))
    }
  }
}
