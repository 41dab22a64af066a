import FoldTrace

/// `tracecat verify FILE…`: checks that files are complete, undamaged traces.
struct VerifyCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "verify",
    abstract: "Check traces: exit 0 when every file is valid, 1 with the byte offset and reason when not.",
    discussion: """
      Reads every frame (checksums, records, the seek table). A valid file prints one line on standard \
      output; a damaged one prints its byte offset and reason on standard error.
      """,
    positionals: PositionalSpec(
      name: "FILE", help: "Trace files (.foldtrace); - reads standard input.", minimum: 1, maximum: nil),
    examples: [
      ("tracecat verify Traces/*.foldtrace", "Check the whole corpus."),
      ("tracecat verify crashed.foldtrace || tracecat recover crashed.foldtrace", "Repair a torn trace."),
    ])

  var files: [String]

  init(_ arguments: ParsedArguments) throws { files = arguments.positionals }

  func run(_ console: Console) throws -> ExitStatus {
    EachInput.run(files, console: console) { file in
      let reader = try InputSource.trace(file)
      var frames = 0
      var events = 0
      while let frame = try reader.nextFrame() {
        frames += 1
        events += frame.events.count
      }
      console.print(
        "\(InputSource.displayName(file)): valid, \(frames) frames, \(events) events, \(reader.fileSize) bytes"
      )
      return .success
    }
  }
}
