import FoldTrace
import Foundation
import Testing

@Suite struct RecorderTraceWriterTests {
  func temporaryPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString).foldtrace")
      .path
  }

  @Test func recordedSessionReadsBackFromTheTraceFile() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let header = TraceHeader(device: "iPhone Duo", app: "RecorderTests", recorder: "FoldTrace")
    let recorder = try SessionRecorder(path: path, header: header, capacity: 256, clock: steppingClock())
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
    let (readHeader, events) = try TraceReader.readAll(path: path)
    #expect(readHeader == header)
    #expect(events.count == 202)
    #expect(
      events.first == TraceEvent(time: 1_000_000, .sceneConnected(scene: scene, display: .external, scale: 3))
    )
    #expect(events.last == TraceEvent(time: 202_000_000, .marker("done")))
    #expect(recorder.droppedCount == 0)
  }

  @Test func aFullDiskIsAnErrorNotACrash() {
    let header = TraceHeader(device: "d", app: "a", recorder: "r")
    #expect(throws: TraceError.self) { try SessionRecorder(path: "/dev/full", header: header) }
  }

  @Test func writerRulesAreTheRecordersRules() throws {
    let recorder = SessionRecorder(sink: RecordingSink(), capacity: 8, clock: steppingClock())
    let long = String(repeating: "x", count: 64 * 1024 + 1)
    #expect(throws: SessionRecorderError.self) { try recorder.record(.marker(long)) }
    #expect(throws: SessionRecorderError.self) {
      try recorder.record(.hinge(HingeState(status: .fullyOpen, angle: 400)))
    }
    try recorder.close()
  }
}
