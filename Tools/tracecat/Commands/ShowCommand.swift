import FoldTrace

/// `tracecat show --at TIME [-s SCENE] [--replay] -o OUT.svg FILE`: the scene at a moment as a wireframe;
/// with `--from`, `--to` and `--every`, a filmstrip of moments.
struct ShowCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "show",
    abstract: "Draw the layout at a moment (or a filmstrip of moments) as an SVG wireframe, to scale.",
    discussion: """
      Each scene connected at the moment is drawn to scale: its bounds, the safe area (insets shaded, \
      the safe frame dashed green), division and occlusion regions (active ones filled, inactive ones \
      dashed), every element's frame labelled with its id (interactive controls orange, scrolling panes \
      blue), and the scroll viewport with its visible items, the scroll anchor (green) and the selection \
      (purple). One moment also lists every element's frame in points (x, y, width, height).
      Without --replay the elements are the plan LayoutCore's reference screen (the example app's \
      ReferenceScreenLayout) gives for the scene's recorded context, at rest, with the recorded scroll \
      position. With --replay the trace is replayed as 'tracecat replay' does and the picture is the \
      replayed presentation at the last tick at or before the moment (moving elements with their target \
      dashed, elements fading out dashed), the replay's scroll position, and each failed check located \
      there: the offending element in red over the region it violates, its expected frame dashed, and \
      the failure's sentence under the panel.
      --at TIME draws one moment; --from, --to and --every draw a filmstrip of the moments from --from \
      to --to (inclusive) every --every, at most 200, in one SVG at one scale. A drawing holds at most \
      800 panels (a panel is one scene at one moment): more, counted as the trace is read, is a usage \
      error, so draw fewer scenes (--scene) or fewer moments. A panel draws a scene's first 32 reserved \
      regions and the app's first 64 frames (ids cut to 100 characters) and counts the rest under it. \
      The SVG is written as it is drawn. Times are 1.5, 1.5s, \
      250ms or 1500000000ns; a moment after the trace's last event is refused. --scene chooses the \
      scenes (repeat or comma list).
      Without --replay only the frames the moments need are read: reading stops at the first frame \
      after the last moment and, in a format 1.0 trace, starts at the frame holding the first (the seek \
      table makes that a jump), so damage outside them is never met. A format 1.1 trace is read from \
      its start (the app's presented frames are history, not state), and --replay reads every frame.
      """,
    options: [
      .option("at", value: "TIME", help: "The moment to draw (1.5, 1.5s, 250ms, 1500000000ns)."),
      .option(
        "scene", short: "s", value: "SCENE", help: "Draw only these scenes (repeat, or a comma list: 1,2)."),
      .flag("replay", help: "Replay into the reference screen: the presentation, scroll and failures then."),
      .option("output", short: "o", value: "OUT", help: "Write the SVG to OUT instead of standard output."),
      .flag("force", help: "Replace OUT when it exists (never the input FILE)."),
      .option("from", value: "TIME", help: "A filmstrip's first moment (with --to and --every)."),
      .option("to", value: "TIME", help: "A filmstrip's last moment, inclusive."),
      .option("every", value: "TIME", help: "The step between a filmstrip's moments (for example 100ms)."),
    ],
    positionals: PositionalSpec(
      name: "FILE", help: "The trace (.foldtrace); - reads standard input.", minimum: 1, maximum: 1),
    examples: [
      (
        "tracecat show --at 2.25 -o rotated.svg Traces/state-book-fold.foldtrace",
        "The book-fold scene at 2.25 s, its division and every element; open rotated.svg in a browser."
      ),
      (
        "tracecat show --replay --from 3.4 --to 4 --every 100ms -o fold.svg "
          + "Traces/duo-open-external-to-internal.foldtrace",
        "A filmstrip of the Duo opening, every 100 ms, with the replayed presentation."
      ),
    ])

  /// The most moments a filmstrip draws.
  static let momentLimit = 200

  /// The most panels (one scene at one moment) a drawing holds: 200 moments of 4 scenes. Scenes are
  /// counted as the trace is read, so the moment that passes the bound ends the reading with a usage
  /// error, and the snapshots held stay under it (plus one moment's scenes, at most 128).
  static let panelLimit = 800

  var input: String
  var output: String?
  var times: [UInt64]
  /// What the user gave for the last of `times`, for an error: `--at`, `--to`, or the filmstrip's last
  /// step short of `--to`.
  var lastMomentOption = "--at"
  var scenes: Set<SceneID>?
  var replay: Bool
  var force: Bool

  init(_ arguments: ParsedArguments) throws {
    let name = Self.configuration.name
    input = arguments.positionals[0]
    output = arguments.value("output")
    if output == "-" { output = nil }
    replay = arguments.flag("replay")
    force = arguments.flag("force")
    let filter = try EventFilter(arguments, command: name)
    if let chosen = filter.scenes {
      guard !chosen.contains(nil) else {
        throw TracecatError.usage(
          message: "--scene - (device-wide events) has no layout to show",
          hint: "name scenes by number (1, 2); see 'tracecat show --help'.")
      }
      scenes = Set(chosen.compactMap { $0 })
    }
    let strip = ["from", "to", "every"].filter { arguments.value($0) != nil }
    if let text = arguments.value("at") {
      guard strip.isEmpty else {
        throw TracecatError.usage(
          message: "--at draws one moment; --\(strip[0]) belongs to a filmstrip",
          hint: "give --at TIME, or --from, --to and --every; see 'tracecat show --help'.")
      }
      times = [try TimeArgument.parse(text, option: "--at", command: name)]
      return
    }
    guard strip.count == 3, let everyText = arguments.value("every") else {
      let missing = ["from", "to", "every"].filter { !strip.contains($0) }.map { "--\($0)" }
      throw TracecatError.usage(
        message: strip.isEmpty
          ? "show needs a moment: --at TIME" : "a filmstrip needs \(missing.joined(separator: " and "))",
        hint: "give --at TIME, or --from, --to and --every; see 'tracecat show --help'.")
    }
    let every = try TimeArgument.parse(everyText, option: "--every", command: name)
    guard every > 0 else {
      throw TracecatError.usage(message: "--every must be longer than 0", hint: "for example --every 100ms.")
    }
    // Steps past the first moment: up to 2⁶⁴ − 1 (a 1 ns step over the whole time line), so the count
    // of moments, one more, is compared and printed without adding.
    let steps = (filter.to - filter.from) / every
    guard steps < UInt64(Self.momentLimit) else {
      let count = steps == .max ? "18446744073709551616" : "\(steps + 1)"
      throw TracecatError.usage(
        message:
          "--from, --to and --every give \(count) moments; a filmstrip draws at most \(Self.momentLimit)",
        hint: "choose a longer --every or a shorter window.")
    }
    let count = steps + 1
    times = (0..<count).map { filter.from + $0 * every }
    lastMomentOption = times.last == filter.to ? "--to" : "the last moment of --from, --to and --every,"
  }

  func run(_ console: Console) throws -> ExitStatus {
    let trace = try TraceInput(input)
    let result = try SnapshotReader.read(
      trace, at: times, scenes: scenes, replay: replay, panelLimit: Self.panelLimit)
    // One moment holds at most 128 scenes, so only a filmstrip's moments pass the bound.
    if let overflow = result.overflow {
      let at = "\(Count(overflow.scenes, "scene")) at \(EventFormatter.time(overflow.time)) s"
      throw TracecatError.usage(
        message: "--from, --to and --every give \(Count(times.count, "moment")) and more than "
          + "\(Self.panelLimit) panels (a panel is one scene at one moment; \(at)); a filmstrip draws at "
          + "most \(Self.panelLimit)",
        hint: "choose fewer scenes with --scene (for example -s 1,2), a longer --every or a shorter window.")
    }
    if let late = times.last, late > result.end {
      throw TracecatError.usage(
        message: "\(lastMomentOption) \(EventFormatter.time(late)) s is after "
          + "\(trace.name)'s last event (\(EventFormatter.time(result.end)) s)",
        hint: "choose a moment up to \(EventFormatter.time(result.end)) s.")
    }
    // A named scene drawn at no moment leaves its panels empty: a note names it, as cat's does.
    if let scenes {
      var missing = scenes
      for snapshots in result.snapshots { for snapshot in snapshots { missing.remove(snapshot.scene) } }
      if !missing.isEmpty {
        let moments = times.count == 1 ? "at \(EventFormatter.time(times[0])) s" : "at any moment drawn"
        console.error(
          "tracecat: note: \(trace.name): no \(missing.count == 1 ? "scene" : "scenes") "
            + "\(SceneCoverage.list(missing.sorted())) with a geometry \(moments)")
      }
    }
    let moments = zip(times, result.snapshots).map { Wireframe.Moment(time: $0, scenes: $1) }
    // The document is handed on as it is drawn, about 1 MiB at a time, never held whole.
    if let output {
      try InputSource.writeFile(output, force: force, input: input) {
        try Wireframe.write(moments, title: trace.name, to: $0)
      }
    } else {
      try Wireframe.write(moments, title: trace.name) { try console.write($0) }
    }
    return .success
  }
}
