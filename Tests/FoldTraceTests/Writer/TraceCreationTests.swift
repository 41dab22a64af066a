import Foundation
import Synchronization
import Testing

@testable import FoldTrace

/// A new trace's name appears only with its header on disk ("Crash safety"): a process killed
/// while creating it leaves no empty file that `tracecat recover` would have to refuse.
@Suite struct TraceCreationTests {
  private static func directoryNames(_ path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent).sorted()
  }

  @Test func aNewTraceAppearsWithItsHeaderAndLeavesNothingElse() throws {
    try TraceSamples.withTemporaryPath { path in
      let writer = try TraceWriter(path: path, header: TraceSamples.header)
      // Before any event: the file already reads as a trace with no frames.
      let reader = try TraceReader(path: path)
      #expect(reader.header == TraceSamples.header)
      #expect(try reader.nextFrame() == nil)
      #expect(try Self.directoryNames(path) == ["t.foldtrace"])
      try writer.append(TraceEvent(time: 1, .marker("a")))
      try writer.close()
      #expect(try TraceReader.readAll(path: path).events.map(\.time) == [1])
      #expect(try Self.directoryNames(path) == ["t.foldtrace"])
    }
  }

  @Test func aRecorderFileAppearsWithItsHeader() throws {
    try TraceSamples.withTemporaryPath { path in
      let recorder = try SessionRecorder(path: path, header: TraceSamples.header)
      #expect(try TraceReader(path: path).header == TraceSamples.header)
      #expect(try Self.directoryNames(path) == ["t.foldtrace"])
      try recorder.close()
    }
  }

  @Test func anExistingEmptyFileIsFilledInPlace() throws {
    try TraceSamples.withTemporaryPath { path in
      #expect(FileManager.default.createFile(atPath: path, contents: Data()))
      let writer = try TraceWriter(path: path, header: TraceSamples.header)
      try writer.append(TraceEvent(time: 7, .marker("in place")))
      try writer.close()
      #expect(try TraceReader.readAll(path: path).events.map(\.time) == [7])
      #expect(try Self.directoryNames(path) == ["t.foldtrace"])
    }
  }

  /// Creators racing for one name: exactly one wins each round, the others are refused without
  /// touching its file, and no temporary file is left behind.
  @Test func racingCreatorsNeverOverwriteEachOther() throws {
    try TraceSamples.withTemporaryPath { path in
      for round in 0..<20 {
        let winners = Mutex<[Int]>([])
        let refusals = Mutex<[TraceError.Code]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { creator in
          do throws(TraceError) {
            let writer = try TraceWriter(path: path, header: TraceSamples.header)
            try writer.append(TraceEvent(time: UInt64(creator), .marker("creator \(creator)")))
            try writer.close()
            winners.withLock { $0.append(creator) }
          } catch {
            refusals.withLock { $0.append(error.code) }
          }
        }
        let won = winners.withLock { $0 }
        #expect(won.count == 1, "round \(round)")
        #expect(refusals.withLock { $0 }.allSatisfy { $0 == .alreadyExists || $0 == .locked })
        let events = try TraceReader.readAll(path: path).events
        #expect(events.map(\.payload) == won.map { .marker("creator \($0)") }, "round \(round)")
        #expect(try Self.directoryNames(path) == ["t.foldtrace"], "round \(round)")
        try FileManager.default.removeItem(atPath: path)
      }
    }
  }
}
