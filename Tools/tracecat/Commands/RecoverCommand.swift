import FoldTrace

/// `tracecat recover FILE…`: truncates torn tails so crashed recordings read and append again.
struct RecoverCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "recover",
    abstract: "Truncate a torn trace to its last complete frame and say how many bytes were dropped.",
    discussion: """
      Works in place and never drops bytes that might hold readable frames: a damaged frame followed by \
      more data is refused (exit 1). An intact trace is left as it is, except that a missing seek table \
      is appended. Standard input cannot be recovered in place.
      """,
    positionals: PositionalSpec(
      name: "FILE", help: "Trace files to repair in place.", minimum: 1, maximum: nil),
    examples: [("tracecat recover crashed.foldtrace", "Drop the torn tail of a recording cut by a crash.")])

  var files: [String]

  init(_ arguments: ParsedArguments) throws {
    files = arguments.positionals
    if files.contains("-") {
      throw TracecatError.usage(
        message: "recover repairs files in place; standard input (-) cannot be recovered",
        hint: "save it to a file first: cat > t.foldtrace && tracecat recover t.foldtrace")
    }
  }

  func run(_ console: Console) throws -> ExitStatus {
    EachInput.run(files, console: console) { file in
      let report = try TraceRecovery.recover(path: file)
      console.print(report.description)
      return .success
    }
  }
}
