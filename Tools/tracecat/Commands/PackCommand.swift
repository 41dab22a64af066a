import FoldTrace
import Foundation

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
      Malformed lines are reported with their line number and field (exit 1); a line may hold up to \
      4 MiB. Pack streams: it writes frames as it reads, in bounded memory. OUT must be new (or \
      empty): tracecat never overwrites a trace (exit 3), and OUT appears only once the trace is \
      complete. On standard output, a document refused after its first MiB of trace leaves those \
      frames written.
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
    var trace = try StreamedTrace(to: output, inputs: [input], console: console)
    defer { trace.discard() }
    var reader = try LineReader(input)
    defer { reader.close() }
    var decoder = TraceJSONLinesDecoder()
    var writer: TraceWriter?
    do {
      while try reader.nextLine({ line in
        let event = try decoder.decode(bytes: line)
        if writer == nil, let header = decoder.header {
          // The writer refuses a header no reader accepts (another major version, over 64 KiB of
          // labels), so pack never writes a trace `tracecat` itself cannot open.
          do throws(TraceError) {
            // Level 12 costs as much as parsing: compressing on a second core, a frame or two
            // behind, hides it (same bytes); on one core the handover would only add switches.
            writer = try TraceWriter(
              header: header, policy: .archive,
              concurrentCompression: ProcessInfo.processInfo.activeProcessorCount > 1)
          } catch {
            throw TraceJSONLinesError(
              line: decoder.lineNumber, reason: "the header would make an unreadable trace: \(error.reason)")
          }
        }
        guard let event, let writer else { return }
        do throws(TraceError) {
          try writer.append(event)
        } catch {
          throw TraceJSONLinesError(line: decoder.lineNumber, reason: error.reason)
        }
      }) {
        try trace.drain(writer)
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
    try trace.finish(writer)
    return .success
  }
}
