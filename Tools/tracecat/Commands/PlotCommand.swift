import FoldTrace

/// `tracecat plot -o timeline.svg FILE`: an SVG timeline per scene.
struct PlotCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "plot",
    abstract: "Draw a trace as an SVG timeline: a lane per display with sizes, shapes, regions, scroll.",
    discussion: """
      One lane per display (iPhone Duo's external and internal displays, a window, iPhone Mirroring, a \
      monitor; a second lane when two scenes share a display at once): each connection of a scene in \
      the display's first lane free when it connects, so a display has as many lanes as it had scenes \
      connected at once, however often scenes come back; handovers between displays joined by a dashed \
      line (handovers closer than 4 px gather into one paler line that counts them); their width (blue) and height (red) \
      in points as step lines; the layout shape and presentation as colored bands (as LayoutCore derives \
      them from size classes and size); the safe area; division and occlusion regions (active solid, \
      inactive pale); interactive resizing; the scroll anchor item and selection the trace recorded, and \
      the scroll offset. A device panel on top shows the hinge status and angle (degrees); markers are \
      dashed vertical lines across every lane, and each group of panels has its time axis. The SVG fills \
      the browser window's width; stretches narrower than a pixel merge into a grey one that says how \
      many changes it holds, so a long session stays a few screens tall. Hover anything for its values. \
      The output is deterministic.
      --from and --to (inclusive; 1.5, 1.5s, 250ms, 1500000000ns) draw a window of a long trace, with \
      the state at --from (sizes, shapes, hinge) carried in from before it (a window under 1 ms is \
      widened to 1 ms); --scene chooses the scenes \
      (repeat or comma list; - is the device panel). Only the window's frames are read: damage outside it does not fail \
      the plot (as 'tracecat cat --help' describes).
      --replay replays the trace into LayoutCore's reference screen (as 'tracecat replay' does), puts the \
      verdict under the title, and adds two rows per lane: the scroll anchor's drift at each relayout \
      that had to keep it (green within the 1 pt tolerance, red beyond) and the checks that failed (red \
      triangles with their sentences; hover for all of it).
      -o OUT must be new (or empty) unless --force, and is never the input; it appears whole or not at \
      all (a file with no name until it is linked or renamed into place).
      """,
    options: [
      .option("output", short: "o", value: "OUT", help: "Write the SVG to OUT instead of standard output."),
      .flag("force", help: "Replace OUT when it exists (never the input FILE)."),
      .flag(
        "replay", help: "Replay into LayoutCore's reference screen; mark anchor drift and failed checks."),
    ] + EventFilter.windowOptions,
    positionals: PositionalSpec(
      name: "FILE", help: "The trace (.foldtrace); - reads standard input.", minimum: 1, maximum: 1),
    examples: [
      (
        "tracecat plot -o timeline.svg Traces/var-ipad-resize-five-shapes.foldtrace",
        "An iPad window dragged through all five shapes; open timeline.svg in a browser."
      ),
      (
        "tracecat plot --replay --from 300 --to 330 -s 11,12,- -o day.svg Traces/long-duo-day.foldtrace",
        "Thirty seconds of a long day, two scenes and the hinge, with anchor drift and failed checks."
      ),
    ])

  var input: String
  var output: String?
  var filter: EventFilter
  var force: Bool
  var replay: Bool

  init(_ arguments: ParsedArguments) throws {
    input = arguments.positionals[0]
    output = arguments.value("output")
    if output == "-" { output = nil }
    filter = try EventFilter(arguments, command: Self.configuration.name)
    // The plot's time grid spans at least 1 ms: a shorter window is widened to 1 ms, so that what the
    // axis shows past --to is drawn too, never left blank as if nothing happened there.
    if filter.to != .max, filter.to - filter.from < 1_000_000 {
      filter.to = filter.from > .max - 1_000_000 ? .max : filter.from + 1_000_000
    }
    force = arguments.flag("force")
    replay = arguments.flag("replay")
  }

  func run(_ console: Console) throws -> ExitStatus {
    // OUT is claimed before the trace (or standard input) is read: a refused OUT costs no reading.
    func draw(_ write: ([UInt8]) throws -> Void) throws {
      let trace = try TraceInput(input)
      let extent = try TimelineReader.readExtent(trace, label: "plot", filter: filter)
      if let note = extent.coverage.note(file: input) { console.error(note) }
      // The replay comes first: the second read keeps the lanes of the scenes its marks are drawn for.
      // Drifts are kept only for the window drawn, at its resolution.
      let start = extent.start ?? 0
      let marks = replay ? try ReplayMarks.replay(trace, window: start...max(start, extent.end)) : nil
      let timeline = try TimelineReader.readForPlot(
        trace, label: "plot", filter: filter, extent: extent, marks: marks)
      try TimelinePlot.write(timeline, title: trace.name, marks: marks, to: write)
    }
    if let output {
      try InputSource.writeFile(output, force: force, input: input, draw)
    } else {
      try draw { try console.write($0) }
    }
    return .success
  }
}
