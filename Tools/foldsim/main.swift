import FoldSim
import FoldSimApp
import FoldTrace
import Foundation

/// foldsim: synthesize iPhone Duo, iPad, Mac Catalyst and iPhone Mirroring sessions as traces.
func run(_ arguments: [String]) throws(FoldsimError) {
  var standardOutput = StandardOutput()
  switch try Command.parse(arguments) {
  case .help:
    standardOutput.print(Command.usage)
  case .version:
    standardOutput.print(
      "foldsim \(packageVersion) (writes trace format \(TraceFormatVersion.current); synthesizer "
        + "\(FoldSim.version))")
  case .list:
    standardOutput.print(Listing.render(), terminator: "")
  case .events(let path):
    let scenario = try parse(path)
    do throws(ScenarioError) {
      try AppSimulator.play(scenario) { batch in
        for event in batch { standardOutput.print(EventText.line(event)) }
        return true
      }
    } catch {
      throw .scenario(error)
    }
  case .generate(let path, let output, let force):
    // `-o -`: the trace goes to standard output, which must not be a terminal (tracecat's rule).
    if output == nil, isatty(1) == 1 {
      throw .usage(
        "refusing to write a binary trace to a terminal; redirect standard output or use -o OUT.foldtrace")
    }
    let scenario = try parse(path)
    let file: OutputFile?
    if let output { file = try Output.open(output, force: force, scenario: path) } else { file = nil }
    // `-o /dev/tty`, or `-o /dev/stdout` on a terminal: the same rule, for the output as opened.
    if let file, file.isTerminal {
      file.discard()
      throw .usage(
        "refusing to write a binary trace to a terminal ('\(file.path)'); redirect to a file: "
          + "-o OUT.foldtrace, or > OUT.foldtrace")
    }
    // The trace is streamed into the output as its frames complete: memory stays bounded however long
    // the session. On any failure the temporary file is discarded and nothing appears under OUT; on
    // standard output, bytes gather until 1 MiB before each write, so a session refused early leaves
    // nothing there either.
    var summary = Output.Summary()
    var failure: TraceError?
    var standardOutputFailure: FoldsimError?
    do {
      try AppSimulator.writeTrace(
        for: scenario,
        { bytes in
          guard let file else {
            do throws(FoldsimError) {
              try standardOutput.write(bytes)
              return true
            } catch {
              standardOutputFailure = error
              return false
            }
          }
          do throws(TraceError) {
            try file.write(bytes)
            summary.bytes += bytes.count
            return true
          } catch {
            failure = error
            return false
          }
        }, observing: { summary.add($0) })
      if let standardOutputFailure { throw standardOutputFailure }
      if let failure { throw failure }
      try file?.publish()
    } catch let error as FoldsimError {
      throw error
    } catch let error as ScenarioError {
      file?.discard()
      throw .scenario(error)
    } catch {
      file?.discard()
      let output = output ?? "-"
      throw Output.failure(error as? TraceError ?? TraceError(.io, file: output, reason: "\(error)"), output)
    }
    // The summary goes beside the trace, never into it: not when the trace itself is standard output.
    if let output, let file, !file.isStandardOutput {
      standardOutput.print(summary.line(output))
    }
  }
  try standardOutput.flush()
}

/// Reads and parses a scenario file; refused first when standard output is that file
/// (`foldsim s.json --events >> s.json`), as tracecat refuses standard output onto an input.
func parse(_ path: String) throws(FoldsimError) -> Scenario {
  do throws(TraceError) {
    try OutputFile.refuseStandardOutput(onto: [path])
  } catch {
    throw .file("cannot read '\(path)': \(error.reason)")
  }
  let bytes = try Input.scenarioBytes(path)
  do {
    return try Scenario.parse(utf8: bytes, file: path)
  } catch {
    throw .scenario(error)
  }
}

// Before any thread is started: one heap arena, so threads reserve no address space they do not use.
limitAllocatorReservations()
// Before any file is opened: none may take the number of a closed standard descriptor.
reserveStandardDescriptors()
installOutputSignalHandlers()
do throws(FoldsimError) {
  let arguments: [String]
  do throws(CommandLineArgumentError) {
    arguments = try utf8CommandLineArguments()
  } catch {
    switch error {
    case .notUTF8(let argument): throw FoldsimError.usage(argument.message)
    case .unreadable: throw FoldsimError.file(error.message)
    }
  }
  try run(arguments)
} catch {
  // A diagnostic that cannot be written (standard error closed or full) leaves the status as it is.
  try? FileDescriptor.standardError.writeAll(Array((error.message + "\n").utf8))
  exit(error.exitCode)
}
