import FoldTrace
import Foundation
import Testing

/// `recover` never deletes a checksummed frame: frames after a seek table, skippable frames and a second
/// trace are kept (or the file refused untouched); only bytes that cannot be a frame are dropped.
@Suite struct RecoveryKeepsFramesTests {
  /// A closed trace, its frames, and the bytes of those frames alone (no header, no seek table).
  /// - Parameter after: Where the session's times start, in ns (0 for a trace of its own; after another
  ///   trace's last event for frames appended to it).
  static func closed(after start: UInt64 = 0) throws -> (
    bytes: [UInt8], frames: [TraceFrame], frameBytes: [UInt8]
  ) {
    let events = (TraceSamples.everyKind + TraceSamples.scrolling(count: 40, from: 10_000_000)).map {
      TraceEvent(time: start + $0.time, $0.payload)
    }
    let bytes = try TraceSamples.bytes(events, policy: FlushPolicy(maxBufferedBytes: 300))
    let frames = TraceSamples.readFrames(try TraceReader(bytes: bytes, name: "c")).frames
    let last = frames.last!
    return (bytes, frames, Array(bytes[frames[0].offset..<(last.offset + last.size)]))
  }

  static func skippable(_ magic: UInt32, _ content: [UInt8]) -> [UInt8] {
    withUnsafeBytes(of: magic.littleEndian, Array.init)
      + withUnsafeBytes(of: UInt32(content.count).littleEndian, Array.init) + content
  }

  static func readsCleanly(_ path: String) throws -> (frames: Int, closed: Bool) {
    let reader = try TraceReader(path: path)
    let (frames, error) = TraceSamples.readFrames(reader)
    #expect(error == nil)
    return (frames.count, reader.isClosedCleanly)
  }

  @Test func framesAppendedAfterASeekTableAreKeptAndIndexed() throws {
    let (bytes, frames, _) = try Self.closed()
    let later = try Self.closed(after: frames.last!.events.last!.time).frameBytes
    let appended = bytes + later
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(appended, to: path)
      // Before recovery every frame reads; the trace is not closed (no seek table at its end).
      #expect(try Self.readsCleanly(path) == (2 * frames.count, false))
      let report = try TraceRecovery.recover(path: path)
      #expect(report.bytesDropped == 0)
      #expect(report.framesKept == 2 * frames.count)
      #expect(report.wroteSeekTable)
      let repaired = try RecoveryTests.fileBytes(path)
      #expect(Array(repaired.prefix(appended.count)) == appended)
      #expect(try Self.readsCleanly(path) == (2 * frames.count, true))
      // The new seek table indexes the data frames only, stepping over the kept table.
      let reader = try TraceReader(path: path)
      #expect(try reader.frameCount() == 2 * frames.count)
      try reader.seek(toFrame: frames.count)
      #expect(try reader.nextFrame()?.offset == bytes.count)
      #expect(try TraceRecovery.recover(path: path).bytesDropped == 0)
      #expect(try RecoveryTests.fileBytes(path) == repaired)
    }
  }

  /// Frames after a seek table whose times start over (a second session's frames without its header)
  /// go backwards in time: corrupt, refused untouched, never dropped.
  @Test func framesAfterASeekTableThatGoBackInTimeAreRefusedUntouched() throws {
    let (bytes, frames, frameBytes) = try Self.closed()
    let appended = bytes + frameBytes
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(appended, to: path)
      #expect {
        try TraceRecovery.recover(path: path)
      } throws: { error in
        let error = error as? TraceError
        return error?.code == .corrupt && error?.offset == bytes.count
          && error?.reason.hasPrefix("frame \(frames.count) starts at 0 ns, before the previous") == true
          && error?.reason.hasSuffix("so recover leaves the file unchanged") == true
      }
      #expect(try RecoveryTests.fileBytes(path) == appended)
    }
  }

  @Test func aTornTailAfterASeekTableDropsOnlyTheTornBytes() throws {
    let (bytes, _, frameBytes) = try Self.closed()
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(bytes + frameBytes.prefix(40), to: path)
      let report = try TraceRecovery.recover(path: path)
      #expect(report.bytesDropped == 40)
      // The seek table that matched every frame before the tail ends the file again: no new one.
      #expect(!report.wroteSeekTable)
      #expect(try RecoveryTests.fileBytes(path) == bytes)
      try RecoveryTests.write(bytes + [UInt8](repeating: 0, count: 3000), to: path)
      #expect(try TraceRecovery.recover(path: path).bytesDropped == 3000)
      #expect(try RecoveryTests.fileBytes(path) == bytes)
    }
  }

  @Test func concatenatedTracesAreRefusedUntouched() throws {
    let (bytes, _, _) = try Self.closed()
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(bytes + bytes, to: path)
      do throws(TraceError) {
        try TraceRecovery.recover(path: path)
        Issue.record("recover accepted two concatenated traces")
      } catch {
        #expect(error.code == .corrupt)
        #expect(error.offset == bytes.count)
        #expect(error.reason.contains("two traces were concatenated"))
        #expect(error.reason.contains("leaves the file unchanged"))
        #expect(!TraceRecovery.isTornTail(error))
      }
      #expect(try RecoveryTests.fileBytes(path) == bytes + bytes)
      // A second trace cut short is refused too: its frames are still frames.
      try RecoveryTests.write(bytes + bytes.dropLast(30), to: path)
      #expect(throws: TraceError.self) { try TraceRecovery.recover(path: path) }
      #expect(try RecoveryTests.fileBytes(path) == bytes + bytes.dropLast(30))
    }
  }

  /// A skippable frame that claims more bytes than the file has, with a readable frame inside: recover
  /// refuses it untouched, and its own message never advises running recover.
  @Test func recoverRefusingATailNeverAdvisesRecover() throws {
    let (bytes, frames, _) = try Self.closed()
    let header = Array(bytes.prefix(frames[0].offset))
    let first = Array(bytes[frames[0].offset..<(frames[0].offset + frames[0].size)])
    let second = Array(bytes[frames[1].offset..<(frames[1].offset + frames[1].size)])
    var overrun = Self.skippable(0x184D_2A53, second)
    overrun.replaceSubrange(
      4..<8, with: withUnsafeBytes(of: UInt32(second.count + 10).littleEndian, Array.init))
    let damaged = header + first + overrun
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(damaged, to: path)
      #expect {
        try TraceRecovery.recover(path: path)
      } throws: { error in
        let text = "\(error)"
        return text.contains("recover leaves the file unchanged") && !text.contains("run recover")
      }
      #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == damaged)
    }
  }

  @Test func aForeignSkippableFrameBeforeATornTailIsKept() throws {
    let (bytes, frames, frameBytes) = try Self.closed()
    let header = Array(bytes.prefix(frames[0].offset))
    let foreign = Self.skippable(0x184D_2A53, Array("app notes".utf8))
    let torn = header + foreign + frameBytes.dropLast(7)
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(torn, to: path)
      let report = try TraceRecovery.recover(path: path)
      #expect(report.framesKept == frames.count - 1)
      #expect(report.wroteSeekTable)
      #expect(!report.description.contains("run recover"))
      #expect(try Self.readsCleanly(path) == (frames.count - 1, true))
      #expect(try TraceRecovery.recover(path: path).bytesDropped == 0)
      // Appending goes on past the skippable frame, and the trace stays closed and valid.
      let writer = try TraceWriter(appendingTo: path)
      try writer.append(TraceEvent(time: UInt64.max, .marker("later")))
      try writer.close()
      #expect(try Self.readsCleanly(path) == (frames.count, true))
    }
  }

  @Test func aSkippableFrameCutShortThatHidesFramesIsRefused() throws {
    let (bytes, frames, frameBytes) = try Self.closed()
    let header = Array(bytes.prefix(frames[0].offset))
    // A skippable frame whose length field runs past the end of the file, with every frame inside it.
    let hiding = header + Self.skippable(0x184D_2A53, []).prefix(4) + [0xA0, 0x86, 0x01, 0x00] + frameBytes
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(hiding, to: path)
      do throws(TraceError) {
        try TraceRecovery.recover(path: path)
        Issue.record("recover dropped the frames a skippable frame's length covered")
      } catch {
        #expect(error.code == .truncated)
        #expect(error.reason.contains("a complete frame starts at byte \(header.count + 8)"))
        #expect(!TraceRecovery.isTornTail(error))
      }
      #expect(try RecoveryTests.fileBytes(path) == hiding)
    }
  }

  @Test func zerosFollowedByAFrameAreNotATornTail() throws {
    let (bytes, frames, frameBytes) = try Self.closed()
    let header = Array(bytes.prefix(frames[0].offset))
    let file = header + [UInt8](repeating: 0, count: 100) + frameBytes
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(file, to: path)
      #expect(throws: TraceError.self) { try TraceRecovery.recover(path: path) }
      #expect(try RecoveryTests.fileBytes(path) == file)
    }
  }

  @Test func aForgedSeekTableFooterIsNotTrusted() throws {
    let (bytes, frames, _) = try Self.closed()
    // A footer declaring more entries than the file holds, and one whose entries do not add up.
    var forged = bytes
    let footer = forged.count - 9
    forged.replaceSubrange(
      footer..<(footer + 4), with: withUnsafeBytes(of: UInt32(5).littleEndian, Array.init))
    let reader = try TraceReader(bytes: forged, name: "forged")
    #expect(try reader.frameCount() == frames.count)
    var inconsistent = bytes
    let table = bytes.count - (8 + (frames.count + 1) * 12 + 9)
    inconsistent[table + 8 + 12] ^= 0x01
    #expect(try TraceReader(bytes: inconsistent, name: "forged").frameCount() == frames.count)
  }
}
