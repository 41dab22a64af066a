import Foundation
import TestSupport
import Testing

/// Names under a searched directory that are not UTF-8: a String would turn their bytes into U+FFFD and
/// open another file (or none), so such a trace or directory is reported by its escaped bytes and the
/// run never passes for success.
@Suite struct DirectoryNameTests {
  /// `traces/` holds a failing recording named `t` 0xFF `.foldtrace` beside a passing one named `t`
  /// U+FFFD `.foldtrace` (what the first would decode to), a directory named `sub` 0xFE holding a trace,
  /// and `notes` 0xFF `.txt`, which the search would skip under any name.
  @Test func aNameThatIsNotUTF8IsReportedNeverSubstituted() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let executable = try #require(TracecatRunner.executable)
    let knownBad = Corpus.directory.appendingPathComponent("known-bad/snap-on-fold.foldtrace")
    let script = """
      mkdir traces "traces/$(printf 'sub\\376')"
      cp "$1" "traces/$(printf 't\\377.foldtrace')"
      cp duo.foldtrace "traces/$(printf 't\\357\\277\\275.foldtrace')"
      cp duo.foldtrace "traces/$(printf 'sub\\376')/inner.foldtrace"
      touch "traces/$(printf 'notes\\377.txt')"
      for command in check replay; do "$0" $command traces; echo "$command $?"; done
      """
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script, executable.path, knownBad.path], in: fixture.directory,
      stdin: [])
    let rows = result.lines.filter { $0.hasPrefix("t\u{FFFD}.foldtrace ") || $0.hasPrefix("total:") }
    #expect(rows.count == 4, "\(result.text)")
    #expect(result.lines.filter { $0.hasPrefix("total: 1 trace,") }.count == 2, "\(result.text)")
    #expect(result.lines.suffix(1) == ["replay 3"] && result.lines.contains("check 3"), "\(result.text)")
    let reason =
      "its name is not valid UTF-8 (file names are read as UTF-8); rename it, or name it through a link "
      + "whose name is UTF-8"
    let once =
      "tracecat: error: traces/sub\\xFE: not searched: \(reason)\n"
      + "tracecat: error: traces/t\\xFF.foldtrace: not read: \(reason)\n"
    #expect(result.stderr == once + once, "\(result.stderr)")
  }
}
