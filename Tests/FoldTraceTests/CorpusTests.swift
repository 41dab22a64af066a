import CZstd
import FoldTrace
import Foundation
import Testing

/// The shipped traces in `Traces/` are the generator's output, byte for byte.
///
/// To regenerate after a deliberate change: `FOLDTRACE_RECORD_TRACES=1 swift test --filter CorpusTests`
/// (recording writes the file and fails the test, so CI never passes while recording).
@Suite struct CorpusTests {
  static let tracesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Traces")
  /// The libzstd version the committed bytes were compressed with; other versions may compress
  /// differently, so only the events are compared then.
  static let recordedZstdVersion: UInt32 = 10504

  @Test func duoOpeningTraceMatchesItsGenerator() throws {
    let url = Self.tracesDirectory.appendingPathComponent("duo-open-external-to-internal.foldtrace")
    let generated = try DuoOpeningTrace.bytes()
    if ProcessInfo.processInfo.environment["FOLDTRACE_RECORD_TRACES"] == "1" {
      try FileManager.default.createDirectory(at: Self.tracesDirectory, withIntermediateDirectories: true)
      try Data(generated).write(to: url)
      Issue.record(
        "Recorded \(url.path) (\(generated.count) bytes); unset FOLDTRACE_RECORD_TRACES and rerun.")
      return
    }
    let committed = try TraceReader.readAll(path: url.path)
    #expect(committed.header == DuoOpeningTrace.header)
    #expect(committed.events == DuoOpeningTrace.events)
    if ZSTD_versionNumber() == Self.recordedZstdVersion {
      #expect(Array(try Data(contentsOf: url)) == generated)
    }
  }

  @Test func duoOpeningTraceTellsTheStory() throws {
    let events = DuoOpeningTrace.events
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
    #expect(events.last!.time == 2_000_000_000)
    let hinge = events.compactMap { event -> HingeState? in
      if case .hinge(let state) = event.payload { state } else { nil }
    }
    #expect(hinge.first == HingeState(status: .closed, angle: 0))
    #expect(hinge.last == HingeState(status: .fullyOpen, angle: 180))
    #expect(hinge.contains { $0.status == .partiallyOpen })
    let displays = events.compactMap { event -> DisplayRole? in
      if case .sceneConnected(_, let display, _) = event.payload { display } else { nil }
    }
    #expect(displays == [.external, .internal])
    let kinds = Set(events.map(\.kind))
    #expect(kinds == Set(TraceEvent.Kind.allCases).subtracting([.dropped]))
    // Offsets are whole device pixels on the 3× displays, as UIKit reports them.
    for event in events {
      if case .scroll(_, let offset, _) = event.payload { #expect((offset.y * 3).rounded() / 3 == offset.y) }
    }
    // 120 Hz: scrolls one tick (8 333 333 or 8 333 334 ns) apart.
    let scrolls = events.filter { $0.kind == .scroll }.map(\.time)
    #expect(zip(scrolls, scrolls.dropFirst()).contains { $1 - $0 == 8_333_333 })
  }
}
