import FoldTrace

/// `tracecat export --chrome [-o OUT] FILE`: Chrome Trace Event JSON for Perfetto UI and chrome://tracing.
struct ExportCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "export",
    abstract: "Export a trace as Chrome Trace Event JSON, to open in Perfetto UI or chrome://tracing.",
    discussion: """
      --chrome (the one format so far) writes a JSON object with traceEvents, ts and dur in \
      microseconds. The device is pid 1: hinge status as slices, the hinge angle as a counter \
      (degrees), markers and dropped-event records as global instant events. Scene n is pid 1000+n, \
      modulo 2^32 so that it fits the 32 bits Perfetto reads (scenes 4294966296 and up, which no \
      recorder numbers, wrap to pids 0-999; scene 4294966297 shares pid 1 with the device), \
      named 'scene n (display)': its layout shapes and presentations (stack, split, expanded) as \
      slices, as LayoutCore derives them from size classes and size, division-active and \
      interactive-resize stretches as slices, active and inactive occlusions and inactive divisions, the \
      safe area (points), the traits, the recorded scroll anchor item and the selection as slices, and \
      its width, height and scroll offset as counters (points). Open the file at \
      https://ui.perfetto.dev (Open trace file) or in chrome://tracing (Load). Events are written as the \
      trace ends them (a slice when its value gives way), so a trace of any length exports in bounded \
      memory. Output is deterministic: one event per line, keys sorted.
      --replay replays the trace into the example app's reference screen (as 'tracecat replay' does) and \
      adds each failed check as an instant event on the scene's 'failures' track, named by the check \
      with its sentence in args.message, and the anchor drift at each relayout as the counter 'anchor \
      drift' (points).
      --from and --to (inclusive) export a window, with the state at --from carried in from before it \
      (only the window's frames are read: damage outside it does not fail the export, as 'tracecat cat \
      --help' describes); \
      --scene chooses the scenes (- is the device). -o OUT must be new (or empty) unless --force, and \
      is never the input; it appears whole or not at all (a file with no name until it is linked or \
      renamed into place).
      """,
    options: [
      .flag("chrome", help: "Chrome Trace Event JSON (required; the only format so far)."),
      .option("output", short: "o", value: "OUT", help: "Write to OUT instead of standard output."),
      .flag("replay", help: "Replay into the reference screen; add failed checks and the anchor drift."),
      .flag("force", help: "Replace OUT when it exists (never the input FILE)."),
    ] + EventFilter.windowOptions,
    positionals: PositionalSpec(
      name: "FILE", help: "The trace (.foldtrace); - reads standard input.", minimum: 1, maximum: 1),
    examples: [
      (
        "tracecat export --chrome -o duo.json Traces/duo-open-external-to-internal.foldtrace",
        "Then open duo.json in https://ui.perfetto.dev."
      )
    ])

  var input: String
  var output: String?
  var filter: EventFilter
  var replay: Bool
  var force: Bool

  init(_ arguments: ParsedArguments) throws {
    guard arguments.flag("chrome") else {
      throw TracecatError.usage(
        message: "export needs a format: --chrome", hint: "usage: \(Self.configuration.usage)")
    }
    input = arguments.positionals[0]
    output = arguments.value("output")
    if output == "-" { output = nil }
    filter = try EventFilter(arguments, command: Self.configuration.name)
    replay = arguments.flag("replay")
    force = arguments.flag("force")
  }

  func run(_ console: Console) throws -> ExitStatus {
    let name = InputSource.displayName(input)
    // OUT is claimed before the trace (or standard input) is read: a refused OUT costs no reading.
    func export(_ write: ([UInt8]) throws -> Void) throws {
      let trace = try TraceInput(input)
      // The anchor drift is a counter: a sample that repeats the one before adds nothing.
      let marks = replay ? try ReplayMarks.replay(trace, changesOnly: true) : nil
      let coverage = try ChromeTraceExporter.write(
        reading: trace, filter: filter, title: name, marks: marks, to: write)
      if let note = coverage.note(file: input) { console.error(note) }
    }
    if let output {
      try InputSource.writeFile(output, force: force, input: input, export)
    } else {
      try export { try console.write($0) }
    }
    return .success
  }
}
