import Foundation
import Testing

/// Same trace, same bytes, across processes: each run of `tracecat` gets its own random hash seed (Swift
/// seeds `Hasher` per process unless `SWIFT_DETERMINISTIC_HASHING` is set), so an output that depended
/// on dictionary or set order would differ between two processes, which two runs in one process cannot
/// show.
@Suite struct ProcessDeterminismTests {
  static let commands: [[String]] = [
    ["replay", "--json", "--frames", "duo-open-external-to-internal.foldtrace"],
    ["stats", "--json", "long-duo-day.foldtrace"],
    ["--json", "var-duo-split-view.foldtrace"],
    ["diff", "--replay", "state-book-fold.foldtrace", "state-tabletop.foldtrace"],
  ]

  @Test(arguments: commands)
  func twoProcessesWriteTheSameBytes(arguments: [String]) throws {
    #expect(ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] == nil)
    let fixture = try TracecatFixture()
    try fixture.copyCorpus(arguments.filter { $0.hasSuffix(".foldtrace") })
    let first = try TracecatRunner.run(arguments, in: fixture.directory)
    let second = try TracecatRunner.run(arguments, in: fixture.directory)
    #expect(first.stdout.count > 100, "\(arguments): \(first.stderr)")
    #expect(first.status == second.status)
    #expect(first.stdout == second.stdout, "\(arguments) wrote different bytes in two processes")
  }

  @Test func twoProcessesDrawTheSamePicture() throws {
    let fixture = try TracecatFixture()
    try fixture.copyCorpus(["edge-reversal-mid-fold.foldtrace"])
    var pictures: [Data] = []
    for run in ["a", "b"] {
      let result = try TracecatRunner.run(
        ["plot", "--replay", "-o", "\(run).svg", "edge-reversal-mid-fold.foldtrace"], in: fixture.directory)
      #expect(result.status == 0, "\(result.stderr)")
      pictures.append(try Data(contentsOf: fixture.directory.appendingPathComponent("\(run).svg")))
    }
    #expect(pictures[0].count > 1000)
    #expect(pictures[0] == pictures[1])
  }
}
