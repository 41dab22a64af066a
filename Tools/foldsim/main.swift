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
    let scenario = try parse(path)
    let file = try Output.open(output, force: force, scenario: path)
    // The trace is streamed into the output as its frames complete: memory stays bounded however long
    // the session. On any failure the temporary file is discarded and nothing appears under OUT.
    var summary = Output.Summary()
    var failure: TraceError?
    do {
      try AppSimulator.writeTrace(
        for: scenario,
        { bytes in
          do throws(TraceError) {
            try file.write(bytes)
            summary.bytes += bytes.count
            return true
          } catch {
            failure = error
            return false
          }
        }, observing: { summary.add($0) })
      if let failure { throw failure }
      try file.publish()
    } catch let error as ScenarioError {
      file.discard()
      throw .scenario(error)
    } catch {
      file.discard()
      throw Output.failure(error as? TraceError ?? TraceError(.io, file: output, reason: "\(error)"), output)
    }
    // The summary goes beside the trace, never into it: not when the trace itself is standard output.
    if !Output.isStandardOutput(output) {
      standardOutput.print(summary.line(output))
    }
  }
  try standardOutput.flush()
}

/// Reads and parses a scenario file.
func parse(_ path: String) throws(FoldsimError) -> Scenario {
  let bytes = try Input.scenarioBytes(path)
  do {
    return try Scenario.parse(utf8: bytes, file: path)
  } catch {
    throw .scenario(error)
  }
}

do {
  try run(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data((error.message + "\n").utf8))
  exit(error.exitCode)
}
