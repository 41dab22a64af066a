import Foundation

/// Instructions per event of the hot paths, counted by callgrind: the same on every machine of a kind,
/// where times move with the machine and its load. Each target runs in a child under
/// `valgrind --tool=callgrind`, and so does the target whose work it extends
/// (``ProfileTarget/baseline``); their difference over the event count is the hot path's own cost.
struct InstructionBench {
  var options: Options

  /// Instructions per event or call that a change must hold, with the tolerance it may use: each within
  /// 5 %. Decode and replay as this section counts them on the commit before the safe-Swift rewrite of
  /// the pure modules (9c6ec69); record as it counts the whole call at fa2faf3 (11,418,915 over 50 k
  /// calls), since the count before left out the locked section (``recordFunction``).
  static let held: [String: (reference: Double, tolerance: Double)] = [
    "record": (228, 0.05), "decode": (723, 0.05), "replay": (15_500, 0.05),
  ]

  /// The mangled name of `SessionRecorder.record(_:)`, for callgrind's `--toggle-collect`: whole, for
  /// the closure `record` passes to its lock is named by the same prefix, and a pattern matching both
  /// (`…C6record*`) toggled collection off on entering the closure, leaving out the locked section
  /// whenever the compiler kept the closure out of line (65 of 228 instructions at fa2faf3).
  static let recordFunction = "$s9FoldTrace15SessionRecorderC6recordySbAA0B5EventV7PayloadOnKF"

  func run(into table: inout ResultTable) throws {
    guard let valgrind = ToolRun.which("valgrind") else {
      table.note("instructions: no valgrind on PATH (Debian's `valgrind`); rows skipped.")
      return
    }
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let count = options.quick ? 10_000 : 50_000
    let directory =
      NSTemporaryDirectory() + "tracebench-callgrind-\(ProcessInfo.processInfo.processIdentifier)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var totals: [String: Double] = [:]
    // The calling thread's instructions (`--separate-threads`, the main thread's file `-01`), or with
    // `function` only that function's (callees included, `--toggle-collect`).
    func instructions(_ target: String, only function: String? = nil) throws -> Double {
      if function == nil, let known = totals[target] { return known }
      let output = "\(directory)/\(target)"
      var arguments = ["--tool=callgrind", "--separate-threads=yes", "--callgrind-out-file=\(output)"]
      if let function { arguments.append("--toggle-collect=\(function)") }
      _ = try ToolRun(
        executable: valgrind, arguments: arguments + [me, "_child", "profile", target, String(count)]
      ).run()
      let text = try String(contentsOfFile: output + "-01", encoding: .utf8)
      guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("totals:") }),
        let total = Double(line.dropFirst("totals:".count).trimmingCharacters(in: .whitespaces))
      else {
        throw ChildProcess.Failure(description: "callgrind wrote no totals for \(target)")
      }
      if function == nil { totals[target] = total }
      return total
    }
    let section = "instructions per event — callgrind, \(Format.si(Double(count))) events"
    for (target, baseline) in ProfileTarget.baseline {
      // The recorder's call alone (`SessionRecorder.record`, callees included): its thread also runs the
      // writer's drain whenever `synchronize()` finds work left, which depends on thread scheduling.
      let perEvent =
        target == "record"
        ? try instructions(target, only: Self.recordFunction) / Double(count)
        : (try instructions(target) - instructions(baseline)) / Double(count)
      var figure = Figure("\(target), instructions/event", ours: Format.si(perEvent))
      if let held = Self.held[target] {
        let limit = held.reference * (1 + held.tolerance)
        figure.baseline = Format.si(held.reference) + " reference"
        figure.ratio = Format.ratio(perEvent / held.reference)
        figure.target = "≤ \(Format.si(limit)) (+\(Int(held.tolerance * 100)) %)"
        figure.verdict = perEvent <= limit ? .met : .missed
      }
      table.add(section, figure)
    }
    table.note(
      "instructions: record is SessionRecorder.record's own count per call (callgrind --toggle-collect); "
        + "the others the calling thread's count under `valgrind --tool=callgrind --separate-threads=yes "
        + "tracebench _child profile TARGET \(count)` minus the same for the target whose work it extends "
        + "(decode − encode, replay − encode, jsonl-encode − generate, jsonl-decode − jsonl-encode), over "
        + "\(count); the times of the same paths are in the record, decode, replay and JSON Lines rows.")
  }
}
