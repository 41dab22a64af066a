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
  /// a few times here (walked, passed by the cursors that follow the chain, and the one block of each
  /// frame before the chain).
  @Test func framesThatShareABlockChainWalkItOnce() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let period = 16
    let count = (1 << 20) / period
    let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00]
    let filler = [UInt8](repeating: 0x11, count: period)
    let head = bytes + magic + Self.rawBlock(period - 9) + filler.prefix(period - 9)
    let repeated = Self.rawBlock(period - 3) + magic + Self.rawBlock(period - 12) + filler.prefix(period - 12)
    for verdict in try Self.fileAndPipeVerdicts(head, repeated, count - 1) {
      #expect(verdict.error.code == .truncated)
      #expect(verdict.error.offset == bytes.count)
      #expect(verdict.torn)
      #expect(verdict.search.blocksWalked <= 4 * count)
    }
  }

  /// A torn tail made of one chain of 300 000 raw blocks of 6 bytes, each holding a frame start whose
  /// first block is the next block of the chain, run past the end of the file: every start's blocks
  /// join the one chain, longer than the block headers ``FrameSearch`` remembers one by one. The chain
  /// is walked once, then followed by a cursor: about two reads per block header, not one walk of
  /// the rest of the chain per start.
  @Test func frameStartsAlongAChainLongerThanTheCapWalkItOnce() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let count = 300_000
    let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00]
    let verdicts = try Self.fileAndPipeVerdicts(bytes + magic, Self.rawBlock(6) + magic, count)
    for verdict in verdicts {
      #expect(verdict.error.offset == bytes.count)
      #expect(verdict.torn)
    }
    // The file: walked once, passed once by a cursor. Read forward, the chain is also walked on ahead.
    #expect(verdicts[0].search.blocksWalked <= 2 * count)
    #expect(verdicts[1].search.blocksWalked <= 3 * count)
  }

  /// A torn tail made of one chain of 300 000 raw blocks of 12 bytes, each holding two frame starts:
  /// one whose first block is the next block of the chain, and one before it whose first block header
  /// is invalid (the other start's magic, read as a block over 128 KiB). Each dead end is a chain of
  /// its own, one header long: it must not displace the long chain the next start joins, or that chain
  /// is walked again to its end each time the headers remembered one by one run out (every 2^16 blocks:
  /// time quadratic in the chain's length).
  @Test func deadEndsBesideAChainDoNotMakeItWalkedAgain() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let count = 300_000
    let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00]
    for verdict in try Self.fileAndPipeVerdicts(bytes + magic, Self.rawBlock(12) + magic + magic, count) {
      #expect(verdict.error.offset == bytes.count)
      #expect(verdict.torn)
      // Per block: one dead end, and the chain's header walked once and passed by the cursors.
      #expect(verdict.search.blocksWalked <= 4 * count + 2)
    }
  }

  /// Chains of raw blocks woven through each other, every block header preceded by a frame start whose
  /// first block it is, longer than the 2^16 headers remembered one by one. Three or eight chains are
  /// followed, as a file and read forward: each gets a cursor, which a walk along another chain does
  /// not drag along to its end. Sixteen are more than ``FrameSearch/cursorCount``, and the starts of the
  /// chains left without one walk them again: the search's budget (``FrameSearch``: 2^16 block headers
  /// plus one per byte) stops it, and the tail is not taken as a torn tail — `recover` refuses it, the
  /// file unchanged — rather than searched in time quadratic in its size.
  @Test(arguments: zip([3, 8, 16], [70_000, 30_000, 40_000]))
  func wovenChainsAreFollowedOrSpendTheBudget(chains: Int, count: Int) throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00]
    // Period 12 × chains: a header of each chain, each followed by 3 filler bytes and the next one's
    // frame start.
    let part = Self.rawBlock(12 * chains - 3) + [0x11, 0x11, 0x11] + magic
    let period = Array([[UInt8]](repeating: part, count: chains).joined())
    var crafted = bytes + magic
    crafted.reserveCapacity(crafted.count + count * period.count)
    for _ in 0..<count { crafted += period }
    let followed = chains <= FrameSearch.cursorCount
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(crafted, to: path)
      let tail = crafted.count - bytes.count
      let descriptor = try FileDescriptor.open(path, .readOnly)
      defer { descriptor.close() }
      // Refused, the search is run once, by recover (its budget is some 2 × 10^7 headers here).
      let readers =
        followed
        ? [
          try TraceReader(path: path), try TraceReader(bytes: crafted, name: "crafted"),
          try .forward(descriptor, name: path, limits: .default),
        ] : []
      for reader in readers {
        let (reader, error) = try Self.damage(reader)
        #expect(error.offset == bytes.count)
        let search = FrameSearch()
        #expect(TraceRecovery.isTornTail(error, in: reader, search: search) == followed)
        #expect(search.isExhausted == !followed)
        // The last header counted may lie up to one block past the end of the input.
        #expect(
          search.blocksWalked <= FrameSearch.budgetBase + FrameSearch.budgetPerByte * (tail + period.count))
        if followed { #expect(search.blocksWalked <= 3 * chains * count) }
      }
      guard !followed else { return }
      let refusal = #expect(throws: TraceError.self) { try TraceRecovery.recover(path: path) }
      #expect(refusal?.reason.contains("woven too densely to follow") == true)
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(crafted))
    }
  }

  /// One chain of 100 000 raw blocks of 18 bytes that runs past the end of the file (a torn tail),
  /// each block holding two frame starts: one whose first block is the next block of the chain, and one
  /// whose first block is a raw block of some 128 KiB that lands on the chain 7 283 blocks on. Every
  /// start joins the one chain, at two distances ahead of the search: a cursor near each keeps the
  /// search linear, where one cursor, pulled ahead by the far starts, left the near ones to walk
  /// 128 KiB of the chain each and spend the search's budget.
  @Test func startsJoiningOneChainNearAndFarAreFollowed() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let count = 100_000
    let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00]
    let jump = (131_072 - 40...131_072).last { $0 % 18 == 6 }!
    let block = Self.rawBlock(15) + magic + Self.rawBlock(jump) + magic
    for verdict in try Self.fileAndPipeVerdicts(bytes + magic, block, count) {
      #expect(verdict.error.offset == bytes.count)
      #expect(verdict.torn)
      #expect(!verdict.search.isExhausted)
      #expect(verdict.search.blocksWalked <= 5 * count)
    }
  }

  /// One chain of 300 000 raw blocks of 15 bytes that runs past the end of the file, each block
  /// holding a frame start whose first block (15 bytes) lands on an empty raw block inside the next
  /// block, which leads back onto the chain: every start's walk is a two-header side chain, then the
  /// chain. A cursor on a side chain misses the next walk's first header but reaches its later ones a
  /// block on; were it skipped for the rest of a walk at its first miss, no cursor would get onto
  /// the chain, and each start would walk it on alone once the headers remembered run out.
  @Test func sideChainsThatRejoinTheChainAreFollowed() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let count = 300_000
    let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00]
    let block = Self.rawBlock(12) + magic + Self.rawBlock(15) + [0, 0, 0]
    for verdict in try Self.fileAndPipeVerdicts(bytes + magic, block, count) {
      #expect(verdict.error.offset == bytes.count)
      #expect(verdict.torn)
      #expect(!verdict.search.isExhausted)
      // Per block: its header, the side chain's two, and the cursors that pass them.
      #expect(verdict.search.blocksWalked <= 7 * count)
    }
  }

  /// A frame cut short, then a complete data frame whose frame header sets the unused bit (0x10 of
  /// the descriptor, which RFC 8878 §3.1.1.1.1 tells a decoder not to interpret: libzstd decodes the
  /// frame as before). Only the reserved bit (0x08) makes bytes no frame start: this one is a frame
  /// someone wrote, so the tail is not torn, as a file or a pipe, and `recover` leaves it.
  @Test func aFrameWithTheUnusedBitSetAfterDamageIsKept() throws {
    let (bytes, frames) = try RecoveryTests.crashed()
    let last = try #require(frames.last)
    var frame = Array(bytes[last.offset..<(last.offset + last.size)])
    #expect(frame[4] & 0x18 == 0)
    frame[4] |= 0x10
    let torn: [UInt8] =
      [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x58] + Self.rawBlock(100_000) + Array(repeating: 0x11, count: 50)
    let crafted = bytes + torn + frame
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(crafted, to: path)
      #expect(try Self.verdicts(path).map(\.torn) == [false, false])
      #expect(throws: TraceError.self) { try TraceRecovery.recover(path: path) }
      #expect(try RecoveryTests.fileBytes(path) == crafted)
    }
  }

  /// `head` then `block` `count` times, written to a file and read as a file and forward only (as a
  /// pipe is read), with the default limits: the damage each reader stops at, and whether it is a torn
  /// tail, with the search that decided it.
  static func fileAndPipeVerdicts(_ head: [UInt8], _ block: [UInt8], _ count: Int) throws -> [(
    torn: Bool, search: FrameSearch, error: TraceError
  )] {
    var crafted = head
    crafted.reserveCapacity(crafted.count + count * block.count)
    for _ in 0..<count { crafted += block }
    return try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(crafted, to: path)
      let descriptor = try FileDescriptor.open(path, .readOnly)
      defer { descriptor.close() }
      return try [TraceReader(path: path), .forward(descriptor, name: path, limits: .default)].map { reader in
        let (reader, error) = try damage(reader)
        let search = FrameSearch()
        return (TraceRecovery.isTornTail(error, in: reader, search: search), search, error)
      }
    }
  }

  /// `reader` read to the damage it stops at, and that damage.
  static func damage(_ reader: TraceReader) throws -> (TraceReader, TraceError) {
    do throws(TraceError) {
      while try reader.nextFrame() != nil {}
    } catch {
      return (reader, error)
    }
    Issue.record("the reader read to its end without damage")
    throw CancellationError()
  }

  /// The damage `path`'s reader stops at, and whether it is a torn tail and how many block headers
  /// that took, read as a file and forward only (as a pipe is read) with frames of at most 1 MiB.
  static func verdicts(_ path: String) throws -> [(torn: Bool, walked: Int, offset: Int?)] {
    let limits = TraceReaderLimits(maxFrameContentBytes: 1 << 20)
    let descriptor = try FileDescriptor.open(path, .readOnly)
    defer { descriptor.close() }
    return try [TraceReader(path: path, limits: limits), .forward(descriptor, name: path, limits: limits)]
      .map { reader in
        let (reader, error) = try damage(reader)
        let search = FrameSearch()
        let torn = TraceRecovery.isTornTail(error, in: reader, search: search)
        return (torn, search.blocksWalked, error.offset)
      }
  }

  /// The chain of raw blocks above, 150 000 long (900 000 bytes of content, 1.35 MB), longer than a
  /// forward-only input is read ahead of a frame start: read so, the chain is walked on as the search
  /// reads on, and decided at its end, as in the file: a torn tail, each block header read a bounded
  /// number of times (not one frame decode per start).
  @Test func aChainLongerThanAFramePipedInIsATornTailAsInTheFile() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let count = 150_000
    let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00]
    var crafted = bytes + magic
    for _ in 0..<count { crafted += Self.rawBlock(6) + magic }
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(crafted, to: path)
      let verdicts = try Self.verdicts(path)
      #expect(verdicts.map(\.torn) == [true, true])
      #expect(verdicts.map(\.offset) == [bytes.count, bytes.count])
      // The file: the first ``FrameSearch/capacity`` headers remembered, the rest of the chain read twice
      // (once walked, once by a cursor) — linear.
      #expect(verdicts[0].walked <= 2 * count)
      #expect(verdicts[1].walked <= 3 * count)
      // Ended by a last block, the chain's frames are whole: not a torn tail, either way.
      try RecoveryTests.write(crafted + [0x01, 0x00, 0x00, 0, 0, 0, 0], to: path)
      #expect(try Self.verdicts(path).map(\.torn) == [false, false])
    }
  }

  /// A skippable frame declaring 4 GiB after the last whole frame, then 5 MiB of bytes that start no
  /// frame: read forward only, its bytes past 4 MiB are dropped as they are counted, yet it is a torn
  /// tail as in the file. A frame's magic number among the dropped bytes makes it no torn tail there.
  @Test func aLongSkippableFramePipedInIsATornTailAsInTheFile() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let content = [UInt8](repeating: 0x01, count: 5 << 20)
    let preamble: [UInt8] = [0x50, 0x2A, 0x4D, 0x18, 0xFF, 0xFF, 0xFF, 0xFF]
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(bytes + preamble + content, to: path)
      #expect(try Self.verdicts(path).map(\.torn) == [true, true])
      var withMagic = content
      withMagic.replaceSubrange((4_500_000)..<(4_500_004), with: [0x28, 0xB5, 0x2F, 0xFD])
      try RecoveryTests.write(bytes + preamble + withMagic, to: path)
      #expect(try Self.verdicts(path).map(\.torn)[1] == false)
    }
  }
}
