import FoldTrace

/// `tracecat pack [FILE] [-o OUT]`: turns JSON Lines back into a trace.
struct PackCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "pack",
    abstract: "Turn JSON Lines (as 'tracecat --json' prints) into a trace, with the archive flush policy.",
    discussion: """
      Reads a JSON Lines document — the header line, then one event per line — and writes a trace to OUT \
      or to standard output, with the archive flush policy (64 KiB frames, zstd level 12) that foldsim \
      and slice use too: 'tracecat --json t | tracecat pack -' reproduces such a trace t byte for byte, \
      and compacts a trace an app's recorder wrote with 1 s frames to about two thirds of its size. \
      Malformed lines are reported with their line number and field (exit 1). OUT must be new (or \
      empty): tracecat never overwrites a trace (exit 3).
      """,
    options: [
      .option(
        "output", short: "o", value: "OUT",
        help: "Write the trace to OUT, a new file, instead of standard output.")
    ],
    positionals: PositionalSpec(
      name: "FILE", help: "The JSON Lines document; - or nothing reads standard input.", minimum: 0,
      maximum: 1),
    examples: [
      (
        "tracecat --json t.foldtrace | tracecat pack - > copy.foldtrace",
        "Round-trip a foldsim or packed trace (same bytes)."
      ),
      ("tracecat pack edited.jsonl -o edited.foldtrace", "Pack a hand-edited session."),
      ("tracecat --json app.foldtrace | tracecat pack - -o compact.foldtrace", "Compact a recorded trace."),
    ])

  var input: String
  var output: String?

  init(_ arguments: ParsedArguments) throws {
    input = arguments.positionals.first ?? "-"
    output = arguments.value("output")
    if output == "-" { output = nil }
  }

  func run(_ console: Console) throws -> ExitStatus {
    if output == nil && console.outputIsTerminal {
      throw TracecatError.usage(
        message: "refusing to write a binary trace to a terminal",
        hint: "redirect standard output or use -o OUT.")
    }
    let name = InputSource.displayName(input)
    let lines = try InputSource.lines(input)
    var decoder = TraceJSONLinesDecoder()
    var writer: TraceWriter?
    do {
      for line in lines {
        let event = try decoder.decode(line: line)
        if writer == nil, let header = decoder.header {
          // The writer refuses a header no reader accepts (another major version, over 64 KiB of
          // labels), so pack never writes a trace `tracecat` itself cannot open.
          do {
            writer = try TraceWriter(header: header, policy: .archive)
          } catch {
            throw TraceJSONLinesError(
              line: decoder.lineNumber, reason: "the header would make an unreadable trace: \(error.reason)")
          }
        }
        guard let event, let writer else { continue }
        do {
          try writer.append(event)
        } catch {
          throw TraceJSONLinesError(line: decoder.lineNumber, reason: error.reason)
        }
      }
    } catch let error as TraceJSONLinesError {
      throw TracecatError.invalidJSONLines(file: name, error)
    }
    guard let writer else {
      throw TracecatError.invalidJSONLines(
        file: name,
        TraceJSONLinesError(line: max(decoder.lineNumber, 1), reason: "no header line; the document is empty")
      )
    }
    do {
      try writer.close()
    } catch {
      throw TracecatError(error)
    }
    if let output {
      try InputSource.writeNewTrace(output, writer.bytes)
    } else {
      try console.write(writer.bytes)
    }
    return .success
  }
}
