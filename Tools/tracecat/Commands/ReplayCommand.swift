import FoldReplay
import FoldTrace
import LayoutCore
import ReferenceScreen

/// `tracecat replay PATH…`: replays traces into the layout core on all cores, checks every promise, and
/// prints a table (or JSON Lines); exit 1 when any trace fails.
struct ReplayCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "replay",
    abstract: "Replay traces into the layout core and check every promise; exit 1 on any failure.",
    discussion: """
      PATH is a trace file or a directory searched recursively for *.foldtrace files (skipping \
      any directory named known-bad: name it to check its recordings); the list is sorted \
      by path and replayed in parallel, one trace per core. Each trace is replayed on its own virtual \
      clock into LayoutCore's reference screen, spring animator and scroll anchoring, and checked: shape \
      from size classes, no flapping, scroll anchor kept within 1 pt, no snapping (continuity, \
      retargets from the current value and velocity, rest on target, no overshoot, cross-fades with \
      Reduce Motion), controls clear of the fold and cameras, even columns on foldables, the same actions \
      everywhere.

      The table shows each trace's events, scenes, shape sequence per scene (cT compactTall, \
      cS compactShort, rS regularShort, rT regularTall, rW regularWide), the largest anchor drift and \
      frame jump in points, and the verdict, then a total line and the failures as sentences.

      --json prints JSON Lines instead, a stable contract: per layout change {"kind":"layout", "trace", \
      "t" (ns), "scene", "event", "shape", "presentation", "columns", "anchor": {"item", "offset"}}; with \
      --frames per element per tick {"kind":"frame", "trace", "t", "scene", "element", "frame": [x, y, w, \
      h], "target": [x, y, w, h], "opacity"}; per trace {"kind":"summary", "trace", "events", "verdict": \
      "pass"|"fail", "failures": […]}.

      --compare also holds the app's recorded output (format 1.1, as 'tracecat check' reads it) against \
      the replayed model: at each recorded layout, every element whose recorded frame differs from the \
      plan's by more than 0.5 pt in x, y, width or height, every element only one side has, and every \
      recorded shape, presentation or column count the plan does not share; at each presented sample, \
      every element farther from the model's animation than 0.5 pt plus the model's speed times one 60 \
      Hz refresh; an anchorTop after a relayout more than 1 pt from where the model keeps the same \
      item; and, when the model lays a scene out again and the app records no layout within 100 ms, \
      the app's last layout against the new plan. Each is a divergence, printed after the table as a sentence with scene, event and time \
      ("the app put action.archive at [464, 716, 44, 44]; the policy says [272, 716, 44, 44]"); \
      consecutive layouts (or refreshes) that diverge the same way are one divergence. A trace with a divergence fails (exit 1); one \
      without recorded layouts is not compared. With --json, each of a trace's first 100 divergences is a \
      {"kind":"divergence", "trace", "t", "scene", "event", "element", "decision", "presented", "app", \
      "model", "distance", "layouts", "until", "message"} record and each trace ends with \
      {"kind":"comparison", "trace", "layouts", "elements", "presented", "divergences" (all of them), \
      "verdict": "agree"|"diverge"|"none"} before its summary.

      --report DIR also writes DIR/index.html, one self-contained page (inline SVG and CSS, no scripts, \
      no network) that a CI run can keep: the table, each failure's sentence with the wireframe at its \
      moment (as 'tracecat show --replay' draws it: the offending element in red over the region it \
      violates), and each trace's timeline. DIR must not exist or be empty; nothing in it is replaced, \
      and the page appears whole or not at all (a failed run leaves DIR as it was). Each trace's section \
      is made once the trace is replayed and waits in an unnamed temporary file in $TMPDIR (else /tmp) \
      until the table above it is written: memory stays bounded however many traces fail. Pictures are \
      drawn for the first 12 failures of a trace and for the first 50 failing traces; the page counts \
      the traces it does not draw and keeps their failures' sentences.
      """,
    options: [
      .flag("json", help: "Print JSON Lines records instead of the table."),
      .flag("frames", help: "With --json, also print every sampled frame."),
      .flag("compare", help: "Also report where the app's recorded output diverges from the model."),
      .option(
        "shard", value: "K/N",
        help: "Replay only the K-th of N slices of the sorted list (digits, 1 ≤ K ≤ N)."),
      .option("tick-rate", value: "HZ", help: "Presentation samples per second of trace time (default 120)."),
      .option(
        "report", value: "DIR",
        help: "Also write an HTML report with every failure's picture to DIR (new or empty)."
      ),
    ],
    positionals: PositionalSpec(
      name: "PATH", help: "Trace files, or directories holding *.foldtrace files; - reads standard input.",
      minimum: 1, maximum: nil),
    examples: [
      ("tracecat replay Traces", "Replay and check the whole corpus."),
      (
        "tracecat replay --json --frames Traces/duo-open-external-to-internal.foldtrace", "Dump one timeline."
      ),
      (
        "tracecat replay --compare Traces/app-duo-book-fold.foldtrace",
        "Where the recorded app and the model disagree."
      ),
      ("tracecat replay --shard 2/4 Traces", "Replay the second quarter of the corpus (CI sharding)."),
      ("tracecat replay --report replay-report Traces", "Replay the corpus; open replay-report/index.html."),
    ])

  var paths: [String]
  var json: Bool
  var frames: Bool
  var compare: Bool
  var shard: (index: Int, count: Int)?
  var tickRate: Int
  var report: String?

  init(_ arguments: ParsedArguments) throws {
    paths = arguments.positionals
    report = arguments.value("report")
    json = arguments.flag("json")
    frames = arguments.flag("frames")
    compare = arguments.flag("compare")
    if frames && !json {
      throw TracecatError.usage(message: "--frames needs --json", hint: Self.configuration.seeHelp)
    }
    if let text = arguments.value("shard") {
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let index = DecimalArgument.value(parts[0], as: Int.self),
        let count = DecimalArgument.value(parts[1], as: Int.self), count >= 1, (1...count).contains(index)
      else {
        throw TracecatError.usage(
          message:
            "--shard '\(JSONValue.excerpt(text))' is not K/N in digits (0-9) with 1 ≤ K ≤ N ≤ \(Int.max)",
          hint: "for example --shard 2/4 (no sign, no blanks).")
      }
      shard = (index, count)
    }
    tickRate = 120
    if let text = arguments.value("tick-rate") {
      guard let rate = DecimalArgument.value(text, as: Int.self), (1...100_000).contains(rate) else {
        throw TracecatError.usage(
          message:
            "--tick-rate '\(JSONValue.excerpt(text))' is not a whole number of Hz from 1 to 100000 in digits (0-9)",
          hint: Self.configuration.seeHelp)
      }
      tickRate = rate
    }
  }

  func run(_ console: Console) throws -> ExitStatus {
    if let report { try ReplayReport.checkDestination(report) }
    let found = try ReplayInputs.traceFiles(in: paths)
    var files = found.files
    var status = ReplayInputs.report(found, paths: paths, console: console)
    guard !files.isEmpty else { return status }
    if let shard { files = ReplayInputs.slice(files, shard: shard.index, of: shard.count) }
    let configuration = ReplayConfiguration(
      policy: ReferenceScreenLayout(), content: RecordListContent(),
      scrollElementID: ReferenceScreenLayout.scrollElementID, tickRate: tickRate)
    let tally = ReplayTally()
    // The report keeps each trace's table row, and its section in a temporary file, as it comes.
    let page = report.map { ReplayReport.Page(directory: $0, configuration: configuration) }
    ReplayRun.each(
      files, configuration: configuration, json: json, frames: frames, compare: compare, console: console
    ) { outcome in
      status = status.worse(outcome.status)
      if json {
        do {
          // A standard output that fails is reported once, by the final flush.
          try outcome.spool?.drain(into: console)
        } catch let error as TracecatError {
          if case .io(let file, _) = error, file == "<stdout>" {
          } else {
            status = status.worse(ErrorRenderer.report(error, to: console))
          }
        } catch {}
        try? console.flush()
        outcome.errors.forEach(console.error)
      }
      if !json { tally.add(outcome) }
      page?.add(outcome)
    }
    if !json { try tally.print(to: console) }
    try page?.publish()
    return status
  }
}
