import FoldTrace
import Foundation
import Testing

/// `tracecat --follow` on files that are not a trace being written: a damaged or forged seek table, a
/// forged table with frames after it, bytes that start no frame, a foreign file. It stops at once with
/// the status `verify` gives the same file (4 torn, 1 corrupt or foreign) and `verify`'s message,
/// instead of following silently or waiting forever.
@Suite struct FollowDamageTests {
  /// Where the seek table of a closed trace starts, from its footer (count, descriptor, magic).
  static func seekTableOffset(_ bytes: [UInt8]) -> Int {
    let count = (0..<4).reduce(0) { $0 | Int(bytes[bytes.count - 9 + $1]) << (8 * $1) }
    return bytes.count - (8 + count * 12 + 9)
  }

  /// "the seek table does not match the N frames before it", for the fixture's frames.
  static func mismatch(_ fixture: TracecatFixture) throws -> String {
    "the seek table does not match the \(try FollowSkippableFrameTests.frames(fixture.bytes).count) frames "
      + "before it"
  }

  /// Runs `tracecat --follow FILE` in the background and returns its status and standard error, failing
  /// the test (instead of hanging) when it waits for more bytes.
  static func follow(_ name: String, in fixture: TracecatFixture) throws -> (status: Int32, stderr: String) {
    let follower = try FollowerProcess(["--follow", name], in: fixture)
    defer { follower.stop() }
    let status = try follower.waitForExit()
    return (status, follower.errors)
  }

  /// The file `name` holding `bytes`: follow and verify give the same status and the same error line.
  static func expectFollowMatchesVerify(
    _ name: String, _ bytes: [UInt8], status: Int32, error: String, in fixture: TracecatFixture
  ) throws {
    _ = try fixture.file(name, bytes)
    let verify = try fixture.run(["verify", name])
    #expect(verify.status == status, "\(verify.stderr)")
    #expect(verify.stderr.contains(error), "\(verify.stderr)")
    let followed = try follow(name, in: fixture)
    #expect(followed.status == status, "\(followed.stderr)")
    #expect(followed.stderr == verify.stderr)
  }

  /// A closed trace whose seek table lists a wrong checksum ends in a damaged table: torn (4), as for
  /// verify, never followed to a clean close (exit 0).
  @Test func aForgedSeekTableThatEndsTheFileIsTorn() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    var forged = fixture.bytes
    let table = Self.seekTableOffset(forged)
    forged[table + 8 + 12 + 8] ^= 0xFF
    try Self.expectFollowMatchesVerify(
      "forged.foldtrace", forged, status: 4,
      error: "byte \(table): \(try Self.mismatch(fixture))", in: fixture)
  }

  /// A forged seek table with readable frames after it (a closed trace appended to, its table damaged):
  /// corrupt (1), as for verify, at the table's offset.
  @Test func aForgedSeekTableWithFramesAfterItIsCorrupt() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    var bytes = fixture.bytes
    let table = Self.seekTableOffset(bytes)
    bytes[table + 8 + 12 + 8] ^= 0xFF
    let end = fixture.events.last!.time
    let later = try fixture.trace(
      "later.foldtrace", fixture.events.map { TraceEvent(time: end + $0.time, $0.payload) }, close: false)
    let frames = try FollowSkippableFrameTests.frames(later)
    bytes += Array(later[frames[0].offset...])
    try Self.expectFollowMatchesVerify(
      "appended.foldtrace", bytes, status: 1,
      error: "byte \(table): \(try Self.mismatch(fixture))", in: fixture)
  }

  /// A seek table that declares more bytes than the frames before it need is damage before it is whole:
  /// follow stops at once (exit 4, as verify says of the file) rather than wait for 1 MiB more.
  @Test func anOversizedSeekTableStopsTheFollowAtOnce() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let table = Self.seekTableOffset(fixture.bytes)
    let frames = try FollowSkippableFrameTests.frames(fixture.bytes).count
    let bytes =
      Array(fixture.bytes[..<table]) + FollowSkippableFrameTests.le32(0x184D_2A5E)
      + FollowSkippableFrameTests.le32(1 << 20) + [1, 2, 3]
    _ = try fixture.file("big-table.foldtrace", bytes)
    #expect(try fixture.run(["verify", "big-table.foldtrace"]).status == 4)
    let followed = try Self.follow("big-table.foldtrace", in: fixture)
    #expect(followed.status == 4)
    #expect(
      followed.stderr
        == "tracecat: error: big-table.foldtrace: byte \(table): seek table of 1048576 bytes is larger "
        + "than \(frames) frames need; run recover\n")
  }

  /// One to three bytes after the last frame that begin no frame magic (zero bytes, text) never become
  /// a frame: torn (4) at once, as verify says; a magic's first bytes are waited at.
  @Test(arguments: [[0, 0], [0x41], [0x28, 0xB5, 0x00]])
  func bytesThatStartNoFrameStopTheFollow(_ tail: [UInt8]) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let table = Self.seekTableOffset(fixture.bytes)
    let frames = try FollowSkippableFrameTests.frames(fixture.bytes).count
    let bytes = tail.count == 1 ? "1 byte" : "\(tail.count) bytes"
    try Self.expectFollowMatchesVerify(
      "tail.foldtrace", Array(fixture.bytes[..<table]) + tail, status: 4,
      error: "byte \(table): the file ends \(bytes) into frame \(frames)", in: fixture)
  }

  /// A file whose first bytes cannot begin a trace — shorter than a header frame's preamble, or a
  /// skippable frame with magic 0x184D2A50 whose content is not FoldTrace's, cut short or over 64 KiB —
  /// is not a trace (exit 1, "not a FoldTrace trace"), with or without --follow.
  @Test(arguments: ["short", "foreign-cut", "foreign-large"])
  func aForeignFileFailsAtOnce(_ variant: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let bytes: [UInt8] =
      switch variant {
      case "short": Array("abc".utf8)
      case "foreign-cut":
        FollowSkippableFrameTests.le32(0x184D_2A50) + FollowSkippableFrameTests.le32(100)
          + Array("NOTATRACE".utf8)
      default:
        FollowSkippableFrameTests.le32(0x184D_2A50) + FollowSkippableFrameTests.le32(1 << 20)
          + Array("NOTATRACE".utf8)
      }
    try Self.expectFollowMatchesVerify(
      "\(variant).foldtrace", bytes, status: 1, error: "not a FoldTrace trace", in: fixture)
    let cat = try fixture.run(["\(variant).foldtrace"])
    #expect(cat.status == 1)
    #expect(cat.stderr.contains("not a FoldTrace trace"), "\(cat.stderr)")
  }

  /// What follow waits at stays waited at: an empty file, a header frame's first bytes, a frame
  /// magic's first bytes.
  @Test func aTracePrefixIsWaitedAt() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let table = Self.seekTableOffset(fixture.bytes)
    for (name, bytes) in [
      ("empty", []), ("preamble", Array(fixture.bytes[..<3])), ("magic", Array(fixture.bytes[..<12])),
      ("table-magic", Array(fixture.bytes[..<(table + 2)])),
    ] as [(String, [UInt8])] {
      _ = try fixture.file("\(name).foldtrace", bytes)
      let follower = try FollowerProcess(["--follow", "\(name).foldtrace"], in: fixture)
      defer { follower.stop() }
      let full = fixture.directory.appendingPathComponent("\(name).foldtrace")
      let handle = try FileHandle(forWritingTo: full)
      try handle.seekToEnd()
      try handle.write(contentsOf: fixture.bytes[bytes.count...])
      try handle.close()
      #expect(try follower.waitForExit() == 0, "\(name): \(follower.errors)")
    }
  }
}
