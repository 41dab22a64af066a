import FoldTrace
import Foundation
import Testing

@Suite struct RecoveryTests {
  static func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  static func fileBytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// A flushed, unclosed trace (as a crash leaves it) and its frames.
  static func crashed() throws -> (bytes: [UInt8], frames: [TraceFrame]) {
    let events = TraceSamples.everyKind + TraceSamples.scrolling(count: 40, from: 10_000_000)
    let bytes = try TraceSamples.bytes(events, policy: FlushPolicy(maxBufferedBytes: 300), close: false)
    let frames = TraceSamples.readFrames(try TraceReader(bytes: bytes, name: "c")).frames
    return (bytes, frames)
  }

  @Test func recoverTruncatesATornTailToTheLastCompleteFrame() throws {
    let (bytes, frames) = try Self.crashed()
    let last = frames.last!
    try TraceSamples.withTemporaryPath { path in
      try Self.write(Array(bytes[..<(last.offset + last.size / 2)]), to: path)
      let report = try TraceRecovery.recover(path: path)
      #expect(report.framesKept == frames.count - 1)
      #expect(report.bytesDropped == last.size / 2)
      #expect(report.wroteSeekTable)
      #expect(report.description.contains("dropped \(last.size / 2) bytes"))
      let repaired = try Self.fileBytes(path)
      #expect(Array(repaired.prefix(last.offset)) == Array(bytes.prefix(last.offset)))
      let reader = try TraceReader(path: path)
      let (read, error) = TraceSamples.readFrames(reader)
      #expect(error == nil)
      #expect(read == Array(frames.dropLast()))
      #expect(try reader.frameCount() == frames.count - 1)
      // Recovering again changes nothing; appending works.
      #expect(try TraceRecovery.recover(path: path).bytesDropped == 0)
      #expect(try Self.fileBytes(path) == repaired)
      let appender = try TraceWriter(appendingTo: path)
      try appender.append(TraceEvent(time: UInt64.max, .marker("after recovery")))
      try appender.close()
      #expect(
        try TraceReader.readAll(path: path).events.last
          == TraceEvent(time: UInt64.max, .marker("after recovery")))
      if InteropTests.hasZstd { #expect(try InteropTests.run(["-q", "-t", path]).status == 0) }
    }
  }

  @Test func recoverDropsZeroFilledTailsAndTornSeekTables() throws {
    let (bytes, frames) = try Self.crashed()
    try TraceSamples.withTemporaryPath { path in
      try Self.write(bytes + [UInt8](repeating: 0, count: 4096), to: path)
      let report = try TraceRecovery.recover(path: path)
      #expect(report.bytesDropped == 4096)
      #expect(report.framesKept == frames.count)
      let closed = try Self.fileBytes(path)
      // A seek table cut short is a torn tail too.
      try Self.write(Array(closed.dropLast(5)), to: path)
      #expect(try TraceRecovery.recover(path: path).bytesDropped == closed.count - 5 - bytes.count)
      #expect(try Self.fileBytes(path) == closed)
    }
  }

  @Test func recoverRefusesCorruptionThatIsNotATornTail() throws {
    let (bytes, frames) = try Self.crashed()
    var damaged = bytes
    damaged[frames[1].offset + frames[1].size / 2] ^= 0x01
    try TraceSamples.withTemporaryPath { path in
      try Self.write(damaged, to: path)
      do throws(TraceError) {
        try TraceRecovery.recover(path: path)
        Issue.record("recover dropped readable frames")
      } catch {
        #expect(error.code == .corrupt)
        #expect(error.offset == frames[1].offset)
        #expect(error.description.contains("not a torn tail"))
      }
      #expect(try Self.fileBytes(path) == damaged)
    }
  }
}

@Suite struct RecoveryZeroFilledCutTests {
  /// A power cut can leave the file's size written and its last blocks zero: the last frame cut short
  /// anywhere after its magic, zero bytes to the end. That is a torn tail: recover keeps every complete
  /// frame and drops the rest; one non-zero byte at the end makes it damage that recover refuses.
  @Test func recoverDropsAFrameCutShortByZeroBytes() throws {
    let (bytes, frames) = try RecoveryTests.crashed()
    let last = frames.last!
    try TraceSamples.withTemporaryPath(inMemory: true) { path in
      for tear in (last.offset + 4)..<(last.offset + last.size) {
        let zeroed = Array(bytes[..<tear]) + [UInt8](repeating: 0, count: bytes.count + 100 - tear)
        // Torn in the frame header (magic, descriptor and content size: at most 13 bytes in a single-
        // segment frame), the zero bytes read as header fields and empty blocks that run to the end: a
        // frame that the file's end cuts short, dropped as such.
        if tear >= last.offset + 13 {
          try RecoveryTests.write(zeroed + [0x41], to: path)
          #expect(throws: TraceError.self, "tear at \(tear)") { try TraceRecovery.recover(path: path) }
          #expect(try RecoveryTests.fileBytes(path) == zeroed + [0x41], "tear at \(tear)")
        }
        try RecoveryTests.write(zeroed, to: path)
        let report = try TraceRecovery.recover(path: path)
        #expect(report.framesKept == frames.count - 1, "tear at \(tear)")
        #expect(report.bytesDropped == zeroed.count - last.offset, "tear at \(tear)")
        let read = TraceSamples.readFrames(try TraceReader(path: path))
        #expect(read.error == nil, "tear at \(tear)")
        #expect(read.frames == Array(frames.dropLast()), "tear at \(tear)")
      }
    }
  }
}

@Suite struct RecoveryEveryCutTests {
  /// A crash can cut the file anywhere: after recover, exactly the complete frames before the cut remain
  /// and the file reads cleanly (crash safety).
  @Test func recoverAfterACutAtEveryOffset() throws {
    let events = TraceSamples.everyKind + TraceSamples.scrolling(count: 12, from: 10_000_000)
    let bytes = try TraceSamples.bytes(events, policy: FlushPolicy(maxBufferedBytes: 150))
    let frames = TraceSamples.readFrames(try TraceReader(bytes: bytes, name: "c")).frames
    #expect(frames.count >= 3)
    try TraceSamples.withTemporaryPath(inMemory: true) { path in
      for cut in 0...bytes.count {
        try RecoveryTests.write(Array(bytes[..<cut]), to: path)
        guard cut >= frames[0].offset else {
          #expect(throws: TraceError.self, "cut at \(cut)") { try TraceRecovery.recover(path: path) }
          continue
        }
        let report = try TraceRecovery.recover(path: path)
        let complete = frames.filter { $0.offset + $0.size <= cut }
        let kept = complete.last.map { $0.offset + $0.size } ?? frames[0].offset
        #expect(report.framesKept == complete.count, "cut at \(cut)")
        #expect(report.bytesDropped == (cut == bytes.count ? 0 : cut - kept), "cut at \(cut)")
        let read = TraceSamples.readFrames(try TraceReader(path: path))
        #expect(read.error == nil, "cut at \(cut)")
        #expect(read.frames == complete, "cut at \(cut)")
      }
    }
  }
}
