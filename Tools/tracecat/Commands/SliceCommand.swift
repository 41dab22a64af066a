import FoldTrace

/// `tracecat slice --from T --to T -o OUT FILE`: a smaller valid trace for a bug report.
struct SliceCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "slice",
    abstract: "Cut a time range out of a trace into a smaller, valid trace that starts with the state.",
    discussion: """
      Writes the events between --from and --to (both inclusive; seconds 1.5 or 1.5s, milliseconds \
      250ms, or nanoseconds 1500000000ns) with the archive flush policy. Times keep their values, so \
      the slice lines up with the original. The slice opens with the session state at --from — the \
      hinge, then per connected scene its connection, geometry, traits, regions, scroll and selection, \
      stamped --from — so it replays from its first event as the original does from --from; every \
      later frame's keyframe carries that state too. The header is copied. Reading starts at the frame \
      holding --from (the seek table makes that a jump) and stops at the first event after --to: a \
      damaged frame outside that is not read; one inside is reported with its frame number and byte \
      offset (exit 1), as 'tracecat cat --help' describes. A range with no event gives the state alone. \
      When the trace goes on past --to, the slice ends with a cut record at --to: the recording stops \
      there mid-session, so 'tracecat check' leaves a move under way then unfinished. \
      OUT must be new (or empty): tracecat never overwrites a trace. Records of kinds this tracecat does \
      not know (from a newer FoldTrace) are dropped, with a note of how many on standard error, and the \
      slice's header then names the format version this tracecat writes, not the newer one.
      """,
    options: [
      .option("from", value: "TIME", help: "Start of the range (default: the trace's start)."),
      .option("to", value: "TIME", help: "End of the range (default: the trace's end)."),
      .option(
        "output", short: "o", value: "OUT",
        help: "Write the slice to OUT, a new file (- or none: standard output)."),
    ],
    positionals: PositionalSpec(
      name: "FILE", help: "The trace (.foldtrace); - reads standard input.", minimum: 1, maximum: 1),
    examples: [
      (
        "tracecat slice --from 1.2 --to 1.8s -o bug-1234.foldtrace Traces/duo-open-external-to-internal.foldtrace",
        "The 600 ms around a failed assertion, for a bug report."
      )
    ])

  var input: String
  var output: String?
  var filter: EventFilter

  init(_ arguments: ParsedArguments) throws {
    input = arguments.positionals[0]
    output = arguments.value("output")
    if output == "-" { output = nil }
    filter = try EventFilter(arguments, command: Self.configuration.name)
  }

  func run(_ console: Console) throws -> ExitStatus {
    if output == nil && console.outputIsTerminal {
      throw TracecatError.usage(
        message: "refusing to write a binary trace to a terminal",
        hint: "redirect standard output or use -o OUT.")
    }
    let name = InputSource.displayName(input)
    let reader = try InputSource.trace(input, forward: filter.from == 0)
    let progress = Progress("slice \(name)", reading: reader)
    defer { progress.finish() }
    // The slice streams (on standard output, a trace that fails to read after the first 1 MiB leaves
    // those frames written).
    var trace = try StreamedTrace(to: output, inputs: [input], console: console)
    defer { trace.discard() }
    // The slice holds what this reader decoded, written by this writer: never more than the format it
    // writes, whatever newer kinds or fields the input's version had.
    var header = reader.header
    header.version = min(header.version, .current)
    let writer = try TraceWriter(header: header, policy: .archive)
    var snapshot = SessionState<Void>()
    var stateCount = 0
    var sliced = 0
    /// Opens the slice with the session state at --from.
    func writeState() throws(TraceError) {
      let state = snapshot.events(at: filter.from)
      stateCount = state.count
      for event in state { try writer.append(event) }
    }
    do {
      if filter.from > 0 { try reader.seek(toTime: filter.from - 1) }
      var started = false
      // The source goes on past --to: the slice ends with a `cut` record there, so that a move under way
      // at --to is not judged as ended.
      var continues = false
      frames: while let frame = try reader.nextFrame() {
        progress.update(frame.offset + frame.size)
        if !started { for event in frame.keyframe { snapshot.apply(event.payload) } }
        for event in frame.events {
          if event.time > filter.to {
            continues = true
            break frames
          }
          if event.time < filter.from {
            snapshot.apply(event.payload)
            continue
          }
          if !started {
            started = true
            try writeState()
          }
          try writer.append(event)
          sliced += 1
        }
        try trace.drain(writer)
      }
      if !started { try writeState() }  // No event in the range: the slice is the state at --from alone.
      if continues { try writer.append(TraceEvent(time: filter.to, .cut)) }
      try writer.close()
    } catch let error as TraceError {
      throw TracecatError(error)
    }
    try trace.finish(writer)
    if reader.unknownEventCount > 0 {
      try? console.flush()
      console.error(
        "tracecat: note: \(DisplayText.escaped(name)): dropped \(Count(reader.unknownEventCount, "record")) of kinds this tracecat "
          + "does not know (trace format \(reader.header.version)); "
          + "\(output.map(DisplayText.escaped) ?? "the slice") is trace format \(header.version) and holds the rest"
      )
    }
    // The summary goes beside the trace, never into it.
    guard let output, !trace.isStandardOutput else { return .success }
    let end = filter.to == .max ? "the end" : "\(EventFormatter.time(filter.to)) s"
    console.print(
      "\(DisplayText.escaped(output)): the state at \(EventFormatter.time(filter.from)) s (\(Count(stateCount, "event"))), then "
        + "\(Count(sliced, "event")) to \(end); \(Count(writer.frameCount, "frame")), \(Count(trace.written, "byte"))"
    )
    return .success
  }
}
