import FoldTrace

/// `tracecat recover FILE…`: truncates torn tails so crashed recordings read and append again.
struct RecoverCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "recover",
    abstract: "Truncate a torn trace to its last complete frame: 0 nothing to do, 4 repaired, 1 corrupt.",
    discussion: """
      Works in place and never drops bytes that might hold readable frames. Exit 0 when the file was \
      already valid and closed (it is left untouched); exit 4 when it was repaired: a torn tail dropped \
      (the line says how many bytes) and/or a missing seek table appended, then a cut record at the \
      last event's time (the recording stopped mid-session: 'tracecat check' leaves a move under way \
      then unfinished); exit 1 when the damage is not \
      a torn tail (the file ending inside a frame, in zero bytes, or in a damaged seek table) — a damaged \
      frame followed by more data, or a complete last frame that fails its checksum — and the file is \
      left unchanged; exit 5 when \
      another writer has the file open (a recording in progress), which is left unchanged too; exit 3 \
      when it cannot be read, or needs repair and cannot be written (a read-only file: nothing is \
      changed; a valid, closed one exits 0; a full disk: the file is left at its last complete frame, \
      without a seek table, and running recover again repairs it). A repair whose report cannot be \
      written to standard output still exits 4. Standard input cannot be recovered in place.
      """,
    positionals: PositionalSpec(
      name: "FILE", help: "Trace files to repair in place.", minimum: 1, maximum: nil),
    examples: [
      ("tracecat recover crashed.foldtrace", "Drop the torn tail of a recording cut by a crash."),
      ("tracecat recover crashed.foldtrace && echo 'nothing to repair'", "Exit 0 means it was whole."),
    ])

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
    // A repair is reported by its status even when its report or its appended bytes cannot be written:
    // a closed pipe or the file size limit fails the write (`EPIPE`, `EFBIG`) instead of ending the run.
    ignoreWriteSignals()
    return EachInput.run(files, console: console) { file in
      let report: TraceRecovery.Report
      do throws(TraceError) {
        report = try TraceRecovery.recover(path: file, markingCut: true)
      } catch {
        // A refusal is corruption by definition: recover repairs every torn tail. I/O failures and a
        // writer's lock keep their own statuses.
        throw error.code == .io || error.code == .locked ? TracecatError(error) : .invalidTrace(error)
      }
      console.print(DisplayText.escaped(report.description))
      guard report.bytesDropped > 0 || report.wroteSeekTable else { return .success }
      // The file was repaired whether or not its report can be written: the status says so, and a
      // failure to write standard output is reported on its own.
      do {
        try console.flush()
      } catch {
        _ = ErrorRenderer.report(TracecatError.wrapping(error, file: file), to: console)
      }
      return .recoverable
    }
  }
}
