import Foundation

/// Instructions per event of the hot paths, counted by callgrind: the same on every machine of a kind,
/// where times move with the machine and its load. Each target runs in a child under
/// `valgrind --tool=callgrind`, and so does the target whose work it extends
/// (``ProfileTarget/baseline``); their difference over the event count is the hot path's own cost.
struct InstructionBench {
  var options: Options

  /// Instructions per event or call that a change must hold, as this section counts them on the commit
  /// before the safe-Swift rewrite of the pure modules (9c6ec69), with the tolerance it may use: the
  /// recorder's calling thread and decoding within 5 %, replay with every check within 15 %.
  static let held: [String: (reference: Double, tolerance: Double)] = [
    "record": (459, 0.05), "decode": (723, 0.05), "replay": (15_500, 0.15),
  ]

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
    // The calling thread's instructions (`--separate-threads`, the main thread's file `-01`): the recorder
    // hands its buffers to a writer queue, whose compression is not the caller's cost; every other path
    // runs on the calling thread alone.
    func instructions(_ target: String) throws -> Double {
      if let known = totals[target] { return known }
      let output = "\(directory)/\(target)"
      _ = try ToolRun(
        executable: valgrind,
        arguments: [
          "--tool=callgrind", "--separate-threads=yes", "--callgrind-out-file=\(output)", me, "_child",
          "profile",
          target, String(count),
        ]
      ).run()
      let text = try String(contentsOfFile: output + "-01", encoding: .utf8)
      guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("totals:") }),
        let total = Double(line.dropFirst("totals:".count).trimmingCharacters(in: .whitespaces))
      else {
        throw ChildProcess.Failure(description: "callgrind wrote no totals for \(target)")
      }
      totals[target] = total
      return total
    }
    let section = "instructions per event — callgrind, \(Format.si(Double(count))) events"
    for (target, baseline) in ProfileTarget.baseline {
      let perEvent = (try instructions(target) - instructions(baseline)) / Double(count)
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
      "instructions: the calling thread's count under `valgrind --tool=callgrind --separate-threads=yes "
        + "tracebench _child profile TARGET \(count)` minus the same for the target whose work it extends (record − generate, decode − encode, replay − encode, "
        + "jsonl-encode − generate, jsonl-decode − jsonl-encode), over \(count); the times of the same paths "
        + "are in the record, decode, replay and JSON Lines rows.")
  }
}
