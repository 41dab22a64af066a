import FoldTrace

/// `tracecat stats FILE…`: what a trace holds and how well it compresses.
struct StatsCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "stats",
    abstract: "Summarize traces: events per kind, duration, frames, bytes, compression ratio.",
    discussion: """
      Bytes is the file's size; content is the decompressed size of its event frames; the ratio is \
      content over the frames' compressed size. Dropped counts the events the recorder lost when the \
      disk fell behind. A damaged trace is summarized up to the damage, then reported (exit 1).
      """,
    positionals: PositionalSpec(
      name: "FILE", help: "Trace files (.foldtrace); - reads standard input.", minimum: 1, maximum: nil),
    examples: [
      ("tracecat stats Traces/duo-open-external-to-internal.foldtrace", "Summarize the shipped trace.")
    ])

  var files: [String]

  init(_ arguments: ParsedArguments) throws { files = arguments.positionals }

  func run(_ console: Console) throws -> ExitStatus {
    EachInput.run(files, console: console) { file in
      let reader = try InputSource.trace(file)
      var summary = TraceSummary()
      var failure: (any Error)?
      do {
        while let frame = try reader.nextFrame() { summary.add(frame) }
      } catch {
        failure = error
      }
      summary.unknownEvents = reader.unknownEventCount
      for line in summary.lines(
        name: InputSource.displayName(file), header: reader.header, fileSize: reader.fileSize)
      {
        console.print(line)
      }
      if let failure { throw failure }
      return .success
    }
  }
}
