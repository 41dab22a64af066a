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
    #expect(message.contains("record mode never"))
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
    #expect(
      message.hasSuffix(
        "--- expected\n+++ actual\n@@ -1,3 +1,3 @@\n  trace: t\n- events: 3\n+ events: 4\n  "))
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

  @Test func theArgumentThenTheTraitThenTheEnvironmentChooseTheMode() throws {
    let environment = ["FOLDTRACE_RECORD": "FAILED"]
    #expect(try GoldenRecordMode.resolve(nil, environment: environment) == .failed)
    #expect(try GoldenRecordMode.resolve(nil, environment: [:]) == .missing)
    #expect(try GoldenRecordMode.resolve(nil, environment: ["FOLDTRACE_RECORD": ""]) == .missing)
    GoldenRecordMode.$current.withValue(.never) {
      #expect((try? GoldenRecordMode.resolve(nil, environment: environment)) == .never)
      #expect((try? GoldenRecordMode.resolve(.all, environment: environment)) == .all)
    }
  }

  @Test(.goldenRecord(.never)) func theTraitBindsTheMode() throws {
    #expect(GoldenRecordMode.current == .never)
    #expect(try GoldenRecordMode.resolve(nil, environment: ["FOLDTRACE_RECORD": "all"]) == .never)
  }

  @Test func aBadEnvironmentValueIsAnErrorThatNamesIt() {
    #expect(throws: GoldenRecordModeError(value: "al")) {
      try GoldenRecordMode.resolve(nil, environment: ["FOLDTRACE_RECORD": "al"])
    }
    #expect(
      "\(GoldenRecordModeError(value: "al"))"
        == "FOLDTRACE_RECORD=\"al\" is not a record mode: use all, failed, missing, never (nothing was recorded)"
    )
    // The value is the user's: shown escaped, so it cannot reach a terminal as a control.
    #expect(
      "\(GoldenRecordModeError(value: "a\u{1B}]0;x\u{7}\u{202E}l"))"
        == #"FOLDTRACE_RECORD="a\u001b]0;x\u0007\u202el" is not a record mode: use all, failed, missing, never "#
        + "(nothing was recorded)")
  }

  /// The diff quotes the text's lines and the path: shown escaped, a line break only where a line ends.
  @Test func aMismatchEscapesTheLinesAndPathItQuotes() throws {
    let path = FileManagerPaths.temporary("golden-\u{1B}[2J.txt")
    try? FileManager.default.removeItem(atPath: path)
    try "a\n".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard
      case .failed(let message) = GoldenFile.compare("a\u{202E}b\u{7}\n", withGoldenAt: path, mode: .never)
    else {
      Issue.record("a differing golden fails in never mode")
      return
    }
    #expect(message.contains(#"golden-\u001b[2J.txt"#))
    #expect(message.contains(#"+ a\u202eb\u0007"#), "\(message)")
    #expect(!message.unicodeScalars.contains { [0x1B, 0x7, 0x202E].contains($0.value) })
  }

  @Test func failedModeRewritesOnlyWhatDiffers() throws {
    let path = FileManagerPaths.temporary("golden-failed.txt")
    try? FileManager.default.removeItem(atPath: path)
    guard case .recorded = GoldenFile.compare("a\n", withGoldenAt: path, mode: .failed) else {
      Issue.record("a missing golden is recorded in failed mode")
      return
    }
    #expect(GoldenFile.compare("a\n", withGoldenAt: path, mode: .failed) == .matched)
    guard case .recorded = GoldenFile.compare("b\n", withGoldenAt: path, mode: .failed) else {
      Issue.record("a differing golden is rewritten in failed mode")
      return
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "b\n")
  }
}
