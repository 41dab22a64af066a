import FoldTrace
import Foundation
import Synchronization
import Testing

/// Writers under pressure: a second writer on the same file is refused and cannot harm the
/// first's data; a disk that fills up reports the error through `TraceWriter`'s API and leaves every frame
/// already written valid.
@Suite struct WriterFaultTests {
  @Test func aSecondWriterIsRefusedAndTheFirstsDataStaysIntact() throws {
    try TraceSamples.withTemporaryPath { path in
      let events = Array(Reliability.events)
      let first = try TraceWriter(
        path: path, header: TraceSamples.header, policy: FlushPolicy(maxBufferedBytes: 160))
      for event in events.prefix(10) { try first.append(event) }
      try first.flush()
      let flushed = try Reliability.bytes(of: path)
      let attempts: [(String, () throws(TraceError) -> Void)] = [
        (
          "new writer",
          { () throws(TraceError) in _ = try TraceWriter(path: path, header: TraceSamples.header) }
        ),
        ("appending writer", { () throws(TraceError) in _ = try TraceWriter(appendingTo: path) }),
        ("recover", { () throws(TraceError) in try TraceRecovery.recover(path: path) }),
      ]
      for (name, attempt) in attempts {
        do throws(TraceError) {
          try attempt()
          Issue.record("\(name) was allowed while a writer holds the file")
        } catch {
          #expect(error.code == .locked, "\(name): \(error)")
          #expect(error.file == path)
          #expect(
            error.description
              == "\(path): another writer has this trace open (its exclusive lock is held); close it first")
        }
        #expect(try Reliability.bytes(of: path) == flushed, "\(name) changed the file")
      }
      for event in events.dropFirst(10) { try first.append(event) }
      try first.close()
      #expect(try TraceReader.readAll(path: path).events == events)
      // Once the first writer closed, the file is free: the refusals came from its lock.
      let next = try TraceWriter(appendingTo: path)
      try next.close()
    }
  }

  /// A process spawned by another thread shares our open file descriptions until it `exec`s, and with
  /// them the lock: recover (and writers) must not mistake it for a second writer. Before the retry, 59 of
  /// 2,000 recovers here were refused.
  @Test func spawningProcessesElsewhereDoesNotLookLikeASecondWriter() throws {
    let bytes = try Reliability.crashed()
    try TraceSamples.withTemporaryPath(inMemory: true) { path in
      let stop = Mutex(false)
      let spawner = Thread {
        while !stop.withLock({ $0 }) {
          let process = Process()
          process.executableURL = URL(fileURLWithPath: "/bin/true")
          try? process.run()
          process.waitUntilExit()
        }
      }
      spawner.start()
      defer { stop.withLock { $0 = true } }
      var refused: [String] = []
      for _ in 0..<400 {
        try Reliability.write(bytes, to: path)
        do throws(TraceError) {
          try TraceRecovery.recover(path: path)
        } catch {
          refused.append(error.description)
        }
      }
      #expect(refused.isEmpty, "\(refused.count) of 400 refused: \(refused.first ?? "")")
    }
  }

  @Test func aFullDiskRefusesTheHeaderWithTheError() throws {
    try #require(FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full on this system")
    do throws(TraceError) {
      _ = try TraceWriter(path: "/dev/full", header: TraceSamples.header)
      Issue.record("a trace was created on a full disk")
    } catch {
      #expect(error.code == .io)
      #expect(error.description == "/dev/full: write failed: No space left on device")
    }
  }

  @Test func aDiskFillingUpMidSessionReportsTheErrorAndKeepsWrittenFrames() throws {
    try #require(FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full on this system")
    try TraceSamples.withTemporaryPath { path in
      let events = Array(Reliability.events)
      let writer = try TraceWriter(
        path: path, header: TraceSamples.header, policy: FlushPolicy(maxBufferedBytes: 160))
      for event in events.prefix(15) { try writer.append(event) }
      try writer.flush()
      let durable = try TraceReader.readAll(path: path).events
      #expect(durable == Array(events.prefix(15)))
      try #require(Reliability.fillDisk(under: path), "cannot find the writer's descriptor")
      // Appending goes on until the policy ends a frame: that write fails, and the error reaches the caller.
      var failure: TraceError?
      for event in events.dropFirst(15) {
        do throws(TraceError) {
          try writer.append(event)
        } catch {
          failure = error
          break
        }
      }
      if failure == nil {
        do throws(TraceError) { try writer.flush() } catch { failure = error }
      }
      let error = try #require(failure, "the full disk went unreported")
      #expect(error.code == .io)
      #expect(error.description == "\(path): write failed: No space left on device")
      #expect(throws: TraceError.self) { try writer.close() }
      // The file holds every frame written before the disk filled, intact; recover adds the seek table.
      #expect(try TraceReader.readAll(path: path).events == durable)
      let report = try TraceRecovery.recover(path: path)
      #expect(report.bytesDropped == 0)
      let bytes = try Reliability.bytes(of: path)
      #expect(Reliability.zstdTestPasses(bytes))
      #expect(try TraceReader.readAll(bytes: bytes, name: "after").events == durable)
    }
  }
}
