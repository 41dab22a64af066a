import FoldReplay
import FoldReplayTesting
import Foundation
import Testing

/// The golden harness itself: a mismatch fails with a −/+ diff, recording fails, `never` never writes.
/// Without these, a harness that passed everything would make every golden test powerless.
@Suite struct GoldenHarnessTests {
  @Test func unifiedDiffShowsContextAndBothSides() {
    let expected = "a\nb\nc\nd\ne\nf\ng\n"
    let actual = "a\nb\nc\nD\ne\nf\ng\nh\n"
    #expect(LineDiff.unified(expected: expected, actual: expected) == nil)
    #expect(
      LineDiff.unified(expected: expected, actual: actual, context: 2)
        == """
        --- expected
        +++ actual
        @@ -2,7 +2,8 @@
          b
          c
        - d
        + D
          e
          f
          g
        + h
        \u{20}\u{20}
        """)
  }

  @Test func aMismatchFailsWithADiffAndWritesTheActualText() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "harness-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let name = "harness-\(UUID().uuidString).txt"
    let url = directory.appendingPathComponent(name)
    try "one\ntwo\n".write(to: url, atomically: true, encoding: .utf8)
    Golden.assert("one\ntwo\n", named: name, mode: .never, in: directory)
    let failures = collectReportedFailures {
      Golden.assert("one\nthree\n", named: name, mode: .never, in: directory)
    }
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("- two") == true)
    #expect(failures.first?.message.contains("+ three") == true)
    let artifact = FileManager.default.temporaryDirectory.appendingPathComponent("FoldTraceGoldens/\(name)")
    #expect(try String(contentsOf: artifact, encoding: .utf8) == "one\nthree\n")
    #expect(try String(contentsOf: url, encoding: .utf8) == "one\ntwo\n", "never must not rewrite")
  }

  @Test func recordingWritesTheGoldenAndFails() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "harness-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let name = "harness-\(UUID().uuidString).txt"
    let url = directory.appendingPathComponent(name)
    func failures(_ body: () -> Void) -> Int { collectReportedFailures(body).count }
    #expect(failures { Golden.assert("fresh\n", named: name, mode: .never, in: directory) } == 1)
    #expect(!FileManager.default.fileExists(atPath: url.path))
    #expect(failures { Golden.assert("fresh\n", named: name, mode: .missing, in: directory) } == 1)
    #expect(try String(contentsOf: url, encoding: .utf8) == "fresh\n")
    Golden.assert("fresh\n", named: name, mode: .missing, in: directory)
    #expect(failures { Golden.assert("newer\n", named: name, mode: .all, in: directory) } == 1)
    #expect(try String(contentsOf: url, encoding: .utf8) == "newer\n")
  }
}
