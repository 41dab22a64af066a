import FoldTrace
import Foundation
import Testing

/// `recover(path:markingCut:)` as one repair: the torn tail truncated, then the `cut` frame and the seek
/// table that indexes it appended and synced. Every point a kill can stop it at leaves the trace
/// unclosed (frames, no seek table: recover repairs it again, to the same bytes) or repaired; never
/// a closed trace without its cut.
@Suite struct RecoveryCutTests {
  /// The crashed trace with its last frame cut in half (a torn frame), and the same trace closed with
  /// 30 bytes of a torn frame after its seek table (a tail after a table that matches every frame).
  static func tornShapes() throws -> [(name: String, torn: [UInt8], keep: Int)] {
    let (bytes, frames) = try RecoveryTests.crashed()
    let last = frames[frames.count - 1]
    let closed = try TraceSamples.bytes(
      TraceSamples.everyKind + TraceSamples.scrolling(count: 40, from: 10_000_000),
      policy: FlushPolicy(maxBufferedBytes: 300))
    return [
      ("torn frame", Array(bytes[..<(last.offset + last.size / 2)]), last.offset),
      ("torn after a seek table", closed + Array(bytes[last.offset..<(last.offset + 30)]), bytes.count),
    ]
  }

  /// Whether the trace at `path` reads without an error to its end, whether it is closed, and its events.
  static func state(_ path: String) throws -> (error: TraceError?, closed: Bool, events: [TraceEvent]) {
    let reader = try TraceReader(path: path)
    let (frames, error) = TraceSamples.readFrames(reader)
    return (error, reader.isClosedCleanly, frames.flatMap(\.events))
  }

  /// Stopped (as by a kill) after each step of its writes, recover leaves the trace unclosed and
  /// readable — or repaired, after the seek table — and a rerun makes the very bytes of a whole repair.
  @Test(arguments: [TraceRecovery.RepairStep.truncated, .cutFrame, .seekTable])
  func aRepairStoppedAfterAnyStepIsFinishedByARerun(_ step: TraceRecovery.RepairStep) throws {
    for (name, torn, keep) in try Self.tornShapes() {
      try TraceSamples.withTemporaryPath { path in
        try RecoveryTests.write(torn, to: path)
        let whole = try TraceRecovery.recover(path: path, markingCut: true)
        let repaired = try RecoveryTests.fileBytes(path)
        #expect(whole.appendedCut && whole.wroteSeekTable, "\(name)")
        let events = try Self.state(path).events
        #expect(events.last?.kind == .cut, "\(name)")
        #expect(events.dropLast().allSatisfy { $0.kind != .cut }, "\(name)")

        try RecoveryTests.write(torn, to: path)
        try TraceRecovery.recover(path: path, markingCut: true, stoppingAfter: step)
        let stopped = try RecoveryTests.fileBytes(path)
        let state = try Self.state(path)
        #expect(state.error == nil, "\(name), \(step)")
        switch step {
        case .truncated:
          #expect(stopped == Array(torn[..<keep]), "\(name)")
          #expect(!state.closed && state.events == Array(events.dropLast()), "\(name)")
        case .cutFrame:
          #expect(!state.closed && state.events == events, "\(name)")
          #expect(Array(stopped[..<keep]) == Array(torn[..<keep]), "\(name)")
        case .seekTable:
          #expect(stopped == repaired, "\(name)")
        }
        let rerun = try TraceRecovery.recover(path: path, markingCut: true)
        #expect(try RecoveryTests.fileBytes(path) == repaired, "\(name), \(step)")
        #expect(rerun.appendedCut == (step == .truncated), "\(name), \(step)")
      }
    }
  }

  /// A kill can stop a write part way: every prefix of what a repair appends after the last complete
  /// frame is repaired again to the same bytes, with one cut.
  @Test func everyPrefixOfTheAppendedBytesIsRepairedToTheSameBytes() throws {
    let (name, torn, keep) = try Self.tornShapes()[0]
    try TraceSamples.withTemporaryPath(inMemory: true) { path in
      try RecoveryTests.write(torn, to: path)
      try TraceRecovery.recover(path: path, markingCut: true)
      let repaired = try RecoveryTests.fileBytes(path)
      for end in keep...repaired.count {
        try RecoveryTests.write(Array(repaired[..<end]), to: path)
        try TraceRecovery.recover(path: path, markingCut: true)
        #expect(try RecoveryTests.fileBytes(path) == repaired, "\(name) cut at byte \(end)")
      }
    }
  }

  /// An unclosed trace whose last record is a cut (a repair stopped before its seek table, or a
  /// recorder that wrote one) gets a seek table and no second cut.
  @Test func aTraceEndingInACutGetsNoSecondCut() throws {
    let events =
      TraceSamples.everyKind + TraceSamples.scrolling(count: 40, from: 10_000_000)
      + [TraceEvent(time: 400_000_000, .cut)]
    let unclosed = try TraceSamples.bytes(events, policy: FlushPolicy(maxBufferedBytes: 300), close: false)
    try TraceSamples.withTemporaryPath { path in
      try RecoveryTests.write(unclosed, to: path)
      let report = try TraceRecovery.recover(path: path, markingCut: true)
      #expect(!report.appendedCut && report.wroteSeekTable && report.bytesDropped == 0)
      #expect(report.description.hasSuffix("dropped 0 bytes, wrote a seek table"))
      let state = try Self.state(path)
      #expect(state.error == nil && state.closed)
      #expect(state.events == events)
      let bytes = try RecoveryTests.fileBytes(path)
      #expect(Array(bytes[..<unclosed.count]) == unclosed)
      #expect(bytes.count == report.fileSize)
    }
  }
}
