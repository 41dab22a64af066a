import FoldTrace

/// `tracecat plot -o timeline.svg FILE`: an SVG timeline per scene.
struct PlotCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "plot",
    abstract: "Draw a trace as an SVG timeline: sizes, shapes, hinge, division, resizing, markers.",
    discussion: """
      One panel per scene: width (blue) and height (red) in points over time as step lines, the layout \
      shape and presentation as colored bands (as LayoutCore derives them from size classes and size), \
      and bands for an active division region and for interactive resizing. A device panel on top shows \
      the hinge status and angle (degrees); markers are dashed vertical lines across every panel. Hover \
      a band in a browser for its exact times. Opens in any browser; the output is deterministic.
      --from and --to (inclusive; 1.5, 1.5s, 250ms, 1500000000ns) draw a window of a long trace, with \
      the state at --from (sizes, shapes, hinge) carried in from before it; --scene chooses the scene \
      panels (repeat or comma list; - is the device panel).
      --replay replays the trace into LayoutCore's reference screen (as 'tracecat replay' does) and adds \
      two rows per scene: the scroll anchor's drift at each relayout that had to keep it (green within \
      the 1 pt tolerance, red beyond) and the checks that failed (red triangles); hover for values.
      -o OUT must be new (or empty) unless --force, and is never the input; it appears whole or not at \
      all (a temporary file renamed into place).
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
    force = arguments.flag("force")
    replay = arguments.flag("replay")
  }

  func run(_ console: Console) throws -> ExitStatus {
    let trace = try TraceInput(input)
    let timeline = try TimelineReader.read(trace, label: "plot", filter: filter)
    let marks = replay ? try ReplayMarks.replay(trace) : nil
    let document = TimelinePlot.render(timeline, title: trace.name, marks: marks)
    if let output {
      try InputSource.writeFile(output, Array(document.utf8), force: force, input: input)
    } else {
      try console.write(Array(document.utf8))
    }
    return .success
  }
}
