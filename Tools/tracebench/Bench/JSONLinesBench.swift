import FoldTrace
import Foundation

/// The JSON Lines form at the speed of the text tools it is piped into, each ratio measured in one run on
/// the same session (a FoldSim long session written as a trace):
/// - `tracecat --json TRACE` against `zstdcat` of the same JSON Lines compressed with `zstd -3` — both
///   turn a compressed file into the same text;
/// - `tracecat pack JSONL` against Python's `json.loads` on the same lines — the least a script that reads
///   the text must pay, before it builds anything.
/// Wall time of whole processes, standard output to /dev/null, the median of `--runs`.
struct JSONLinesBench {
  var options: Options

  func run(into table: inout ResultTable) throws {
    guard let tracecat = ToolRun.sibling("tracecat") else {
      table.note("jsonl: tracecat is not built beside tracebench (swift build -c release); rows skipped.")
      return
    }
    let count = options.longEvents
    try FileManager.default.createDirectory(atPath: options.workDirectory, withIntermediateDirectories: true)
    let base = "\(options.workDirectory)/jsonl-\(options.seed)-\(count)"
    let trace = base + ".foldtrace"
    let lines = base + ".jsonl"
    let compressed = lines + ".zst"
    for path in [trace, lines, compressed] { try? FileManager.default.removeItem(atPath: path) }
    defer { for path in [trace, lines, compressed] { try? FileManager.default.removeItem(atPath: path) } }
    let events = try LongSession(seed: options.seed).write(count: count, to: trace)
    _ = try ToolRun(executable: tracecat, arguments: ["--json", trace], output: lines).run()
    let lineCount = events + 1  // the header line
    let textBytes = (try FileManager.default.attributesOfItem(atPath: lines)[.size] as? Int) ?? 0
    let section =
      "JSON Lines — \(Format.si(Double(events))) events, \(Format.si(Double(textBytes))) B of text"

    let perSecond = { (n: Int) in { (ns: Double) in Double(n) / ns * 1e9 } }
    let encode = try Samples.collect(runs: options.runs) {
      Double(try ToolRun(executable: tracecat, arguments: ["--json", trace]).run().nanoseconds)
    }
    if let zstd = ToolRun.which("zstd") {
      _ = try ToolRun(executable: zstd, arguments: ["-3", "-q", "-o", compressed, lines]).run()
      let plain = try Samples.collect(runs: options.runs) {
        Double(try ToolRun(executable: zstd, arguments: ["-d", "-c", "-q", compressed]).run().nanoseconds)
      }
      let ours = Samples(encode.values.map(perSecond(lineCount)))
      let theirs = Samples(plain.values.map(perSecond(lineCount)))
      let ratio = ours.median / theirs.median
      table.add(
        section,
        Figure(
          "tracecat --json, lines/s", ours: Format.spread(ours, Format.si),
          baseline: Format.spread(theirs, Format.si) + " zstdcat of JSONL.zst (-3)",
          ratio: Format.ratio(ratio), target: "≥ 0.25×", verdict: ratio >= 0.25 ? .met : .missed))
    } else {
      table.note("jsonl: no zstd on PATH (Tools/setup installs it); the --json baseline is skipped.")
    }

    let pack = try Samples.collect(runs: options.runs) {
      Double(try ToolRun(executable: tracecat, arguments: ["pack", lines]).run().nanoseconds)
    }
    if let python = ToolRun.which("python3") {
      let script = "import json, sys\nfor line in sys.stdin.buffer:\n    json.loads(line)\n"
      let loads = try Samples.collect(runs: options.runs) {
        Double(try ToolRun(executable: python, arguments: ["-c", script], input: lines).run().nanoseconds)
      }
      let ours = Samples(pack.values.map(perSecond(lineCount)))
      let theirs = Samples(loads.values.map(perSecond(lineCount)))
      let ratio = ours.median / theirs.median
      table.add(
        section,
        Figure(
          "tracecat pack, lines/s", ours: Format.spread(ours, Format.si),
          baseline: Format.spread(theirs, Format.si) + " Python json.loads", ratio: Format.ratio(ratio),
          target: "≥ 3×", verdict: ratio >= 3 ? .met : .missed))
    } else {
      table.note("jsonl: no python3 on PATH; the pack baseline is skipped.")
    }
    table.note(
      "jsonl: whole processes, wall time, output to /dev/null; the trace is FoldSim's long session "
        + "(\(events) events) written with the archive policy, its JSON Lines written by tracecat --json.")
  }
}
