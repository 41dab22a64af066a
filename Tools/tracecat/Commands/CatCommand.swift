import FoldTrace

/// `tracecat [cat] [--json] FILE…`: prints a trace's events, one per line.
struct CatCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "cat",
    abstract: "Print a trace's events, one per line (the default subcommand).",
    discussion: """
      Columns: time since session start in seconds (s.mmm), scene (- for device-wide events), kind, then \
      the event's fields as key=value with JSON values, named as in the JSON Lines form. A line starting \
      with # shows the header. With --json, prints the JSON Lines form: the header line, then one event \
      per line, which 'tracecat pack' turns back into the same trace.
      """,
    options: [.flag("json", help: "Print JSON Lines instead of columns.")],
    positionals: PositionalSpec(
      name: "FILE", help: "Trace files (.foldtrace); - reads standard input.", minimum: 1, maximum: nil),
    examples: [
      ("tracecat Traces/duo-open-external-to-internal.foldtrace", "Print the shipped Duo trace in columns."),
      (
        "tracecat --json session.foldtrace | jq 'select(.kind == \"geometry\") | .size'",
        "Every scene size, via jq."
      ),
    ])

  var files: [String]
  var json: Bool

  init(_ arguments: ParsedArguments) throws {
    files = arguments.positionals
    json = arguments.flag("json")
  }

  func run(_ console: Console) throws -> ExitStatus {
    EachInput.run(files, console: console) { file in
      let reader = try InputSource.trace(file)
      if json {
        console.print(TraceJSONLines.encode(header: reader.header))
      } else {
        if files.count > 1 { console.print("==> \(InputSource.displayName(file)) <==") }
        console.print(EventFormatter.headerLine(reader.header))
      }
      defer {
        if reader.unknownEventCount > 0 {
          try? console.flush()
          console.error(
            "tracecat: note: \(InputSource.displayName(file)): skipped \(reader.unknownEventCount) events of kinds "
              + "this tracecat does not know (written by a newer FoldTrace)")
        }
      }
      while let frame = try reader.nextFrame() {
        for event in frame.events {
          console.print(json ? TraceJSONLines.encode(event: event) : EventFormatter.line(event))
        }
      }
      return .success
    }
  }
}
