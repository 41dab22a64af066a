import FoldTrace
import Foundation
import Testing

/// `tracecat --follow` on traces that hold skippable frames between data frames — a foreign one
/// (<doc:TraceFormat>: readers skip any 0x184D2A5x frame) or the seek table of a trace appended to after
/// its close — and on a tail that declares a skippable frame far larger than memory.
@Suite struct FollowSkippableFrameTests {
  /// A skippable frame (RFC 8878 §3.1.2) with magic 0x184D2A53 holding `content`.
  static func skippable(_ content: [UInt8]) -> [UInt8] {
    le32(0x184D_2A53) + le32(UInt32(content.count)) + content
  }

  static func le32(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  /// The data frames of a trace, in order.
  static func frames(_ bytes: [UInt8]) throws -> [TraceFrame] {
    let reader = try TraceReader(bytes: bytes, name: "t")
    var frames: [TraceFrame] = []
    while let frame = try reader.nextFrame() { frames.append(frame) }
    return frames
  }

  /// A valid closed trace named `name` in the fixture's directory, and the byte ranges of the skippable
  /// frames between its data frames:
  /// - `skippable`: a foreign skippable frame between the first and second data frames;
  /// - `appended`: the fixture's closed trace, then more frames (its seek table now mid-file).
  /// `tracecat recover` writes the final seek table, listing the skippable frames; verify then says valid.
  static func closedTrace(_ variant: String, _ name: String, in fixture: TracecatFixture) throws -> (
    bytes: [UInt8], skipped: [Range<Int>]
  ) {
    var bytes: [UInt8]
    let skipped: Range<Int>
    if variant == "skippable" {
      let frames = try Self.frames(fixture.bytes)
      #expect(frames.count >= 3)
      let cut = frames[1].offset
      let foreign = Self.skippable(Array("foreign-metadata".utf8))
      let end = frames.last!.offset + frames.last!.size
      bytes = Array(fixture.bytes[..<cut]) + foreign + Array(fixture.bytes[cut..<end])
      skipped = cut..<(cut + foreign.count)
    } else {
      let end = fixture.events.last!.time
      let later = try fixture.trace(
        "later.foldtrace", fixture.events.map { TraceEvent(time: end + $0.time, $0.payload) })
      let frames = try Self.frames(later)
      bytes = fixture.bytes + Array(later[frames[0].offset..<(frames.last!.offset + frames.last!.size)])
      let table = try Self.frames(fixture.bytes).last!
      skipped = (table.offset + table.size)..<fixture.bytes.count
    }
    _ = try fixture.file(name, bytes)
    let recover = try fixture.run(["recover", name])
    #expect(recover.status == 4, "\(recover.stderr)")
    let verify = try fixture.run(["verify", name])
    #expect(verify.status == 0, "\(verify.stderr)")
    bytes = try fixture.bytes(of: name)
    return (bytes, [skipped])
  }

  /// A closed trace already on disk follows to its end and exits 0, printing what `tracecat` prints.
  @Test(arguments: ["skippable", "appended"])
  func aClosedTraceFollowsPastSkippableFrames(_ variant: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    _ = try Self.closedTrace(variant, "t.foldtrace", in: fixture)
    let whole = try fixture.run(["t.foldtrace"])
    #expect(whole.status == 0)
    let followed = try fixture.run(["--follow", "t.foldtrace"])
    #expect(followed.status == 0, "\(followed.stderr)")
    #expect(followed.stdout == whole.stdout)
  }

  /// The same trace copied into place while `tracecat` follows it, in pieces cut at every frame's
  /// middle and end and inside the skippable frames (a live recording with a foreign skippable frame, a
  /// trace being appended to after a close): every event prints once, and the follow ends at the final
  /// seek table.
  @Test(arguments: ["skippable", "appended"])
  func aLiveTraceFollowsPastSkippableFrames(_ variant: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let (bytes, skipped) = try Self.closedTrace(variant, "t.foldtrace", in: fixture)
    var cuts = [4, 20, 70, bytes.count - 10, bytes.count]
    for frame in try Self.frames(bytes) {
      cuts += [frame.offset + frame.size / 2, frame.offset + frame.size]
    }
    // A seek table that ends the file for a moment reads as the close, so the appended trace is never
    // cut at its first table's end.
    for range in skipped {
      cuts +=
        [range.lowerBound + 6, range.lowerBound + 12] + (variant == "skippable" ? [range.upperBound] : [])
    }
    let live = fixture.directory.appendingPathComponent("live.foldtrace")
    try Data().write(to: live)
    let follower = try FollowerProcess(["--follow", "--json", "live.foldtrace"], in: fixture)
    defer { follower.stop() }
    let handle = try FileHandle(forWritingTo: live)
    var written = 0
    for cut in Set(cuts).sorted() where cut > written {
      try handle.write(contentsOf: bytes[written..<cut])
      written = cut
      usleep(20_000)
    }
    try handle.close()
    #expect(try follower.waitForExit() == 0, "\(follower.errors)")
    let whole = try fixture.run(["--json", "t.foldtrace"])
    #expect(follower.output == whole.text)
  }

  /// A tail that declares a 192 MiB skippable frame (the file sparse up to it) is waited at and then
  /// stepped over by seeking, never read: `tracecat` follows within a 48 MiB data segment, and prints
  /// the frames written after it once the frame is whole.
  @Test func aHugeSkippableFrameIsSteppedOverWithoutReadingIt() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let frames = try Self.frames(fixture.bytes)
    let first = frames[0].offset + frames[0].size
    let length = 192 << 20
    let head = Array(fixture.bytes[..<first]) + Self.le32(0x184D_2A55) + Self.le32(UInt32(length))
    let live = fixture.directory.appendingPathComponent("live.foldtrace")
    try Data(head).write(to: live)
    let handle = try FileHandle(forWritingTo: live)
    // Sparse up to 8 bytes short of the frame's end: the skippable frame is still being written.
    try handle.truncate(atOffset: UInt64(head.count + length - 8))
    let follower = try FollowerProcess(["--follow", "live.foldtrace"], in: fixture, dataLimitKiB: 49_152)
    defer { follower.stop() }
    let firstLines = 1 + frames[0].events.count
    try follower.waitForLines(firstLines)
    try handle.seekToEnd()
    try handle.write(contentsOf: [UInt8](repeating: 0, count: 8))
    let end = frames.last!.offset + frames.last!.size
    try handle.write(contentsOf: fixture.bytes[frames[1].offset..<end])
    try handle.close()
    try follower.waitForLines(1 + fixture.events.count)
    #expect(follower.isRunning, "\(follower.errors)")
    let whole = try fixture.run(["duo.foldtrace"])
    #expect(follower.output == whole.text)
  }
  /// A torn last frame longer than any frame within the reader's limits (17 MiB of empty raw blocks,
  /// no last block): `--follow` stops at once with the status `verify` gives (4, a torn tail `recover`
  /// repairs), not "over a limit" (1).
  @Test func aTornFrameLongerThanAnyFrameStopsWithVerifysStatus() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let frames = try Self.frames(fixture.bytes)
    let end = frames.last!.offset + frames.last!.size
    // A zstd frame header (content checksum, window 1 MiB), then 3-byte headers of empty raw blocks.
    let torn =
      Array(fixture.bytes[..<end]) + [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x50]
      + [UInt8](repeating: 0, count: 17 << 20)
    _ = try fixture.file("t.foldtrace", torn)
    let verify = try fixture.run(["verify", "t.foldtrace"])
    #expect(verify.status == 4, "\(verify.stderr)")
    let followed = try fixture.run(["--follow", "t.foldtrace"])
    #expect(followed.status == 4, "\(followed.stderr)")
    #expect(followed.stderr.contains("frame \(frames.count) is truncated"), "\(followed.stderr)")
    #expect(followed.stdout == (try fixture.run(["t.foldtrace"])).stdout)
  }
}
