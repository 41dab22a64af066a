import FoldTrace
import Foundation
import Testing

@Suite struct AppendTests {
  static func fileBytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test func appendAfterACleanCloseRemovesOnlyTheSeekTable() throws {
    try TraceSamples.withTemporaryPath { path in
      let first = Array(TraceSamples.everyKind.dropLast())
      let writer = try TraceWriter(path: path, header: TraceSamples.header)
      for event in first { try writer.append(event) }
      try writer.close()
      let closed = try Self.fileBytes(path)
      let frameBytes = try TraceReader(bytes: closed, name: "c").frameCount()
      #expect(frameBytes == 1)

      let more = TraceSamples.scrolling(count: 5, from: 20_000_000).dropFirst()  // scene 2 is not connected
      let appender = try TraceWriter(appendingTo: path)
      #expect(appender.header == TraceSamples.header)
      #expect(appender.frameCount == 1)
      for event in more { try appender.append(event) }
      try appender.close()

      let reopened = try Self.fileBytes(path)
      // The old frames are byte for byte where they were; only the old seek table (12 × 2 + 17 bytes) is
      // gone.
      let seekTableBytes = 8 + 2 * 12 + 9
      #expect(Array(reopened.prefix(closed.count - seekTableBytes)) == Array(closed.dropLast(seekTableBytes)))
      let reader = try TraceReader(path: path)
      let (frames, error) = TraceSamples.readFrames(reader)
      #expect(error == nil)
      #expect(frames.count == 2)
      #expect(frames.flatMap(\.events) == first + more)
      // The appended frame starts with the state rebuilt from the file.
      #expect(
        frames[1].keyframe.map(\.kind) == [
          .hinge, .sceneConnected, .geometry, .traits, .regions, .scroll, .selection, .layout,
        ])
      #expect(try reader.frameCount() == 2)
    }
  }

  @Test func appendAfterACrashWithoutSeekTable() throws {
    try TraceSamples.withTemporaryPath { path in
      let crashed = path + ".crashed"
      let writer = try TraceWriter(path: path, header: TraceSamples.header)
      for event in TraceSamples.everyKind.prefix(5) { try writer.append(event) }
      try writer.flush()
      // What a crash leaves: complete frames, no seek table.
      try FileManager.default.copyItem(atPath: path, toPath: crashed)
      try writer.close()
      let withoutTable = try Self.fileBytes(crashed)
      let appender = try TraceWriter(appendingTo: crashed)
      for event in TraceSamples.everyKind.dropFirst(5) { try appender.append(event) }
      try appender.close()
      #expect(Array(try Self.fileBytes(crashed).prefix(withoutTable.count)) == withoutTable)
      #expect(try TraceReader.readAll(path: crashed).events == TraceSamples.everyKind)
    }
  }

  @Test func appendRefusesATornTailAndSaysToRecover() throws {
    try TraceSamples.withTemporaryPath { path in
      let bytes = try TraceSamples.bytes(TraceSamples.everyKind, close: false)
      try Data(bytes.dropLast(3)).write(to: URL(fileURLWithPath: path))
      do throws(TraceError) {
        _ = try TraceWriter(appendingTo: path)
        Issue.record("appended to a torn trace")
      } catch {
        #expect(error.code == .truncated)
        #expect(error.description.contains("recover"))
        #expect(error.description.hasPrefix(path + ": byte "))
      }
      #expect(try Self.fileBytes(path) == Array(bytes.dropLast(3)))
    }
  }

  @Test func appendKeepsTimesNonDecreasing() throws {
    try TraceSamples.withTemporaryPath { path in
      let writer = try TraceWriter(path: path, header: TraceSamples.header)
      try writer.append(TraceEvent(time: 5_000, .marker("a")))
      try writer.close()
      let appender = try TraceWriter(appendingTo: path)
      #expect(throws: TraceError.self) { try appender.append(TraceEvent(time: 4_999, .marker("back"))) }
      try appender.append(TraceEvent(time: 5_000, .marker("b")))
      try appender.close()
      #expect(try TraceReader.readAll(path: path).events.map(\.time) == [5_000, 5_000])
    }
  }

  @Test func aNewTraceNeverOverwritesData() throws {
    try TraceSamples.withTemporaryPath { path in
      try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
      do throws(TraceError) {
        _ = try TraceWriter(path: path, header: TraceSamples.header)
        Issue.record("overwrote a file")
      } catch {
        #expect(error.code == .alreadyExists)
        #expect(error.description.contains(path))
      }
      #expect(try Self.fileBytes(path) == [1, 2, 3])
    }
  }
}

@Suite struct LockTests {
  @Test func aSecondWriterIsRefusedWithThePath() throws {
    try TraceSamples.withTemporaryPath { path in
      let first = try TraceWriter(path: path, header: TraceSamples.header)
      try first.append(TraceSamples.everyKind[0])
      try first.flush()
      for attempt in [
        { _ = try TraceWriter(appendingTo: path) },
        { _ = try TraceWriter(path: path, header: TraceSamples.header) },
      ] {
        do {
          try attempt()
          Issue.record("a second writer opened \(path)")
        } catch let error as TraceError {
          #expect(error.code == .locked)
          #expect(error.description.hasPrefix(path + ": "))
          #expect(error.description.contains("another writer"))
        }
      }
      #expect(throws: TraceError.self) { try TraceRecovery.recover(path: path) }
      // The first writer's data is intact and it carries on.
      try first.append(TraceSamples.everyKind[1])
      try first.close()
      #expect(try TraceReader.readAll(path: path).events == Array(TraceSamples.everyKind.prefix(2)))
      // Once closed, the lock is free.
      let next = try TraceWriter(appendingTo: path)
      try next.close()
    }
  }
}

@Suite struct AppendVersionTests {
  @Test func appendRefusesANewerMinorVersion() throws {
    try TraceSamples.withTemporaryPath { path in
      let header = TraceHeader(
        version: TraceFormatVersion(major: 1, minor: 4), device: "d", app: "a", recorder: "r")
      let bytes = try TraceSamples.bytes(TraceSamples.everyKind, header: header)
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      do throws(TraceError) {
        _ = try TraceWriter(appendingTo: path)
        Issue.record("appended to a 1.4 trace")
      } catch {
        #expect(error.code == .unsupportedVersion)
        #expect(error.reason.contains("1.4"))
      }
      #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
    }
  }
}
