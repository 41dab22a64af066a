import Foundation

// tracebench: measures FoldTrace against the baselines a team would use instead.
// `tracebench _child …` is the hidden entry point of the child processes MemoryBench spawns.

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  if arguments.first == "_child" {
    if arguments.count == 4, arguments[1] == "stream", let limit = Int(arguments[3]) {
      print(try MemoryBench.stream(arguments[2], limit: limit))
    } else if arguments.count == 4 || arguments.count == 5, arguments[1] == "profile",
      let count = Int(arguments[3]), let repeats = Int(arguments.count == 5 ? arguments[4] : "1"), repeats > 0
    {
      print(try ProfileTarget.run(arguments[2], count: count, repeats: repeats))
    } else {
      throw Options.Failure(
        description:
          "usage: tracebench _child stream PATH LIMIT | _child profile TARGET COUNT [REPEATS]")
    }
    exit(0)
  }
  if arguments.contains("-h") || arguments.contains("--help") {
    print(Options.usage)
    exit(0)
  }
  let options = try Options.parse(arguments)
  guard AllocationCounter.isActive else {
    throw Options.Failure(
      description: "the allocation counter is not active (was tracebench linked with --export-dynamic?)")
  }
  print(try TraceBench(options: options).run())
} catch let failure as Options.Failure {
  FileHandle.standardError.write(Data("tracebench: \(failure)\n".utf8))
  exit(64)
} catch {
  FileHandle.standardError.write(Data("tracebench: \(error)\n".utf8))
  exit(1)
}
