import Foundation
import TestSupport
import Testing

/// `foldsim` streams a session into its trace, the app's output included: it runs under a 64 MiB data
/// limit however long the session.
struct FoldsimMemoryTests {
  /// An iPad window resized back and forth `steps` times, with the app's output at 120 Hz: about 400
  /// events per step (over 1 KB each in memory), most of them the app's.
  static func resizes(_ steps: Int) -> String {
    let step =
      #"{"gesture": "resize", "to": [400, 700], "duration": 1}, "#
      + #"{"gesture": "resize", "to": [1000, 700], "duration": 1}"#
    return """
      {"device": "ipad-11", "seed": 1, "appOutput": {"layout": "reference", "rate": 120},
       "start": {"mode": "window"},
       "timeline": [\(Array(repeating: step, count: steps / 2).joined(separator: ",\n"))]}
      """
  }

  @Test func aLongSessionWithTheAppsOutputIsWrittenUnderA64MiBLimit() throws {
    guard let executable = FoldsimExecutableTests.executable else {
      Issue.record("foldsim is not built: run swift build --build-tests")
      return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "foldsim-memory-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // 400 steps: about 160,000 events; held in memory they took some 190 MB.
    try Data(Self.resizes(400).utf8).write(to: directory.appendingPathComponent("long.json"))
    let result = try ChildProcess.run(
      executable, ["long.json", "-o", "long.foldtrace"], in: directory, dataLimitKiB: 65_536)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.text == "long.foldtrace: 159440 events, 1 scene, 600.850 s, 7100340 bytes\n")
  }
}
