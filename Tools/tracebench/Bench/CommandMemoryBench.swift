import Foundation

/// Peak memory of every tracecat command (and foldsim) on the large trace: each runs as its own process
/// under GNU time, which reports the child's peak resident set. A command that keeps its whole input,
/// or all of its output, in memory shows it here at 10 M events.
struct CommandMemoryBench {
  var options: Options

  /// The limit every command must stay within at 10 M events, in bytes.
  static let limit = 64 * 1_048_576

  func run(_ large: LargeTrace, into table: inout ResultTable) throws {
    guard let tracecat = ToolRun.sibling("tracecat") else {
      table.note("commands: tracecat is not built beside tracebench (swift build -c release); rows skipped.")
      return
    }
    guard FileManager.default.isExecutableFile(atPath: ToolRun.gnuTime) else {
      table.note("commands: peak RSS needs GNU time at \(ToolRun.gnuTime) (Debian's `time`); rows skipped.")
      return
    }
    let work = options.workDirectory
    let trace = large.path
    let lines = work + "/commands.jsonl"
    let outputs = ["commands.svg", "commands-show.svg", "commands.json", "commands-slice.foldtrace"].map {
      work + "/" + $0
    }
    let scratch = [lines] + outputs
    for path in scratch { try? FileManager.default.removeItem(atPath: path) }
    defer { for path in scratch { try? FileManager.default.removeItem(atPath: path) } }
    let middle = "\(large.lastTime / 2)ns"

    // (label, arguments, standard output, accepted statuses): replay and check exit 1 when a check
    // fails, which is a verdict, not a crash.
    let commands: [(String, [String], String, Set<Int32>)] = [
      ("tracecat TRACE (columns)", [trace], "/dev/null", [0]),
      ("tracecat --json TRACE", ["--json", trace], lines, [0]),
      ("tracecat -f TRACE (closed)", ["-f", trace], "/dev/null", [0]),
      ("tracecat stats", ["stats", trace], "/dev/null", [0]),
      ("tracecat verify", ["verify", trace], "/dev/null", [0]),
      ("tracecat recover (nothing to do)", ["recover", trace], "/dev/null", [0]),
      ("tracecat slice, whole trace", ["slice", "-o", outputs[3], trace], "/dev/null", [0]),
      ("tracecat pack JSONL", ["pack", lines], "/dev/null", [0]),
      ("tracecat diff TRACE TRACE", ["diff", trace, trace], "/dev/null", [0]),
      ("tracecat diff --replay TRACE TRACE", ["diff", "--replay", trace, trace], "/dev/null", [0]),
      ("tracecat replay", ["replay", trace], "/dev/null", [0, 1]),
      ("tracecat check", ["check", trace], "/dev/null", [0, 1]),
      ("tracecat export --chrome", ["export", "--chrome", "-o", outputs[2], trace], "/dev/null", [0]),
      ("tracecat plot", ["plot", "-o", outputs[0], trace], "/dev/null", [0]),
      ("tracecat show --at (middle)", ["show", "--at", middle, "-o", outputs[1], trace], "/dev/null", [0]),
    ]
    let section = "peak RSS per command — \(Format.si(Double(large.eventCount))) events"
    let limitMB = Double(Self.limit) / 1_048_576
    for (label, arguments, output, accepted) in commands {
      let result = try ToolRun(executable: tracecat, arguments: arguments, output: output)
        .run(measuringPeak: true, accepted: accepted)
      let megabytes = Double(result.peakBytes ?? 0) / 1_048_576
      table.add(
        section,
        Figure(
          "\(label), MB (\(Format.significant(Double(result.nanoseconds) / 1e9)) s)",
          ours: Format.significant(megabytes), target: "≤ \(Format.significant(limitMB)) MB",
          verdict: result.peakBytes.map { $0 <= Self.limit } ?? false ? .met : .missed))
    }
    table.note(
      "commands: each a fresh process under GNU time (%M), output to /dev/null or a work file, on the large "
        + "trace; the time in parentheses is one run's wall time.")
  }
}
