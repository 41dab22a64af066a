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
    for event in try load(path).events { standardOutput.print(EventText.line(event)) }
  case .generate(let path, let output, let force):
    let (scenario, events) = try load(path)
    let bytes: [UInt8]
    do {
      bytes = try scenario.traceBytes(of: events)
    } catch {
      throw .scenario(error)
    }
    let file = try Output.open(output, force: force, scenario: path)
    do throws(TraceError) {
      try file.write(bytes)
      try file.publish()
    } catch {
      throw Output.failure(error, output)
    }
    // The summary goes beside the trace, never into it: not when the trace itself is standard output.
    if !Output.isStandardOutput(output) {
      standardOutput.print(Output.summary(output, events: events, bytes: bytes.count))
    }
  }
  try standardOutput.flush()
}

/// Reads and plays a scenario file.
func load(_ path: String) throws(FoldsimError) -> (scenario: Scenario, events: [TraceEvent]) {
  let text = try Input.scenarioText(path)
  do {
    let scenario = try Scenario.parse(text, file: path)
    return (scenario, try AppSimulator.events(for: scenario))
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
