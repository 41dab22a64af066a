import FoldTrace
import Foundation
import Testing

/// The search for a complete frame after damage (`recover`, and `verify`'s torn-tail verdict) reads
/// each block header once, however many frame starts lead into the same blocks, and decides exactly:
/// the same for a file, bytes in memory and an input read forward, whatever chains of block headers
/// the tail holds.
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
  /// once here (the chain's, and the one block of each frame before the chain).
  @Test func framesThatShareABlockChainWalkItOnce() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let period = 16
    let count = (1 << 20) / period
    let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00]
    let filler = [UInt8](repeating: 0x11, count: period)
    let head = bytes + magic + Self.rawBlock(period - 9) + filler.prefix(period - 9)
    let repeated = Self.rawBlock(period - 3) + magic + Self.rawBlock(period - 12) + filler.prefix(period - 12)
    for verdict in try Self.craftedVerdicts(head, repeated, count - 1) {
      #expect(verdict.error.code == .truncated)
      #expect(verdict.error.offset == bytes.count)
      #expect(verdict.torn)
      #expect(verdict.search.blocksWalked <= 2 * count)
    }
  }

  /// A torn tail made of one chain of 300 000 raw blocks of 6 bytes, each holding a frame start whose
  /// first block is the next block of the chain, run past the end of the file: every start's blocks
  /// join the one chain: each header is read once, not one walk of the rest of the chain per start.
  @Test func frameStartsAlongAChainLongerThanTheCapWalkItOnce() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let count = 300_000
    let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00]
    let verdicts = try Self.craftedVerdicts(bytes + magic, Self.rawBlock(6) + magic, count)
    for verdict in verdicts {
      #expect(verdict.error.offset == bytes.count)
      #expect(verdict.torn)
    }
    for verdict in verdicts { #expect(verdict.search.blocksWalked == count - 1) }
  }

  /// A torn tail made of one chain of 300 000 raw blocks of 12 bytes, each holding two frame starts:
  /// one whose first block is the next block of the chain, and one before it whose first block header
  /// is invalid (the other start's magic, read as a block over 128 KiB). Each dead end is a chain of
  /// its own, one header long, read once beside the chain's.
  @Test func deadEndsBesideAChainDoNotMakeItWalkedAgain() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let count = 300_000
    let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00]
    for verdict in try Self.craftedVerdicts(bytes + magic, Self.rawBlock(12) + magic + magic, count) {
      #expect(verdict.error.offset == bytes.count)
      #expect(verdict.torn)
      // Per block: one dead end, and the chain's header.
      #expect(verdict.search.blocksWalked <= 2 * count)
    }
  }

  /// Chains of raw blocks woven through each other, every block header preceded by a frame start whose
  /// first block it is, running past the end of the file: 3, 16 or 64 of them, as a file, as bytes and
  /// read forward, are a torn tail, each block header read once however many chains there are (a
  /// search that followed chains with a few cursors gave up on 16, and refused the file). `recover`
  /// drops the tail.
  @Test(arguments: [3, 16, 64])
  func wovenChainsAreATornTailHoweverMany(chains: Int) throws {
    let (bytes, frames) = try RecoveryTests.crashed()
    let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00]
    // Period 12 × chains: a header of each chain, each followed by 3 filler bytes and the next one's
    // frame start.
    let part = Self.rawBlock(12 * chains - 3) + [0x11, 0x11, 0x11] + magic
    let period = Array([[UInt8]](repeating: part, count: chains).joined())
    let count = (2 << 20) / period.count
    var crafted = bytes + magic
    crafted.reserveCapacity(crafted.count + count * period.count)
    for _ in 0..<count { crafted += period }
    try TraceSamples.withTemporaryPath { path in
      for verdict in try Self.verdicts(crafted, writtenTo: path) {
        #expect(verdict.error.offset == bytes.count)
        #expect(verdict.torn)
        // Each block header once: all but the damaged frame's own first one, which no start leads to.
        #expect(verdict.search.blocksWalked == chains * count - 1)
      }
      let report = try TraceRecovery.recover(path: path)
      #expect(report.framesKept == frames.count)
      #expect(report.bytesDropped == crafted.count - bytes.count)
    }
  }

  /// One chain of raw blocks of 12 bytes that runs past the end of the file, each block holding a frame
  /// start whose first block jumps 1 or 100 blocks ahead (alternately) onto an empty raw block there,
  /// whose next header is the chain's: side chains that rejoin the chain at two distances. A torn tail,
  /// as a file and read forward, each header read once; a search that followed chains with a few
  /// cursors spent its budget on this and refused it.
  @Test func sideChainsAtTwoDistancesAreATornTail() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00]
    let units = [1, 100].map { Self.rawBlock(12) + magic + Self.rawBlock($0 * 15) + [0, 0, 0] }
    let verdicts = try Self.craftedVerdicts(bytes + magic, units[0] + units[1], 50_000)
    for verdict in verdicts {
      #expect(verdict.error.offset == bytes.count)
      #expect(verdict.torn)
      // Per unit: the chain's header, a frame start's first header and the empty block it lands on.
      #expect(verdict.search.blocksWalked <= 3 * 100_000 + 1)
    }
  }

  /// One chain of 100 000 raw blocks of 18 bytes that runs past the end of the file (a torn tail),
  /// each block holding two frame starts: one whose first block is the next block of the chain, and one
  /// whose first block is a raw block of some 128 KiB that lands on the chain 7 283 blocks on. Every
  /// start joins the one chain, at two distances ahead of the search, each header read once.
  @Test func startsJoiningOneChainNearAndFarAreFollowed() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let count = 100_000
    let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00]
    let jump = (131_072 - 40...131_072).last { $0 % 18 == 6 }!
    let block = Self.rawBlock(15) + magic + Self.rawBlock(jump) + magic
    for verdict in try Self.craftedVerdicts(bytes + magic, block, count) {
      #expect(verdict.error.offset == bytes.count)
      #expect(verdict.torn)
      #expect(verdict.search.blocksWalked <= 3 * count + 1)
    }
  }

  /// One chain of 300 000 raw blocks of 15 bytes that runs past the end of the file, each block
  /// holding a frame start whose first block (15 bytes) lands on an empty raw block inside the next
  /// block, which leads back onto the chain: every start's blocks are a two-header side chain, then
  /// the chain, each header read once.
  @Test func sideChainsThatRejoinTheChainAreFollowed() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let count = 300_000
    let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x00]
    let block = Self.rawBlock(12) + magic + Self.rawBlock(15) + [0, 0, 0]
    for verdict in try Self.craftedVerdicts(bytes + magic, block, count) {
      #expect(verdict.error.offset == bytes.count)
      #expect(verdict.torn)
      // Per block: its header and the side chain's two.
      #expect(verdict.search.blocksWalked <= 3 * count + 1)
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

  /// `head` then `block` `count` times, written to a file and read as a file, as bytes in memory and
  /// forward only (as a pipe is read), with the default limits (``verdicts(_:writtenTo:)``).
  static func craftedVerdicts(_ head: [UInt8], _ block: [UInt8], _ count: Int) throws -> [(
    torn: Bool, search: FrameSearch, error: TraceError
  )] {
    var crafted = head
    crafted.reserveCapacity(crafted.count + count * block.count)
    for _ in 0..<count { crafted += block }
    return try TraceSamples.withTemporaryPath { try verdicts(crafted, writtenTo: $0) }
  }

  /// `crafted` written to `path` and read as a file, as bytes in memory and forward only (as a pipe is
  /// read), with the default limits: the damage each reader stops at, and whether it is a torn tail,
  /// with the search that decided it.
  static func verdicts(_ crafted: [UInt8], writtenTo path: String) throws -> [(
    torn: Bool, search: FrameSearch, error: TraceError
  )] {
    try RecoveryTests.write(crafted, to: path)
    let descriptor = try FileDescriptor.open(path, .readOnly)
    defer { descriptor.close() }
    return try [
      TraceReader(path: path), TraceReader(bytes: crafted, name: "crafted"),
      .forward(descriptor, name: path, limits: .default),
    ].map { reader in
      let (reader, error) = try damage(reader)
      let search = FrameSearch()
      return (TraceRecovery.isTornTail(error, in: reader, search: search), search, error)
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
  /// frame of the reader's limits: read forward, its bytes are not kept, yet it is decided at its end
  /// as in the file: a torn tail, each block header read once (not one frame decode per start).
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
      #expect(verdicts.map(\.walked) == [count - 1, count - 1])
      // Ended by a last block, the chain's frames are whole: not a torn tail, either way.
      try RecoveryTests.write(crafted + [0x01, 0x00, 0x00, 0, 0, 0, 0], to: path)
      #expect(try Self.verdicts(path).map(\.torn) == [false, false])
    }
  }

  /// A skippable frame declaring 4 GiB after the last whole frame, then 5 MiB of bytes that start no
  /// frame: read forward only, its bytes past 4 MiB are dropped as they are counted, and searched as
  /// they go, so it is a torn tail as in the file. A frame's magic number among the dropped bytes whose
  /// blocks run past the end leaves it torn; one whose last block lies in the input makes it no torn
  /// tail, either way.
  @Test func aLongSkippableFramePipedInIsATornTailAsInTheFile() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let content = [UInt8](repeating: 0x01, count: 5 << 20)
    let preamble: [UInt8] = [0x50, 0x2A, 0x4D, 0x18, 0xFF, 0xFF, 0xFF, 0xFF]
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(bytes + preamble + content, to: path)
      #expect(try Self.verdicts(path).map(\.torn) == [true, true])
      // A frame start whose first block (raw, 8 224 bytes) is followed, read in the 0x01 bytes, by a
      // last raw block of 8 224 bytes: whole, with no checksum announced.
      var withFrame = content
      withFrame.replaceSubrange(
        4_500_000..<4_500_009, with: [0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x58, 0x00, 0x01, 0x01])
      try RecoveryTests.write(bytes + preamble + withFrame, to: path)
      #expect(try Self.verdicts(path).map(\.torn) == [false, false])
      // The same start 4 000 bytes before the end: its last block runs past it.
      var cutShort = content
      cutShort.replaceSubrange(
        (content.count - 4_000)..<(content.count - 3_991), with: withFrame[4_500_000..<4_500_009])
      try RecoveryTests.write(bytes + preamble + cutShort, to: path)
      #expect(try Self.verdicts(path).map(\.torn) == [true, true])
    }
  }

  /// A skippable frame after damage — a frame whose empty blocks run on to the end of the input —
  /// declaring more bytes than a frame of the reader's limits and more than the input holds: a torn
  /// tail read forward as in the file (read forward, one that long was taken as complete, unread); the
  /// same frame, whole, makes the tail no torn tail either way.
  @Test func aLongSkippableFrameAfterDamageIsDecidedAsInTheFile() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let length = 3 << 20
    let preamble: [UInt8] = [0x53, 0x2A, 0x4D, 0x18] + (0..<4).map { UInt8(length >> (8 * $0) & 0xFF) }
    // The frame's first block holds the preamble; its next ones, empty, are the skippable frame's content.
    let torn = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x50] + Self.rawBlock(48) + [UInt8](repeating: 0x11, count: 40)
    let content = [UInt8](repeating: 0, count: length)
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(bytes + torn + preamble + content.dropLast(), to: path)
      #expect(try Self.verdicts(path).map(\.torn) == [true, true])
      try RecoveryTests.write(bytes + torn + preamble + content, to: path)
      #expect(try Self.verdicts(path).map(\.torn) == [false, false])
    }
  }

  /// After a frame cut short, a zstd frame whose last block lies in the file: with the content checksum
  /// its header announces cut short (0 to 3 of its 4 bytes), it is no complete frame and the tail is
  /// torn; with all 4, or when its header announces none, it is a frame and the tail is not torn — as a
  /// file and read forward.
  @Test(arguments: [(0x04, 0, true), (0x04, 3, true), (0x04, 4, false), (0x00, 0, false)])
  func aLastBlockWithoutItsChecksumIsNoFrame(descriptor: Int, checksumBytes: Int, torn: Bool) throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let cutShort = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x58] + Self.rawBlock(100_000) + [0x11, 0x11]
    let last = (5 << 3) | 1
    let frame: [UInt8] =
      [0x28, 0xB5, 0x2F, 0xFD, UInt8(descriptor), 0x00, UInt8(last), 0, 0]
      + [UInt8](repeating: 0x33, count: 5)
      + [UInt8](repeating: 0x44, count: checksumBytes)
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(bytes + cutShort + frame, to: path)
      #expect(try Self.verdicts(path).map(\.torn) == [torn, torn])
    }
  }

  /// A data frame whose last block holds a complete skippable frame, cut short by zero bytes (its
  /// checksum and 4 KiB after it zero): the skippable frame makes it no torn tail, read forward as in the
  /// file (read forward, only the zero run was looked at); without it, it is one either way.
  @Test func aFrameCutShortByZerosIsSearchedReadForwardAsInTheFile() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    try TraceSamples.withTemporaryPath { path in
      for (hidden, torn) in [(true, false), (false, true)] {
        let skippable: [UInt8] =
          hidden ? [0x51, 0x2A, 0x4D, 0x18, 0, 0, 0, 0] : [UInt8](repeating: 0x11, count: 8)
        let body = [UInt8](repeating: 0x41, count: 20) + skippable + [UInt8](repeating: 0x42, count: 20)
        let last = body.count << 3 | 1
        let frame =
          [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x50, UInt8(last & 0xFF), UInt8(last >> 8), 0] + body
        try RecoveryTests.write(bytes + frame + [UInt8](repeating: 0, count: 4 + 4096), to: path)
        #expect(try Self.verdicts(path).map(\.torn) == [torn, torn])
      }
    }
  }

  /// A seek table over 4 MiB (zero entries, larger than the frames need) that lies whole in the input,
  /// then bytes that start no frame, or a complete frame: read forward, the table is dropped as it is
  /// counted and searched as it is, and the search goes on after it — a torn tail, or not, as in the
  /// file (read forward, the bytes at the damage were gone and it was never one).
  @Test func aSeekTableOver4MiBReadForwardIsDecidedAsInTheFile() throws {
    let (bytes, frames) = try RecoveryTests.crashed()
    let length = (4 << 20) + 64
    let table =
      [0x5E, 0x2A, 0x4D, 0x18] + (0..<4).map { UInt8(length >> (8 * $0) & 0xFF) }
      + [UInt8](repeating: 0, count: length)
    let last = try #require(frames.last)
    let frame = Array(bytes[last.offset..<(last.offset + last.size)])
    try TraceSamples.withTemporaryPath { path in
      for (after, torn) in [([UInt8](), true), ([UInt8](repeating: 0x11, count: 10), true), (frame, false)] {
        try RecoveryTests.write(bytes + table + after, to: path)
        #expect(try Self.verdicts(path).map(\.torn) == [torn, torn])
      }
    }
  }

  /// A damaged seek table whose entries are zero bytes to the end of the file: `recover` drops it, and
  /// says why as the reader does — not as a data frame cut short by zero bytes, which it is not.
  @Test func aDamagedSeekTableOfZerosIsReportedAsOne() throws {
    let (bytes, frames) = try RecoveryTests.crashed()
    let table: [UInt8] = [0x5E, 0x2A, 0x4D, 0x18, 16, 0, 0, 0] + [UInt8](repeating: 0, count: 16)
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(bytes + table, to: path)
      let report = try TraceRecovery.recover(path: path)
      #expect(report.framesKept == frames.count)
      #expect(report.bytesDropped == table.count)
      #expect(report.reason?.contains("seek table") == true, "\(report.reason ?? "")")
      #expect(report.reason?.contains("cut short") == false)
    }
  }

  /// A trace followed by a second trace's header cut short (its preamble and magic numbers there, its
  /// end past the end of the file): not a torn tail, as a file and read forward — `recover` does not
  /// split or merge traces, and leaves the file as it is — as a whole second header is refused.
  @Test func aSecondTracesHeaderCutShortIsRefused() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let header = Array(bytes[..<bytes.firstIndex(of: 0x28)!])
    try #require(header.count > 20)
    try TraceSamples.withTemporaryPath { path in
      let crafted = bytes + header.dropLast(3)
      try RecoveryTests.write(crafted, to: path)
      #expect(try Self.verdicts(path).map(\.torn) == [false, false])
      let refusal = #expect(throws: TraceError.self) { try TraceRecovery.recover(path: path) }
      #expect(refusal?.reason.contains("recover does not split or merge traces") == true)
      #expect(try RecoveryTests.fileBytes(path) == crafted)
    }
  }

  /// A frame cut short whose empty raw blocks run on for 5 MiB, one raw block of 24 bytes 0.75 MiB in
  /// holding a skippable frame whole or running past the end: read forward with frames of at most
  /// 1 MiB, the frame's oldest bytes are searched and dropped as it runs on (no more of it is held than
  /// such a frame), and the skippable frame is found, or not, as in the file.
  @Test func aFrameRunningOnIsSearchedAsItsBytesAreDropped() throws {
    let (bytes, _) = try RecoveryTests.crashed()
    let head: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x50]
    let empty = [UInt8](repeating: 0, count: 3 * ((4 << 20) / 3))
    try TraceSamples.withTemporaryPath { path in
      for (length, torn) in [(16, false), (8 << 20, true)] {
        let size: [UInt8] = (0..<4).map { UInt8(length >> (8 * $0) & 0xFF) }
        let skippable = [0x51, 0x2A, 0x4D, 0x18] + size + [UInt8](repeating: 0x22, count: 16)
        let crafted = bytes + head + empty.prefix(3 << 18) + Self.rawBlock(24) + skippable + empty
        try RecoveryTests.write(crafted, to: path)
        let verdicts = try Self.verdicts(path)
        #expect(verdicts.map(\.torn) == [torn, torn], "\(length)")
        #expect(verdicts.map(\.offset) == [bytes.count, bytes.count])
      }
    }
  }

  /// Random tails made of frame magic numbers, frame headers, block headers of every type and of
  /// sizes that land in the tail, past it or over 128 KiB, skippable preambles, trace headers, zero
  /// and random bytes, after a frame cut short: as a file, as bytes and read forward, the search
  /// says "torn" exactly when a frame-by-frame reference (each frame start's blocks walked from its
  /// header on its own) finds no complete frame, and `recover` either drops the tail or refuses it
  /// naming one of the complete frames the reference found, the file then unchanged.
  @Test func randomTailsAreDecidedAsEachFrameWalkedAloneDecidesThem() throws {
    let (bytes, frames) = try RecoveryTests.crashed()
    let head = bytes + [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x58] + Self.rawBlock(100_000)
    var random = SeededGenerator(state: 0x7EA1_5EA2)
    var torn = 0
    try TraceSamples.withTemporaryPath { path in
      for round in 0..<400 {
        let crafted = head + Self.randomTail(&random, bytes: 32 + Int(random.next() % 2_000))
        let complete = Self.completeFrames(in: crafted, after: bytes.count)
        for verdict in try Self.verdicts(crafted, writtenTo: path) {
          #expect(verdict.error.offset == bytes.count)
          #expect(verdict.torn == complete.isEmpty, "round \(round)")
        }
        if complete.isEmpty {
          torn += 1
          #expect(try TraceRecovery.recover(path: path).framesKept == frames.count)
        } else {
          let refusal = #expect(throws: TraceError.self) { try TraceRecovery.recover(path: path) }
          let named = complete.contains {
            refusal?.reason.contains("a complete frame starts at byte \($0),") == true
          }
          #expect(named, "round \(round): \(refusal?.reason ?? "")")
          #expect(try RecoveryTests.fileBytes(path) == crafted)
        }
      }
    }
    // Both verdicts are common.
    #expect((80...320).contains(torn), "\(torn)")
  }

  /// A random tail of about `bytes` bytes, dense in pieces that look like frames.
  static func randomTail(_ random: inout SeededGenerator, bytes: Int) -> [UInt8] {
    var tail: [UInt8] = []
    while tail.count < bytes {
      switch random.next() % 16 {
      case 0...3:
        // A zstd frame header: a descriptor with or without the checksum, single-segment, content
        // size and reserved bits, then the rest of a header's bytes at random.
        let descriptor = [0x00, 0x04, 0x20, 0x24, 0x64, 0xA4, 0x0C, 0x14, 0x25, 0xE6].randomElement(
          using: &random)!
        tail += [0x28, 0xB5, 0x2F, 0xFD, UInt8(descriptor)]
        tail += (0..<Int(random.next() % 14)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      case 4...10:
        // A block header: raw, RLE, compressed or reserved; sometimes the last; small, far or too large.
        let type = Int(random.next() % 8 == 0 ? 3 : random.next() % 3)
        let size =
          Double.random(in: 0..<1, using: &random) < (0.05)
          ? 131_072 + Int(random.next() % 4)
          : Double.random(in: 0..<1, using: &random) < (0.1)
            ? Int(random.next() % 131_072) : Int(random.next() % 40)
        let header = size << 3 | type << 1 | (Double.random(in: 0..<1, using: &random) < 0.03 ? 1 : 0)
        tail += [UInt8(header & 0xFF), UInt8(header >> 8 & 0xFF), UInt8(header >> 16 & 0xFF)]
      case 11:
        // A skippable frame's preamble, declaring a short or a long content.
        let length =
          Double.random(in: 0..<1, using: &random) < 0.03
          ? Int(random.next() % 64) : Int(random.next() % (1 << 32))
        tail +=
          [0x50 | UInt8(random.next() % 16), 0x2A, 0x4D, 0x18]
          + (0..<4).map { UInt8(length >> (8 * $0) & 0xFF) }
      case 12:
        // A trace header's magic numbers, rarely.
        if Double.random(in: 0..<1, using: &random) < (0.1) {
          tail += [0x50, 0x2A, 0x4D, 0x18, 0, 0, 0, 0] + Array("FOLDTRC1".utf8)
        }
      case 13: tail += [UInt8](repeating: 0, count: Int(random.next() % 12))
      default: tail += (0..<Int(random.next() % 8)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      }
    }
    return tail
  }

  /// The offsets after `start` at which a complete frame starts in `bytes`, each zstd frame's blocks
  /// walked from its frame header on their own (RFC 8878 §3.1.1): a zstd frame whose blocks chain to
  /// a last block that, with the content checksum the header announces, lies in `bytes`; a skippable
  /// frame whose declared content does; a trace header. O(frame starts × blocks): for small inputs.
  static func completeFrames(in bytes: [UInt8], after start: Int) -> [Int] {
    func byte(_ i: Int) -> Int { Int(bytes[i]) }
    return ((start + 1)..<max(start + 1, bytes.count - 3)).filter { p in
      let magic = byte(p) | byte(p + 1) << 8 | byte(p + 2) << 16 | byte(p + 3) << 24
      if magic == 0xFD2F_B528 {
        guard p + 5 <= bytes.count, byte(p + 4) & 0x08 == 0 else { return false }
        let descriptor = byte(p + 4)
        let single = descriptor & 0x20 != 0
        var block =
          p + 5 + (single ? 0 : 1) + [0, 1, 2, 4][descriptor & 3]
          + [single ? 1 : 0, 2, 4, 8][descriptor >> 6]
        while block + 3 <= bytes.count {
          let header = byte(block) | byte(block + 1) << 8 | byte(block + 2) << 16
          guard header >> 1 & 3 != 3, header >> 3 <= 131_072 else { return false }
          let next = block + 3 + (header >> 1 & 3 == 1 ? 1 : header >> 3)
          if header & 1 != 0 { return next + (descriptor & 0x04 != 0 ? 4 : 0) <= bytes.count }
          block = next
        }
        return false
      }
      guard magic & 0xFFFF_FFF0 == 0x184D_2A50, p + 8 <= bytes.count else { return false }
      if magic == 0x184D_2A50 && p + 16 <= bytes.count
        && Array(bytes[(p + 8)..<(p + 16)]) == Array("FOLDTRC1".utf8)
      {
        return true
      }
      return p + 8 + (byte(p + 4) | byte(p + 5) << 8 | byte(p + 6) << 16 | byte(p + 7) << 24) <= bytes.count
    }
  }
}
