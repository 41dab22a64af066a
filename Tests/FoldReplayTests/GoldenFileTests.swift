import FoldReplay
import FoldReplayTesting
import Foundation
import Testing

@Suite struct GoldenFileTests {
  func freshPath(_ name: String) -> String {
    let path = FileManagerPaths.temporary("goldens-\(name)/\(name).txt")
    try? FileManager.default.removeItem(atPath: path)
    return path
  }

  @Test func aMissingGoldenIsRecordedAndTheRecordingFails() throws {
    let path = freshPath("missing")
    guard case .recorded(let message) = GoldenFile.compare("a\nb\n", withGoldenAt: path, mode: .missing)
    else {
      Issue.record("expected a recording")
      return
    }
    #expect(message.contains("recording fails the test"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "a\nb\n")
    #expect(GoldenFile.compare("a\nb\n", withGoldenAt: path, mode: .missing) == .matched)
    #expect(GoldenFile.compare("a\nb\n", withGoldenAt: path, mode: .never) == .matched)
  }

  @Test func neverRefusesToRecord() {
    let path = freshPath("never")
    guard case .failed(let message) = GoldenFile.compare("x\n", withGoldenAt: path, mode: .never) else {
      Issue.record("expected a failure")
      return
    }
    #expect(message.contains("FOLDTRACE_RECORD=never"))
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aMismatchFailsWithAUnifiedDiffAndKeepsTheActualText() throws {
    let path = freshPath("mismatch")
    _ = GoldenFile.compare("trace: t\nevents: 3\n", withGoldenAt: path, mode: .all)
    guard
      case .failed(let message) = GoldenFile.compare(
        "trace: t\nevents: 4\n", withGoldenAt: path, mode: .missing)
    else {
      Issue.record("expected a failure")
      return
    }
    #expect(message.contains("--- expected\n+++ actual\n  trace: t\n+ events: 4\n- events: 3"))
    let artifact = FileManager.default.temporaryDirectory.appendingPathComponent(
      "FoldTraceGoldens/mismatch.txt")
    #expect(try String(contentsOf: artifact, encoding: .utf8) == "trace: t\nevents: 4\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "trace: t\nevents: 3\n")
  }

  @Test func allRerecordsAndStillFails() throws {
    let path = freshPath("all")
    _ = GoldenFile.compare("old\n", withGoldenAt: path, mode: .all)
    let outcome = GoldenFile.compare("new\n", withGoldenAt: path, mode: .all)
    guard case .recorded = outcome else {
      Issue.record("expected a recording, got \(outcome)")
      return
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
  }

  @Test func theTaskLocalModeWinsOverTheEnvironment() {
    GoldenRecordMode.$current.withValue(.never) { #expect(GoldenRecordMode.resolved == .never) }
    GoldenRecordMode.$current.withValue(.all) { #expect(GoldenRecordMode.resolved == .all) }
  }
}
