import FoldReplay
import FoldTrace
import Foundation
import LayoutCore

/// `tracecat replay --report DIR`: one self-contained HTML page (`DIR/index.html`) a CI run can keep as
/// an artifact and open with no server and no network — the verdict table, then per trace each
/// failure's sentence with its wireframe at the failing moment (``Wireframe``), and the trace's timeline
/// (``TimelinePlot`` with the replay's marks). Styles and pictures are inline; there are no scripts.
///
/// `tracecat check --report DIR` writes the same page for the checks on recordings: each failure's
/// wireframe shows the app's own frames (dashed cyan) over the reference screen's plan at rest, the
/// offending recorded frame in red over the region it violates.
///
/// The directory must not exist or be empty: the report never writes over files it did not create, and
/// it appears whole or not at all (``OutputDirectory``).
enum ReplayReport {
  /// Which command the report is of.
  enum Kind {
    /// `tracecat replay`: the model replayed and checked.
    case replay
    /// `tracecat check`: the app's recorded output checked.
    case check
  }

  /// The most failures drawn per trace (the rest are listed as sentences).
  static let pictureLimit = 12

  /// The most failing traces drawn per report: 50 (for traces of one scene that fail at every relayout,
  /// a page of about 14 MB, which a browser still opens; drawn whole it grew by 280 KB per trace).
  /// The sections of the failing traces after them list their failures' sentences without pictures (no
  /// wireframes, no timeline); the page counts them under the verdict. Passing traces are not counted.
  static let drawnTraceLimit = 50

  /// Checks that `directory` does not exist or is an empty directory, before any work is done.
  ///
  /// - Throws: ``TracecatError/io(file:reason:)`` (exit 3) when it is a file or holds anything.
  static func checkDestination(_ directory: String) throws {
    do {
      try OutputDirectory.check(directory)
    } catch {
      throw refusal(directory, error)
    }
  }

  /// The report of a run in progress: each trace's outcome, handed over in input order as the run
  /// delivers it, leaves its table row here and its section — made at once, pictures and all — in a
  /// ``SpooledLines`` (64 KiB in memory, the rest in an unnamed temporary file in `$TMPDIR`);
  /// ``publish()`` then writes the head, the verdict and the table, and copies the sections after them.
  ///
  /// Memory is O(traces × one table row) and one section being made, however many traces fail and
  /// however long their sections are; `$TMPDIR` holds the sections (the page less its head and table)
  /// until the page is written. Pictures are drawn for the first ``drawnTraceLimit`` failing traces;
  /// the sections of the others list their failures' sentences without pictures.
  final class Page {
    /// The report's directory: absent or empty (checked before the run and again at ``publish()``).
    let directory: String
    /// What the replay drove, for the pictures.
    let configuration: ReplayConfiguration
    let kind: Kind
    /// The table's rows, in input order.
    private var rows: [String] = []
    /// Traces that failed (a check, an error or a divergence), and events replayed, so far.
    private var failed = 0
    private var events = 0
    /// The sections' lines, in input order.
    private let sections: SpooledLines

    /// Starts the report of a run.
    /// - Parameters:
    ///   - directory: The report's directory.
    ///   - configuration: What the replay drove, for the pictures.
    ///   - kind: The command the outcomes are of (default `replay`).
    init(directory: String, configuration: ReplayConfiguration, kind: Kind = .replay) {
      self.directory = directory
      self.configuration = configuration
      self.kind = kind
      sections = SpooledLines(
        purpose: "the report's trace sections in a temporary file in \(FileDescriptor.temporaryDirectory) "
          + "until the table above them is written")
    }

    /// Takes the next trace's outcome (in input order): its table row, and its section, drawn when it
    /// passed or is one of the first ``drawnTraceLimit`` failing traces (the trace is read again).
    /// - Complexity: O(one section): at most ``pictureLimit`` wireframes and a timeline.
    func add(_ outcome: ReplayOutcome) {
      let index = rows.count
      rows.append(row(outcome, index: index))
      events += outcome.summary.events
      let drawn = outcome.passed || failed < drawnTraceLimit
      if !outcome.passed { failed += 1 }
      // Once the temporary file failed the page cannot be written (``publish()`` says why): no more
      // sections are made.
      guard sections.failure == nil else { return }
      let sections = sections
      section(
        outcome, index: index, configuration: configuration, kind: kind, drawn: drawn,
        line: { line in sections.line { $0.append(contentsOf: line.utf8) } }, bytes: sections.append)
    }

    /// Writes the page into the directory as `index.html`, whole or not at all: staged in a hidden
    /// sibling directory renamed onto it (or, when it is an existing empty one, staged inside it and
    /// linked into place); see ``OutputDirectory``. A failed or interrupted run leaves the directory as
    /// it was, so the same command can run again.
    ///
    /// - Throws: ``TracecatError/io(file:reason:)`` naming the directory or the page when the directory
    ///   cannot be made, the page written, or the sections kept in or read back from the temporary file.
    func publish() throws {
      let page = directory + "/index.html"
      // Even when the sections' temporary file failed, the directory is started first: that installs
      // the cleanup handlers and lets in a SIGXFSZ the parent blocked, which then ends the process as
      // a full disk for the page would (``OutputDirectory``); the sections' error follows otherwise.
      do {
        let output = try OutputDirectory(path: directory)
        let file = try output.file(named: "index.html")
        try write(to: file)
        try output.publish()
      } catch let error as TraceError {
        throw refusal(directory, error)
      } catch TracecatError.io(_, let reason) {
        throw TracecatError.io(file: page, reason: reason)
      }
    }

    /// Writes the page into `file`: the head, the verdict and the table, then the sections.
    ///
    /// - Throws: ``TraceError`` from the file (a full disk); ``TracecatError/io(file:reason:)`` from the
    ///   sections' temporary file.
    /// - Complexity: O(page) time; O(64 KiB) memory besides the rows.
    private func write(to file: OutputDirectory.File) throws {
      let traces = rows.count
      let verdict =
        failed == 0
        ? "<span class=\"pass\">every trace passed</span>"
        : "<span class=\"fail\">\(Count(failed, "trace")) failed</span>"
      let what =
        kind == .replay
        ? "Replayed into the example app's ReferenceScreenLayout; each failure is drawn at its moment (the "
          + "offending element in red over the region it violates)."
        : "The app's recorded output checked against the recorded inputs, with no model; each failure is "
          + "drawn at its moment: the app's own frames (dashed cyan) over the reference screen's plan, the "
          + "offending recorded frame in red over the region it violates."
      try file.write(head(kind))
      try file.write("<h1>FoldTrace \(kind == .replay ? "replay" : "check") report</h1>")
      try file.write(
        "\n<p class=\"verdict\">\(Count(traces, "trace")), \(Count(events, "event")): \(traces - failed) "
          + "passed — \(verdict). \(what)</p>")
      if failed > drawnTraceLimit {
        try file.write(
          "\n<p class=\"verdict\">Pictures are drawn for the first \(drawnTraceLimit) failing traces; "
            + "\(Count(failed - drawnTraceLimit, "more failing trace")) not drawn: see their sentences below "
            + "('tracecat show --replay --at TIME' draws any moment).</p>")
      }
      // The table, a row a line.
      for line in tableHead + rows + ["</table>"] { try file.write("\n" + line) }
      try file.write("\n")
      // Each section's line ends with its newline in the spool.
      try sections.drain { bytes in try file.write(bytes) }
      try file.write("</body>\n</html>\n")
    }
  }

  /// The error for a report directory that cannot be written: exit 3 whatever the cause, naming the
  /// directory (or the file in it) and why.
  private static func refusal(_ directory: String, _ error: TraceError) -> TracecatError {
    TracecatError.io(file: error.file.isEmpty ? directory : error.file, reason: error.reason)
  }

  /// The page's head, up to and with `<body>` and its newline: the title and the styles.
  static func head(_ kind: Kind) -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>FoldTrace \(kind == .replay ? "replay" : "check") report</title>
    <style>
    body { font: 14px/1.45 Helvetica, Arial, sans-serif; margin: 24px; color: #222; }
    h1 { font-size: 22px; margin: 0 0 6px; }
    h2 { font-size: 17px; margin: 32px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
    table { border-collapse: collapse; margin: 12px 0; }
    th, td { padding: 3px 10px; border-bottom: 1px solid #e5e5e5; text-align: left; white-space: nowrap; }
    th { background: #f4f4f4; }
    td.number { text-align: right; font-variant-numeric: tabular-nums; }
    .pass { color: #2a7a2a; }
    .fail { color: #c62828; font-weight: bold; }
    .error { color: #8a4a00; font-weight: bold; }
    .failure { border-left: 4px solid #d62728; padding: 2px 0 2px 12px; margin: 18px 0; }
    .sentence { white-space: pre-wrap; font-family: Menlo, Consolas, monospace; font-size: 13px; }
    .picture svg { max-width: 100%; height: auto; border: 1px solid #eee; }
    details > summary { cursor: pointer; color: #333; margin: 8px 0; }
    </style>
    </head>
    <body>

    """
  }

  /// The verdict table's opening lines: the columns `tracecat replay` prints; a row per trace
  /// (``row(_:index:)``) and `</table>` follow.
  static let tableHead = [
    "<table class=\"verdicts\">",
    "<tr><th>trace</th><th>events</th><th>scenes</th><th>shapes</th><th>max drift</th><th>max jump</th>"
      + "<th>verdict</th></tr>",
  ]

  /// One trace's row of the verdict table, each trace linked to its section (the `index`-th from 0):
  /// its events, scenes, shapes, worst drift and jump, and verdict.
  static func row(_ outcome: ReplayOutcome, index: Int) -> String {
    let summary = outcome.summary
    return "<tr><td><a href=\"#trace-\(index + 1)\">\(escape(summary.trace))</a></td>"
      + "<td class=\"number\">\(summary.events)</td><td class=\"number\">\(outcome.scenes)</td>"
      + "<td>\(escape(ReplayTable.shapes(summary)))</td>"
      + "<td class=\"number\">\(ReplayFormat.number(summary.maximumAnchorDrift)) pt</td>"
      + "<td class=\"number\">\(ReplayFormat.number(summary.maximumFrameJump)) pt</td>"
      + "<td>\(verdict(outcome))</td></tr>"
  }

  static func verdict(_ outcome: ReplayOutcome) -> String {
    if !outcome.errors.isEmpty { return "<span class=\"error\">error</span>" }
    if outcome.summary.passed { return "<span class=\"pass\">pass</span>" }
    return "<span class=\"fail\">FAIL (\(outcome.summary.failureCount))</span>"
  }

  /// One trace's lines: its failures with their pictures, then its timeline; with `drawn` false (a
  /// failing trace past ``drawnTraceLimit``) the failures' sentences only, and the trace is not read.
  /// Each line goes to `line` (without its newline), except the timeline's, whose SVG goes to `bytes` in
  /// pieces of about 1 MiB as it is drawn (``TimelinePlot/write(_:title:marks:to:)``), its end to `line`.
  ///
  /// - Complexity: O(1 MiB) memory for the timeline's SVG, beyond the timeline read for it.
  static func section(
    _ outcome: ReplayOutcome, index: Int, configuration: ReplayConfiguration, kind: Kind = .replay,
    drawn: Bool = true, line: (String) -> Void, bytes: ([UInt8]) -> Void
  ) {
    let summary = outcome.summary
    var lines = [
      "<section id=\"trace-\(index + 1)\">", "<h2>\(escape(summary.trace)) — \(verdict(outcome))</h2>",
    ]
    for error in outcome.errors { lines.append("<p class=\"error sentence\">\(escape(error))</p>") }
    let input = drawn ? try? TraceInput(outcome.path) : nil
    let failures = summary.failures
    if !failures.isEmpty {
      lines.append(
        "<p>\(Count(summary.failureCount, "failure"))"
          + (summary.failureCount > failures.count ? " (\(failures.count) kept by the checks)" : "") + ":</p>"
      )
      if !drawn {
        lines.append(
          "<p>(not drawn: the report draws the first \(drawnTraceLimit) failing traces; "
            + "'tracecat show --replay --at TIME' draws any moment)</p>")
      }
      let pictured = Array(failures.prefix(drawn ? pictureLimit : 0))
      let times = Array(Set(pictured.map(\.time))).sorted()
      let snapshots = input.flatMap {
        try? SnapshotReader.read(
          $0, at: times, scenes: nil, replay: kind == .replay, configuration: configuration)
      }
      for (number, failure) in failures.enumerated() {
        lines.append("<div class=\"failure\" id=\"trace-\(index + 1)-failure-\(number + 1)\">")
        lines.append("<p class=\"sentence\">\(escape(failure.message, keepingLineBreaks: true))</p>")
        if number < pictureLimit, let snapshots, let moment = times.firstIndex(of: failure.time) {
          var scenes = snapshots.snapshots[moment].filter {
            failure.scene == nil || $0.scene == failure.scene
          }
          if kind == .check {
            for scene in scenes.indices { locateRecorded(failure, in: &scenes[scene]) }
          }
          let svg = Wireframe.render(
            [Wireframe.Moment(time: failure.time, scenes: scenes)], title: summary.trace)
          lines.append(
            "<div class=\"picture\">\(inline(svg, idPrefix: "t\(index + 1)f\(number + 1)-"))</div>")
        } else if drawn, number == pictureLimit {
          lines.append(
            "<p>(pictures are drawn for the first \(pictureLimit) failures; "
              + "'tracecat show --replay --at TIME' draws any other)</p>")
        }
        lines.append("</div>")
      }
    }
    // A check's timeline has no replay marks: the recording's own rows (the app's layout and animation)
    // are what it shows.
    let marks = kind == .replay ? input.flatMap { try? ReplayMarks.replay($0) } : nil
    if let input, outcome.errors.isEmpty,
      let timeline = try? TimelineReader.readForPlot(input, label: "report", marks: marks),
      kind == .check || marks != nil
    {
      let open = summary.passed ? "" : " open"
      lines.append("<details\(open)><summary>Timeline of \(escape(summary.trace))</summary>")
      lines.forEach(line)
      lines = []
      bytes(Array("<div class=\"picture\">".utf8))
      var inliner = InlineSVG(idPrefix: "t\(index + 1)-")
      // The output does not throw.
      try? TimelinePlot.write(timeline, title: summary.trace, marks: marks) { inliner.add($0, to: bytes) }
      inliner.finish(to: bytes)
      lines.append("</div></details>")
    }
    lines.append("</section>")
    lines.forEach(line)
  }

  /// Marks a check's failure on a snapshot of the recording: the app's own frame of the element, over
  /// the active regions it intersects.
  static func locateRecorded(_ failure: ReplayFailure, in snapshot: inout SceneSnapshot) {
    guard failure.scene == nil || failure.scene == snapshot.scene else { return }
    let frame = failure.element.flatMap { id in snapshot.recorded.first { $0.id == id }?.frame }
    let regions = snapshot.regions.filter(\.isActive).map(\.frame).filter { region in
      frame.map { SnapshotReader.intersection($0, region) != nil } ?? false
    }
    snapshot.failures.append(
      SceneSnapshot.Failure(failure: failure, actual: frame, expected: nil, regions: regions))
  }

  /// An SVG document as an element of the page: without its XML declaration, ids prefixed so that the
  /// pictures of one page never share one. Only markup matches (` id="`, `"url(#`): drawn text has its
  /// `"` escaped (``SVGDocument/escape(_:keepingLineBreaks:)``), so a label holding `url(#` stays as written.
  static func inline(_ svg: String, idPrefix: String? = nil) -> String {
    var text = svg.replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", with: "")
    if let idPrefix {
      text = text.replacingOccurrences(of: " id=\"", with: " id=\"\(idPrefix)")
        .replacingOccurrences(of: "\"url(#", with: "\"url(#\(idPrefix)")
    }
    return text
  }

  /// ``inline(_:idPrefix:)`` on an SVG document handed over in pieces: the XML declaration that starts
  /// it dropped, `idPrefix` inserted after each ` id="` and `"url(#`, the same bytes as the document
  /// inlined whole. Holds back at most 5 bytes of a piece, which may start a pattern the next completes.
  struct InlineSVG {
    let idPrefix: [UInt8]
    private var pending: [UInt8] = []
    private var started = false
    private static let declaration = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
    private static let patterns = [Array(" id=\"".utf8), Array("\"url(#".utf8)]
    private static let longest = patterns.map(\.count).max()!

    init(idPrefix: String) { self.idPrefix = Array(idPrefix.utf8) }

    /// Takes the document's next piece, hands what is ready to `output`.
    /// - Complexity: O(piece).
    mutating func add(_ piece: [UInt8], to output: ([UInt8]) -> Void) {
      var work = pending + piece
      pending = []
      if !started {
        // The declaration is whole in the document's first piece (its head).
        guard work.count >= Self.declaration.count else {
          pending = work
          return
        }
        started = true
        if work.starts(with: Self.declaration) { work.removeFirst(Self.declaration.count) }
      }
      prefixIds(work, final: false, to: output)
    }

    /// Hands what was held back to `output`.
    mutating func finish(to output: ([UInt8]) -> Void) {
      if !started, pending.starts(with: Self.declaration) { pending.removeFirst(Self.declaration.count) }
      let work = pending
      pending = []
      prefixIds(work, final: true, to: output)
    }

    /// Copies `work` to `output` with `idPrefix` after each pattern; unless `final`, the bytes that may
    /// start a pattern the next piece completes (fewer than ``longest``) are held back in `pending`.
    private mutating func prefixIds(_ work: [UInt8], final: Bool, to output: ([UInt8]) -> Void) {
      var result: [UInt8] = []
      result.reserveCapacity(work.count + 256)
      var index = 0
      while index < work.count {
        guard final || index + Self.longest <= work.count else { break }
        if let pattern = Self.patterns.first(where: {
          index + $0.count <= work.count && work[index..<index + $0.count].elementsEqual($0)
        }) {
          result += pattern
          result += idPrefix
          index += pattern.count
        } else {
          result.append(work[index])
          index += 1
        }
      }
      pending = Array(work[index...])
      if !result.isEmpty { output(result) }
    }
  }

  /// Text escaped for HTML as for SVG (``SVGDocument/escape(_:keepingLineBreaks:)``).
  static func escape(_ text: String, keepingLineBreaks: Bool = false) -> String {
    SVGDocument.escape(text, keepingLineBreaks: keepingLineBreaks)
  }
}
