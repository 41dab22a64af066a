import FoldReplay
import FoldTrace

/// `tracecat check PATH…`: checks the app's recorded output in traces (layout, presented frames,
/// anchorTop) against the recorded inputs, with no model; prints the `replay` table (or JSON Lines); exit
/// 1 when any trace fails.
struct CheckCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "check",
    abstract: "Check the app's recorded output in traces; exit 1 on any failure.",
    discussion: """
      PATH is a trace file or a directory searched recursively for *.foldtrace files (skipping \
      any directory named known-bad: name it to check its recordings), sorted by path. \
      Each trace's recorded output (format 1.1: layout, presented, scroll anchorTop) is checked against \
      its recorded inputs: the recorded shape follows the size classes and aspect ratio; no recorded \
      decision (shape, presentation, columns) flaps; interactive elements at rest clear of active \
      divisions and occlusions; even columns where the scene can fold; presented frames continuous \
      between refreshes, starting from the on-screen value, resting exactly on the recorded layout, \
      without overshoot, cross-fading under Reduce Motion; the anchor's anchorTop kept within 1 pt \
      across relayouts and display handovers. Tolerances suit 60/120 Hz display-link sampling with \
      dropped frames. A trace without recorded output passes.

      The table and exit codes are those of replay; SHAPES are the recorded shapes, MAX DRIFT the \
      largest anchorTop change checked, MAX JUMP the largest step between two presented frames. --json \
      prints one {"kind":"summary", "trace", "events", "verdict", "failures": […]} record per trace, as \
      replay's summary.

      --report DIR also writes DIR/index.html, the offline page 'tracecat replay --report' writes: the \
      table, each failure's sentence with the wireframe at its moment (the app's own frames, dashed \
      cyan, over the reference screen's plan; the offending recorded frame in red over the region it \
      violates) and each trace's timeline with the app's layout and animation rows. DIR must not exist \
      or be empty; nothing in it is replaced, and the page appears whole or not at all.
      """,
    options: [
      .flag("json", help: "Print JSON Lines summaries instead of the table."),
      .option(
        "report", value: "DIR",
        help: "Also write an HTML report with every failure's picture to DIR (new or empty)."),
    ],
    positionals: PositionalSpec(
      name: "PATH", help: "Trace files, or directories holding *.foldtrace files; - reads standard input.",
      minimum: 1, maximum: nil),
    examples: [
      ("tracecat check device.foldtrace", "Check one recording from a device."),
      ("tracecat check --report check-report Traces/known-bad", "See each known failure in a page."),
    ])

  var paths: [String]
  var json: Bool
  var report: String?

  init(_ arguments: ParsedArguments) throws {
    paths = arguments.positionals
    json = arguments.flag("json")
    report = arguments.value("report")
  }

  func run(_ console: Console) throws -> ExitStatus {
    if let report { try ReplayReport.checkDestination(report) }
    let found = try ReplayInputs.traceFiles(in: paths)
    let files = found.files
    var status = ReplayInputs.report(found, paths: paths, console: console)
    guard !files.isEmpty else { return status }
    let tally = ReplayTally()
    // The report keeps each trace's table row, and its section in a temporary file, as it comes.
    let page = report.map {
      ReplayReport.Page(directory: $0, configuration: SnapshotReader.configuration, kind: .check)
    }
    for path in files {
      let outcome = Self.one(path)
      status = status.worse(outcome.status)
      if json {
        console.print(outcome.lines.joined(separator: "\n"))
        outcome.errors.forEach(console.error)
      }
      if !json { tally.add(outcome) }
      page?.add(outcome)
    }
    if !json { try tally.print(to: console) }
    try page?.publish()
    return status
  }

  /// Checks one trace frame by frame; a damaged trace is checked up to the damage and reported.
  static func one(_ path: String) -> ReplayOutcome {
    let name =
      path == "-" ? InputSource.displayName(path) : path.split(separator: "/").last.map(String.init) ?? path
    var checker = RecordingChecker(trace: name)
    var errors: [String] = []
    var errorStatus: ExitStatus?
    // A recording read to a clean close ended; one torn, damaged or never closed (no seek table: its
    // writer stopped between frames) was cut, and its moves under way at the cut stay unfinished.
    var cut = true
    do {
      let reader = try InputSource.trace(path)
      while let frame = try reader.nextFrame() {
        for event in frame.events { checker.receive(event) }
      }
      cut = !reader.isClosedCleanly
    } catch {
      let wrapped = TracecatError.wrapping(error, file: path)
      errors = ErrorRenderer.lines(for: wrapped)
      errorStatus = wrapped.exitStatus
    }
    let summary = checker.finish(cut: cut)
    var line = ReplayJSONLines.summary(summary)
    if !errors.isEmpty {
      let message = ReplayJSONLines.string(errors.joined(separator: " "))
      line =
        "{\"kind\":\"summary\",\"trace\":\(ReplayJSONLines.string(name)),\"events\":\(summary.events)"
        + ",\"verdict\":\"fail\",\"failures\":[{\"check\":\"trace\",\"scene\":null,\"event\":null,\"t\":0"
        + ",\"element\":null,\"expected\":\"a readable trace\",\"actual\":\(message),\"message\":\(message)}]}"
    }
    return ReplayOutcome(
      path: path, summary: summary, lines: [line], errors: errors, errorStatus: errorStatus)
  }
}
