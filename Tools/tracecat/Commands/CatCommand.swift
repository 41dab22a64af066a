import FoldTrace

/// `tracecat [cat] [--json] [--kind K] [--scene S] [--from T] [--to T] [--follow] FILE…`: prints a
/// trace's events, one per line.
struct CatCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "cat",
    abstract: "Print a trace's events, one per line (the default subcommand).",
    discussion: """
      Columns: time since session start in seconds (s.mmm), scene (- for device-wide events), kind, then \
      the event's fields as key=value with JSON values, named as in the JSON Lines form. A line starting \
      with # shows the header. With --json, prints the JSON Lines form: the header line, then one event \
      per line, which 'tracecat pack' turns back into the same trace (when nothing is filtered out).

      Filters combine (every one given must hold). --kind and --scene repeat or take comma lists; \
      --from and --to are inclusive and take seconds (1.5 or 1.5s), milliseconds (250ms) or whole \
      nanoseconds (1500000000ns), exactly, without rounding. Kinds: sceneConnected, \
      sceneDisconnected, geometry, hinge, regions, traits, scroll, selection, marker, dropped. A \
      --scene the trace does not have is not an error (the answer is empty, exit 0), but a note on \
      standard error names it and the scenes the trace has. A time finer than a nanosecond or past \
      2^64 - 1 ns is a usage error that says so.

      A window reads only the frames it needs: the seek table's offsets and a binary search on frame \
      start times find the last frame starting before --from, and reading stops at the first frame \
      holding an event after --to. A damaged frame outside those is not read and does not fail the \
      command; one inside is reported with its frame number and byte offset (exit 1, 4 for a torn \
      tail). Without a seek table (a trace not closed) the frames are found by reading forward from \
      the start, and damage is reported where it is met.

      --follow reads a trace that is still being recorded (one FILE, not standard input): it prints \
      events as frames land, polling every 20–250 ms, and exits 0 when the recorder closes the trace \
      cleanly (its seek table appears). What lands is checked as 'tracecat verify' checks it, seek \
      tables included: damage, or bytes that cannot begin a trace or a frame, stop it at once with \
      verify's status (4 torn, 1 corrupt or not a trace). Interrupt it (Ctrl-C) to stop earlier.
      """,
    options: [.flag("json", help: "Print JSON Lines instead of columns.")] + EventFilter.options + [
      .flag("follow", short: "f", help: "Follow a trace being recorded until it is closed.")
    ],
    positionals: PositionalSpec(
      name: "FILE", help: "Trace files (.foldtrace); - reads standard input.", minimum: 1, maximum: nil),
    examples: [
      ("tracecat Traces/duo-open-external-to-internal.foldtrace", "Print the shipped Duo trace in columns."),
      (
        "tracecat --kind geometry,hinge --from 1.5 --to 2s Traces/duo-open-external-to-internal.foldtrace",
        "Geometry and hinge events between 1.5 s and 2 s."
      ),
      (
        "tracecat --json session.foldtrace | jq 'select(.kind == \"geometry\") | .size'",
        "Every scene size, via jq."
      ),
      ("tracecat -f --scene 2 recording.foldtrace", "Watch scene 2 of a recording in progress."),
    ])

  var files: [String]
  var json: Bool
  var filter: EventFilter
  var follow: Bool

  init(_ arguments: ParsedArguments) throws {
    files = arguments.positionals
    json = arguments.flag("json")
    follow = arguments.flag("follow")
    filter = try EventFilter(arguments, command: Self.configuration.name)
    if follow && (files.count != 1 || files == ["-"]) {
      throw TracecatError.usage(
        message: "--follow reads one trace file that a recorder is writing",
        hint: "usage: tracecat cat --follow FILE; standard input is not followed.")
    }
  }

  func run(_ console: Console) throws -> ExitStatus {
    if follow { return try runFollowing(files[0], console) }
    return EachInput.run(files, console: console) { file in
      let reader = try InputSource.trace(file, forward: filter.from == 0)
      printHeader(reader.header, file: file, console)
      defer { noteUnknown(reader.unknownEventCount, file: file, console) }
      let progress = Progress("cat \(InputSource.displayName(file))", reading: reader)
      defer { progress.finish() }
      var coverage = SceneCoverage(filter)
      defer { note(coverage, file: file, console) }
      // Only the frames the window needs are read (see `--from` in the help): damage outside them is
      // never met.
      if filter.from > 0 { try reader.seek(toTime: filter.from - 1) }
      while let frame = try reader.nextFrame(), frame.time <= filter.to {
        coverage.see(frame.keyframe)
        coverage.see(frame.events)
        printEvents(frame.events, console)
        // Standard input may arrive slowly (a recording piped in): each frame's events as it lands.
        if file == "-" { try console.flush() }
        progress.update(frame.offset + frame.size)
        // Times never decrease: no later frame holds an event at or before --to.
        if frame.events.last.map({ $0.time > filter.to }) ?? false { break }
      }
      return .success
    }
  }

  private func runFollowing(_ file: String, _ console: Console) throws -> ExitStatus {
    let follower = TraceFollower(path: file)
    var unknown = 0
    defer { noteUnknown(unknown, file: file, console) }
    var pause: UInt32 = 20_000
    while true {
      let headerWasKnown = follower.header != nil
      let poll = try follower.poll()
      if !headerWasKnown, let header = follower.header { printHeader(header, file: file, console) }
      for frame in poll.frames {
        printEvents(frame.events, console)
        unknown += frame.unknownEventCount
      }
      try console.flush()
      if poll.isClosed { return .success }
      if poll.hasMore { continue }
      pause = poll.frames.isEmpty ? min(pause * 2, 250_000) : 20_000
      FoldTrace.pause(microseconds: pause)
    }
  }

  private func printHeader(_ header: TraceHeader, file: String, _ console: Console) {
    if json {
      console.print(TraceJSONLines.encode(header: header))
    } else {
      if files.count > 1 { console.print("==> \(DisplayText.escaped(InputSource.displayName(file))) <==") }
      console.print(EventFormatter.headerLine(header))
    }
  }

  private func printEvents(_ events: [TraceEvent], _ console: Console) {
    for event in events where filter.keeps(event) {
      if json {
        console.printLine { TraceJSONLines.encode(event: event, into: &$0) }
      } else {
        console.printLine { EventFormatter.appendLine(event, to: &$0) }
      }
    }
  }

  private func note(_ coverage: SceneCoverage, file: String, _ console: Console) {
    guard let note = coverage.note(file: file) else { return }
    try? console.flush()
    console.error(note)
  }

  private func noteUnknown(_ count: Int, file: String, _ console: Console) {
    guard count > 0 else { return }
    try? console.flush()
    console.error(
      "tracecat: note: \(InputSource.displayName(file)): skipped \(Count(count, "event")) of kinds "
        + "this tracecat does not know (written by a newer FoldTrace)")
  }
}
