import FoldTrace
import Foundation
import TestSupport
import Testing

/// `replay --report` writes its page section by section: memory holds one trace's section, never the
/// page, however many traces fail; pictures stop after `ReplayReport.drawnTraceLimit` failing traces; and
/// a page that cannot be written whole part way through leaves nothing.
@Suite struct ReplayReportMemoryTests {
  /// A window that an occlusion covers whole from 0.1 s, then resized 40 times between 400 and 800 pt
  /// every 50 ms: each relayout fails the reservedRegion check (41 failures), so the trace's section
  /// draws 12 wireframes and its timeline, about 280 KB of page.
  static func manyFailureEvents() -> [TraceEvent] {
    func geometry(_ width: Double, _ h: UserInterfaceSizeClass) -> SceneGeometry {
      SceneGeometry(size: TraceSize(width: width, height: 600), horizontal: h, vertical: .regular)
    }
    let occlusion = ReservedRegion(
      kind: .occlusion, frame: TraceRect(x: 0, y: 0, width: 800, height: 600), isActive: true)
    var events = [
      TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .window, scale: 2)),
      TraceEvent(time: 0, .geometry(scene: SceneID(1), geometry(800, .regular))),
      TraceEvent(time: 100_000_000, .regions(scene: SceneID(1), [occlusion])),
    ]
    for step in 0..<40 {
      let wide = step % 2 == 1
      events.append(
        TraceEvent(
          time: 200_000_000 + UInt64(step) * 50_000_000,
          .geometry(scene: SceneID(1), geometry(wide ? 800 : 400, wide ? .regular : .compact))))
    }
    events.append(TraceEvent(time: 3_200_000_000, .marker("end")))
    return events
  }

  /// Writes `count` copies of `events` as `t001.foldtrace`, `t002.foldtrace`, … and returns their names.
  static func traces(_ count: Int, _ events: [TraceEvent], in fixture: TracecatFixture) throws -> [String] {
    let bytes = try fixture.trace("t001.foldtrace", events)
    var names = ["t001.foldtrace"]
    for index in stride(from: 2, through: count, by: 1) {
      let name = "t" + String(repeating: "0", count: 3 - String(index).count) + "\(index).foldtrace"
      _ = try fixture.file(name, bytes)
      names.append(name)
    }
    return names
  }

  /// Runs tracecat in the fixture's directory with its data segment capped at `dataLimitKiB` and thread
  /// stacks of 1 MiB (`ulimit -s`): the replay's worker threads take their stacks from the same limit,
  /// and at the default 8 MiB each they alone would exhaust it.
  static func runLimited(_ arguments: [String], in fixture: TracecatFixture, dataLimitKiB: Int) throws
    -> ChildProcess.Result
  {
    let executable = try #require(TracecatRunner.executable)
    return try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "ulimit -s 1024 && ulimit -d \(dataLimitKiB) && exec \"$0\" \"$@\"", executable.path]
        + arguments,
      in: fixture.directory)
  }

  /// 30 traces that fail replay (a page of about 8.3 MB), or 40 recordings that fail check (8 copies of
  /// each known-bad one, about 7.6 MB): built whole in memory the page needed several times its size
  /// (over 30 MB of data); written section by section the report fits in 20 MB.
  @Test(arguments: ["replay", "check"])
  func aLargeReportIsWrittenInBoundedMemory(_ command: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    var names: [String] = []
    if command == "replay" {
      names = try Self.traces(30, Self.manyFailureEvents(), in: fixture)
    } else {
      let bad = try FileManager.default.contentsOfDirectory(
        atPath: Corpus.directory.appendingPathComponent("known-bad").path
      ).filter { $0.hasSuffix(".foldtrace") }.sorted()
      for copy in 1...8 {
        for name in bad {
          let bytes = Array(
            try Data(contentsOf: Corpus.directory.appendingPathComponent("known-bad/" + name)))
          names.append(try fixture.file("\(copy)-\(name)", bytes))
        }
      }
    }
    let result = try Self.runLimited(
      [command, "--report", "report"] + names, in: fixture, dataLimitKiB: 20_480)
    #expect(result.status == 1, "\(result.stderr)")
    let page = try Data(contentsOf: fixture.directory.appendingPathComponent("report/index.html"))
    #expect(page.count > 7_000_000, "\(page.count) bytes")
    let text = String(decoding: page, as: UTF8.self)
    // Booleans and counts, so that a failure never prints the page.
    let whole = text.hasPrefix("<!doctype html>") && text.hasSuffix("</section>\n</body>\n</html>\n")
    #expect(whole, "the page starts and ends as a page")
    let verdict = text.contains("\(names.count) traces failed</span>")
    #expect(verdict, "the verdict counts every failing trace")
    #expect(text.components(separatedBy: "</section>").count - 1 == names.count)
    let capped = text.contains("not drawn")
    #expect(!capped, "fewer failing traces than the limit are all drawn")
    if command == "replay" {
      let totals = text.contains("30 traces, 1320 events: 0 passed")
      #expect(totals)
      // 12 wireframes and a timeline per trace.
      #expect(text.components(separatedBy: "<svg ").count - 1 == 30 * 13)
    }
  }

  /// Past 50 failing traces the page draws no more pictures: it counts the rest under the verdict, and
  /// their sections keep every failure's sentence.
  @Test func picturesStopAfterFiftyFailingTraces() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    var names = try Self.traces(52, ReplayOverlayTests.occludedEvents(), in: fixture)
    try fixture.copyCorpus(["case-ipad-portrait.foldtrace"])
    names.insert("case-ipad-portrait.foldtrace", at: 0)
    let result = try fixture.run(["replay", "--report", "report"] + names)
    #expect(result.status == 1, "\(result.stderr)")
    let page = try String(
      contentsOf: fixture.directory.appendingPathComponent("report/index.html"), encoding: .utf8)
    let counted = page.contains(
      "<p class=\"verdict\">Pictures are drawn for the first 50 failing traces; 2 more failing traces not"
        + " drawn: see their sentences below")
    #expect(counted, "the page counts the failing traces it does not draw")
    let sections = page.components(separatedBy: "<section id=\"trace-").dropFirst().map {
      $0.components(separatedBy: "</section>")[0]
    }
    #expect(sections.count == 53)
    func pictures(_ section: String) -> Int { section.components(separatedBy: "<svg ").count - 1 }
    // The passing trace keeps its timeline; 50 failing traces draw 3 failures and a timeline each.
    #expect(pictures(sections[0]) == 1)
    #expect(sections[1...50].allSatisfy { pictures($0) == 4 && !$0.contains("not drawn") })
    for section in sections[51...] {
      #expect(pictures(section) == 0)
      #expect(section.contains("(not drawn: the report draws the first 50 failing traces;"))
      #expect(section.components(separatedBy: "<p class=\"sentence\">").count - 1 == 3)
      #expect(!section.contains("Timeline of"))
    }
  }

  /// A page that fills the disk part way through — after several chunks were written — leaves nothing:
  /// exit 3 (SIGXFSZ ignored) or death by SIGXFSZ, whose handler removes the staged page and its
  /// directory; the directory is as it was and the same command then succeeds.
  @Test(arguments: [(false, true), (true, true), (false, false), (true, false)])
  func aStreamedReportThatFillsTheDiskLeavesNothing(directoryExists: Bool, ignoreSignal: Bool) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let names = try Self.traces(4, Self.manyFailureEvents(), in: fixture)
    // 512 KiB: several chunks, but less than the ~1.1 MB page.
    try ReplayReportTests.expectFullDiskLeavesNothing(
      names, in: fixture, fileLimitBlocks: 1024, directoryExists: directoryExists,
      ignoreSignal: ignoreSignal)
  }

  /// `replay` and `check` keep a row per trace for the table, not its outcome: the failures printed after
  /// the table wait in a temporary file. 1 000 traces that fail 41 times each needed about 40 MB of data
  /// when every outcome was held; they print within 20 MB, the table and the sentences as before.
  @Test func manyFailingTracesPrintInBoundedMemory() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let bytes = try fixture.trace("t.foldtrace", Self.manyFailureEvents())
    try FileManager.default.createDirectory(
      at: fixture.directory.appendingPathComponent("many"), withIntermediateDirectories: false)
    for index in 1...1_000 { _ = try fixture.file("many/t\(index).foldtrace", bytes) }
    let result = try Self.runLimited(["replay", "many"], in: fixture, dataLimitKiB: 20_480)
    #expect(result.status == 1, "\(result.stderr.prefix(600))")
    let text = result.text
    let total = text.contains("\ntotal: 1000 traces, 44000 events, 0 passed, 1000 failed\n")
    #expect(total, "\(text.suffix(300))")
    #expect(text.components(separatedBy: ": 41 failures\n").count - 1 == 1_000)
    // 20 are kept per check, so --json lists 20 of the 41 (the sentence said "see --json" for all).
    #expect(text.components(separatedBy: "  … and 31 more (--json lists 20 of the 41)\n").count - 1 == 1_000)
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("t") && $0.hasSuffix("FAIL (41)") }
    #expect(rows.count == 1_000)
  }
}

extension ReplayReportMemoryTests {
  /// `replay --report` and `check --report` keep a table row per trace and spool each section to a
  /// temporary file as the trace is delivered: 1 000 failing traces needed 47 MB (replay) and 44 MB
  /// (check) in a release build when every outcome was kept until the table was written; they fit in
  /// 20 MB of data, the page whole, the first 50 failing traces drawn and the rest counted.
  @Test(arguments: ["replay", "check"])
  func aReportOfManyFailingTracesIsWrittenInBoundedMemory(_ command: String) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    // Replay: 41 failures each; check: 98 flapping layouts each (20 kept).
    let bytes =
      command == "replay"
      ? try fixture.trace("t.foldtrace", Self.manyFailureEvents())
      : try fixture.trace("t.foldtrace", CheckMemoryTests.flapping(count: 100), version: .v1_1)
    try FileManager.default.createDirectory(
      at: fixture.directory.appendingPathComponent("many"), withIntermediateDirectories: false)
    for index in 1...1_000 { _ = try fixture.file("many/t\(index).foldtrace", bytes) }
    let result = try Self.runLimited(
      [command, "--report", "report", "many"], in: fixture, dataLimitKiB: 20_480)
    #expect(result.status == 1, "\(result.stderr.prefix(600))")
    let total = result.text.contains("\ntotal: 1000 traces, ")
    #expect(total, "\(result.text.suffix(300))")
    let page = try String(
      contentsOf: fixture.directory.appendingPathComponent("report/index.html"), encoding: .utf8)
    // Booleans and counts, so that a failure never prints the page.
    let whole = page.hasPrefix("<!doctype html>") && page.hasSuffix("</section>\n</body>\n</html>\n")
    #expect(whole, "the page starts and ends as a page")
    let verdict = page.contains("1000 traces failed</span>")
    #expect(verdict, "the verdict counts every failing trace")
    let counted = page.contains("; 950 more failing traces not drawn: see their sentences below")
    #expect(counted, "the page counts the failing traces it does not draw")
    #expect(page.components(separatedBy: "<tr><td><a href=\"#trace-").count - 1 == 1_000)
    let sections = page.components(separatedBy: "<section id=\"trace-").dropFirst()
    #expect(sections.count == 1_000)
    let failures =
      command == "replay" ? "41 failures (20 kept by the checks):" : "98 failures (20 kept by the checks):"
    #expect(sections.filter { $0.contains(failures) }.count == 1_000)
    #expect(sections.filter { $0.contains("<svg ") }.count == 50)
    #expect(sections.filter { $0.contains("(not drawn: the report draws the first 50") }.count == 950)
    let last = try #require(sections.last)
    #expect(last.hasPrefix("1000\">"))
    #expect(last.components(separatedBy: "<p class=\"sentence\">").count - 1 == 20)
  }
}

/// `replay` never waits for a worker thread the system cannot start: under a data-segment limit that
/// leaves no room for a second 8 MiB thread stack, the pool's work never ran and the run hung; now the
/// caller replays such a trace itself.
@Suite struct ReplayThreadTests {
  @Test(.timeLimit(.minutes(1))) func aRunThatCannotStartThreadsStillEnds() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    let names = try ReplayReportMemoryTests.traces(
      6, ReplayReportMemoryTests.manyFailureEvents(), in: fixture)
    let executable = try #require(TracecatRunner.executable)
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      // `timeout` ends a hung run (exit 124), so a regression fails the test instead of hanging it.
      ["-c", "ulimit -d 24576 && exec timeout 60 \"$0\" \"$@\"", executable.path, "replay"] + names,
      in: fixture.directory)
    #expect(result.status == 1, "\(result.stderr.prefix(600))")
    let total = result.text.contains("total: 6 traces, 264 events, 0 passed, 6 failed")
    #expect(total, "\(result.text.suffix(300))")
  }
}
