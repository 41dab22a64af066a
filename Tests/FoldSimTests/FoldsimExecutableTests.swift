import Foundation
import TestSupport
import Testing

/// One end-to-end run of the built `foldsim` executable (built by `swift build --build-tests`).
struct FoldsimExecutableTests {
  /// The built `foldsim` (``ChildProcess/product(_:)``).
  static var executable: URL? { ChildProcess.product("foldsim") }

  struct Run {
    var status: Int32
    var stderr: String
    var stdout: String
  }

  func run(_ arguments: [String]) throws -> Run {
    guard let executable = Self.executable else {
      Issue.record("foldsim is not built: run swift build --build-tests")
      throw CancellationError()
    }
    let result = try ChildProcess.run(executable, arguments)
    return Run(status: result.status, stderr: result.stderr, stdout: result.text)
  }

  @Test func writesTheCorpusTraceByteForByteAndReportsErrors() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("foldsim-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let name = "duo-open-external-to-internal"
    let out = directory.appendingPathComponent("out.foldtrace")
    let ok = try run([CorpusTests.traces.appendingPathComponent("\(name).json").path, "-o", out.path])
    #expect(ok.status == 0, "\(ok.stderr)")
    let expected = try Data(contentsOf: CorpusTests.traces.appendingPathComponent("\(name).foldtrace"))
    #expect(try Data(contentsOf: out) == expected)
    #expect(ok.stdout == "\(out.path): 187 events, 2 scenes, 5.218 s, \(expected.count) bytes\n")

    let bad = directory.appendingPathComponent("bad.json")
    try Data(#"{"device": "iphone", "seed": 1, "timeline": [{"gesture": "scroll", "to": 4}]}"#.utf8).write(
      to: bad)
    let invalid = try run([bad.path, "-o", out.path])
    #expect(invalid.status == 1)
    #expect(invalid.stderr.contains("bad.json:1:74: timeline[0].to: "))

    let usage = try run(["-o"])
    #expect(usage.status == 2)
    #expect(usage.stderr.contains("usage: foldsim"))
    let missing = try run([directory.appendingPathComponent("nope.json").path, "-o", out.path])
    #expect(missing.status == 3)
    let typo = try run(["lst"])
    #expect(typo.status == 2)
    #expect(
      typo.stderr.hasPrefix(
        "foldsim: 'lst' is neither a command (list, help) nor a scenario file; did you mean 'list'?\n"))
    #expect(typo.stderr.hasSuffix("See 'foldsim help' for the scenario format.\n"))
    let help = try run(["--help"])
    #expect(help.status == 0)
    for key in ["device", "seed", "timeline", "start", "Scenarios", "Exit codes"] {
      #expect(help.stdout.contains(key), "help names \(key)")
    }
  }
}
