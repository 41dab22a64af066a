import Foundation
import TestSupport
import Testing

/// A scenario at the 4 MiB cap is parsed in memory proportional to its text, whatever its shape: under
/// a 48 MiB data limit, with the error it always had. Each value used to be a 72-byte tree node and each
/// array element a field with its own path string: a 4 MiB array of zeros took 179 MB, under `timeline`
/// 540 MB.
struct ScenarioMemoryTests {
  /// The most a scenario file holds, in bytes.
  static let cap = 4 << 20
  static let head = #"{"device": "iphone", "seed": 1, "timeline": [], "#

  /// `start`, then `unit` as many times as fit in the cap with `end`.
  static func filled(_ start: String, _ unit: String, _ end: String) -> [UInt8] {
    let count = (cap - start.utf8.count - end.utf8.count) / unit.utf8.count
    return Array((start + String(repeating: unit, count: count) + end).utf8)
  }

  /// The hostile shapes, each just under the cap.
  static let shapes = [
    "numbers", "numbers on lines", "timeline numbers", "objects", "keys", "deep", "a trailing comma",
    "steps", "invalid UTF-8 on lines",
  ]

  /// A shape's text and what `foldsim --events` writes on standard error for it.
  static func shape(_ name: String) -> (text: [UInt8], stderr: String) {
    switch name {
    case "numbers": return (filled(head + #""x": [0"#, ",0", "]}"), unknownKey(1, 49))
    // The unknown key comes last, on line 1398095, after the array's lines.
    case "numbers on lines": return (filled(#"{"app": [0"#, ",\n0", #"], "x": 1}"#), unknownKey(1_398_095, 5))
    case "timeline numbers":
      return (
        filled(#"{"device": "iphone", "seed": 1, "timeline": [0"#, ",0", "]}"),
        "foldsim: shape.json:1:46: timeline[0]: expected a step object, found the number 0\n"
      )
    case "objects": return (filled(head + #""x": [{}"#, ",{}", "]}"), unknownKey(1, 49))
    case "keys":
      let members = (0..<350_000).map { #""k\#($0)":0"# }.joined(separator: ",")
      return (filled(head + #""x": {"# + members, " ", "}}"), unknownKey(1, 49))
    case "deep":
      let open = String(repeating: "[", count: 62)
      let close = String(repeating: "]", count: 62)
      return (filled(head + #""x": "# + open + "0", " ", close + "}"), unknownKey(1, 49))
    // 220 k valid steps: the first 100 000 are decoded into one allocation of that size, then the
    // timeline is refused as longer than a timeline holds.
    case "steps":
      return (
        filled(#"{"device": "iphone-duo", "seed": 1, "timeline": ["#, #"{"gesture":"open"},"#, #"{"g":0}]}"#),
        "foldsim: shape.json:1:1900050: timeline[100000]: a timeline holds at most 100000 steps (a step may "
          + "be a whole mixedUse day)\n"
      )
    // The first byte that is not UTF-8 is found in one pass: splitting 4 M lines took 32 bytes each.
    case "invalid UTF-8 on lines":
      return (
        Array(repeating: UInt8(ascii: "\n"), count: cap - 3) + [0x20, 0xC3, 0x28],
        "foldsim: shape.json:\(cap - 2):2: the file is not valid UTF-8\n"
      )
    default:
      return (
        filled(head + #""x": [0"#, ",\n0", ",]}"),
        "foldsim: shape.json:1398083:3: x[1398083]: unexpected character ']': expected a value\n"
      )
    }
  }

  static func unknownKey(_ line: Int, _ column: Int) -> String {
    "foldsim: shape.json:\(line):\(column): x: unknown key; expected one of: device, seed, app, description, "
      + "start, timeline, appOutput\n"
  }

  @Test(arguments: shapes)
  func aScenarioAtTheCapIsParsedUnderA48MiBLimit(_ shape: String) throws {
    guard let executable = FoldsimExecutableTests.executable else {
      Issue.record("foldsim is not built: run swift build --build-tests")
      return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "foldsim-shape-\(getpid())-\(Self.shapes.firstIndex(of: shape)!)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let (bytes, stderr) = Self.shape(shape)
    #expect(bytes.count <= Self.cap && bytes.count > Self.cap - 64)
    try Data(bytes).write(to: directory.appendingPathComponent("shape.json"))
    let result = try ChildProcess.run(
      executable, ["shape.json", "--events"], in: directory, dataLimitKiB: 49_152)
    #expect(result.status == 1)
    #expect(result.stderr == stderr)
  }

  /// A 4 MiB description is checked, not copied: the scenario plays under a 20 MiB data limit (the text
  /// was held three times, and the string decoded once more).
  @Test func aScenarioWithA4MiBDescriptionPlaysUnderA20MiBLimit() throws {
    guard let executable = FoldsimExecutableTests.executable else {
      Issue.record("foldsim is not built: run swift build --build-tests")
      return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "foldsim-string-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(Self.filled(Self.head + #""description": ""#, "a", #""}"#)).write(
      to: directory.appendingPathComponent("long.json"))
    try Data(#"{"device": "iphone", "seed": 1, "timeline": []}"#.utf8).write(
      to: directory.appendingPathComponent("short.json"))
    let long = try ChildProcess.run(
      executable, ["long.json", "--events"], in: directory, dataLimitKiB: 20_480)
    let short = try ChildProcess.run(executable, ["short.json", "--events"], in: directory)
    #expect(long.status == 0, "\(long.stderr)")
    #expect(long.text.hasPrefix("    0.0000 s1 sceneConnected window @3.0\n"))
    #expect(long.text == short.text)
  }
}
