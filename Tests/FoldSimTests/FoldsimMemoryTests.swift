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

/// The app's output of a gesture is written as it is woven, however few system events carry it: a Duo
/// opened and half-closed through `via` angles, resting 10 s after each leg while the reference screen
/// animates, makes some 95 of the app's events per leg from about 5 of the system's. Batched by the
/// system's events alone, all of a 1000-leg gesture's output was held at once (100 MB).
struct FoldsimLegMemoryTests {
  /// A Duo scenario with the app's output whose one step opens it through `angles` waypoints (one leg
  /// more than that).
  static func legs(_ angles: Int) -> String {
    let via = (0..<angles).map { $0 % 2 == 0 ? "90" : "170" }.joined(separator: ",")
    return #"{"device":"iphone-duo","seed":3,"appOutput":{"layout":"reference","rate":120},"#
      + #""timeline":[{"gesture":"open","duration":30,"pause":10,"via":[\#(via)]}]}"#
  }

  @Test func aGestureThrough500LegsWithTheAppsOutputRunsInTheMemoryOf100() throws {
    guard let executable = FoldsimExecutableTests.executable else {
      Issue.record("foldsim is not built: run swift build --build-tests")
      return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foldsim-legs-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Both fit in 20 MiB; 500 legs needed over 32 MiB when all their output was held.
    for (legs, summary) in [
      (100, "100.foldtrace: 13017 events, 2 scenes, 1030.499 s, 235447 bytes\n"),
      (500, "500.foldtrace: 50981 events, 2 scenes, 5030.500 s, 1039068 bytes\n"),
    ] {
      try Data(Self.legs(legs).utf8).write(to: directory.appendingPathComponent("\(legs).json"))
      let result = try ChildProcess.run(
        executable, ["\(legs).json", "-o", "\(legs).foldtrace"], in: directory, dataLimitKiB: 32_768)
      #expect(result.status == 0, "\(legs) legs: \(result.stderr)")
      #expect(result.text == summary)
    }
  }
}

/// The app forgets a scene when it disconnects: a Duo opened through `via` angles alternating 1° and
/// 179° hands its content over from one screen's scene to a new one at every leg, and the app's record of
/// what each scene showed was kept for every scene it had ever connected (some 2.5 KB a scene).
struct FoldsimSceneMemoryTests {
  /// A Duo scenario with the app's output: `steps` open gestures, each through 1000 angles alternating
  /// `low` and `high` degrees.
  static func opens(_ steps: Int, between low: Int, and high: Int) -> String {
    let via = (0..<1000).map { $0 % 2 == 0 ? "\(low)" : "\(high)" }.joined(separator: ",")
    let step = #"{"gesture":"open","pause":0,"via":[\#(via)]}"#
    return #"{"device":"iphone-duo","seed":3,"appOutput":{"layout":"reference","rate":120},"timeline":["#
      + Array(repeating: step, count: steps).joined(separator: ",") + "]}"
  }

  @Test func fiveThousandSceneHandoversWithTheAppsOutputRunInTheMemoryOfTwoScenes() throws {
    guard let executable = FoldsimExecutableTests.executable else {
      Issue.record("foldsim is not built: run swift build --build-tests")
      return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "foldsim-scenes-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Both fit in 16 MiB; the 5000 scenes needed over 20 MiB when the app kept every one.
    for (name, low, high, summary) in [
      ("few", 90, 170, "few.foldtrace: 20159 events, 2 scenes, 44.983 s, 84248 bytes\n"),
      ("many", 1, 179, "many.foldtrace: 35005 events, 5000 scenes, 44.208 s, 65410 bytes\n"),
    ] {
      try Data(Self.opens(5, between: low, and: high).utf8).write(
        to: directory.appendingPathComponent("\(name).json"))
      let result = try ChildProcess.run(
        executable, ["\(name).json", "-o", "\(name).foldtrace"], in: directory, dataLimitKiB: 16_384)
      #expect(result.status == 0, "\(name): \(result.stderr)")
      #expect(result.text == summary)
    }
  }
}

/// A hinge gesture's `via` holds at most 1000 angles, and its legs are streamed into the trace as they
/// are synthesized: one gesture through 800 k angles (a 2.4 MB scenario) held every event of its legs
/// and took 1.14 GB; it is refused at the 1001st angle, and gestures at the bound run under 64 MiB.
struct FoldsimWaypointTests {
  /// A Duo scenario whose steps each move the hinge through `angles` waypoints, every leg crossing the
  /// handover (0° ↔ 180°: a scene disconnects and another connects), all on line 1.
  static func crossings(_ angles: Int, steps: Int) -> String {
    let via = (0..<angles).map { $0 % 2 == 0 ? "0" : "180" }.joined(separator: ",")
    let step = #"{"gesture":"hinge","to":180,"pause":0.01,"duration":30,"via":[\#(via)]}"#
    return #"{"device":"iphone-duo","seed":1,"start":{"hinge":180},"timeline":["#
      + Array(repeating: step, count: steps).joined(separator: ",") + "]}"
  }

  @Test func aHingeThrough800kAnglesIsRefusedAndOneThrough1000RunsUnderA64MiBLimit() throws {
    guard let executable = FoldsimExecutableTests.executable else {
      Issue.record("foldsim is not built: run swift build --build-tests")
      return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "foldsim-waypoints-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let huge = Self.crossings(800_000, steps: 1)
    #expect(huge.utf8.count > 2_000_000 && huge.utf8.count < 4 << 20)
    try Data(huge.utf8).write(to: directory.appendingPathComponent("huge.json"))
    let refused = try ChildProcess.run(
      executable, ["huge.json", "-o", "huge.foldtrace"], in: directory, dataLimitKiB: 65_536)
    // The 1001st angle starts after the prefix, 1000 angles and their commas.
    let column = Self.crossings(0, steps: 1).utf8.count - 4 + 500 * 2 + 500 * 4 + 1
    #expect(refused.status == 1, "\(refused.stderr)")
    #expect(
      refused.stderr
        == "foldsim: huge.json:1:\(column): timeline[0].via[1000]: a via list holds at most 1000 angles "
        + "(a real fold passes through a handful)\n")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("huge.foldtrace").path))
    // Ten gestures at the bound: over 100,000 events and 10,000 scenes, streamed leg by leg (the same
    // bytes as when the legs were held).
    try Data(Self.crossings(1000, steps: 10).utf8).write(to: directory.appendingPathComponent("bound.json"))
    let bound = try ChildProcess.run(
      executable, ["bound.json", "-o", "bound.foldtrace"], in: directory, dataLimitKiB: 65_536)
    #expect(bound.status == 0, "\(bound.stderr)")
    #expect(bound.text == "bound.foldtrace: 102026 events, 10001 scenes, 404.900 s, 375093 bytes\n")
  }
}

/// A scenario file holds at most 4 MiB: a larger one is refused by its size before it is parsed (a 6 MB
/// array under an unknown key used to cost 274 MB).
struct FoldsimScenarioSizeTests {
  @Test func aScenarioOver4MiBIsRefusedNamingTheFileAndTheLimit() throws {
    guard let executable = FoldsimExecutableTests.executable else {
      Issue.record("foldsim is not built: run swift build --build-tests")
      return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foldsim-size-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let scenario = Array(#"{"device": "iphone", "seed": 1, "timeline": []}"#.utf8)
    let limit = 4 << 20
    // Exactly 4 MiB, padded with JSON whitespace: read.
    let full = scenario + [UInt8](repeating: UInt8(ascii: " "), count: limit - scenario.count)
    try Data(full).write(to: directory.appendingPathComponent("full.json"))
    let fits = try ChildProcess.run(executable, ["full.json", "--events"], in: directory)
    #expect(fits.status == 0, "\(fits.stderr)")
    // One byte more, in a file and through a pipe: refused, with a short message.
    try Data(full + [0x0A]).write(to: directory.appendingPathComponent("over.json"))
    let over = try ChildProcess.run(executable, ["over.json", "-o", "over.foldtrace"], in: directory)
    #expect(over.status == 1)
    #expect(
      over.stderr
        == "foldsim: over.json:1:1: the file is larger than 4 MiB (4194304 bytes), the most a scenario may hold\n"
    )
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("over.foldtrace").path))
    let piped = try ChildProcess.run(
      executable, ["/dev/stdin", "--events"], in: directory, stdin: full + [0x0A])
    #expect(piped.status == 1)
    #expect(
      piped.stderr.hasPrefix("foldsim: /dev/stdin:1:1: the file is larger than 4 MiB"), "\(piped.stderr)")
  }
}
