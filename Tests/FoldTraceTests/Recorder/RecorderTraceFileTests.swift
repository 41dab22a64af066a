import Foundation
import Synchronization
import Testing

@testable import FoldTrace

@Suite struct RecorderTraceFileTests {
  func temporaryPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString).foldtrace")
      .path
  }

  @Test func recordedSessionReadsBackFromTheTraceFile() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try SessionRecorder(path: path, header: recorderHeader, clock: steppingClock())
    let scene = try recorder.connectScene("scene-A", display: .external, scale: 3)
    for step in 0..<200 {
      try recorder.record(
        .geometry(
          scene: scene,
          SceneGeometry(
            size: TraceSize(width: 390 + Double(step), height: 844), horizontal: .compact, vertical: .regular)
        ))
    }
    recorder.flush()
    try recorder.record(.marker("done"))
    try recorder.close()
    let (header, events) = try TraceReader.readAll(path: path)
    #expect(header == recorderHeader)
    #expect(events.count == 202)
    #expect(
      events.first == TraceEvent(time: 1_000_000, .sceneConnected(scene: scene, display: .external, scale: 3))
    )
    #expect(events.last == TraceEvent(time: 202_000_000, .marker("done")))
    #expect(recorder.droppedCount == 0)
  }

  @Test func aSecondRecorderOnTheSameFileIsRefused() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try SessionRecorder(path: path, header: recorderHeader)
    #expect(throws: TraceError.self) { try SessionRecorder(path: path, header: recorderHeader) }
    try recorder.close()
  }

  @Test func aFullDiskIsAnErrorNotACrash() {
    let error = #expect(throws: TraceError.self) {
      try SessionRecorder(path: "/dev/full", header: recorderHeader)
    }
    #expect(error?.code == .io)
    #expect(error?.file == "/dev/full")
  }
}

@Suite struct RecorderDiskFullTests {
  @Test func aDiskThatFillsMidSessionReachesTheAppThroughTheAPI() throws {
    let sink = try TraceFileSink(path: "/dev/full")
    let reports = Mutex<[TraceError.Code]>([])
    let recorder = try SessionRecorder(sink: sink, header: recorderHeader, clock: steppingClock()) { error in
      reports.withLock { $0.append((error as? TraceError)?.code ?? .corrupt) }
    }
    try recorder.record(.marker("lost"))
    recorder.flush()
    let error = #expect(throws: TraceError.self) { try recorder.close() }
    #expect(error?.code == .io)
    #expect(reports.withLock { $0 } == [.io])
    #expect(recorder.lastError is TraceError)
    #expect(recorder.droppedCount == 1)
  }
}
