import FoldReplay
import LayoutCore

/// The table `tracecat replay` prints: one row per trace, a total line, then the failures.
enum ReplayTable {
  /// Short shape names for the table (the full names are in `--help`).
  static func abbreviation(_ shape: LayoutShape) -> String {
    switch shape {
    case .compactTall: "cT"
    case .compactShort: "cS"
    case .regularShort: "rS"
    case .regularTall: "rT"
    case .regularWide: "rW"
    }
  }

  /// Each scene's shape sequence, `1:cT→rW 2:rW`, shortened to `…(+k)…` past 8 shapes a scene and cut
  /// at 60 characters (`--json` has them all).
  static func shapes(_ summary: ReplaySummary) -> String {
    let scenes = summary.scenes.map { scene -> String in
      var shapes = scene.transitions.map { abbreviation($0.shape) }
      if shapes.count > 8 {
        shapes = shapes.prefix(4) + ["…(+\(shapes.count - 7))…"] + shapes.suffix(3)
      }
      return "\(scene.scene):" + shapes.joined(separator: "→")
    }
    let text = scenes.isEmpty ? "-" : scenes.joined(separator: " ")
    return text.count > 60 ? String(text.prefix(59)) + "…" : text
  }

  /// With `--compare`: one line per trace (layouts and elements compared, divergences), then each
  /// divergent trace's divergences as sentences, at most 10 a trace.
  static func comparisonLines(_ outcomes: [ReplayOutcome]) -> [String] {
    let compared = outcomes.compactMap(\.comparison)
    guard !compared.isEmpty else { return [] }
    var lines = ["", "compare (the app's recorded output against the model's plans and animation):"]
    for result in compared {
      let verdict =
        result.layouts == 0
        ? "no recorded layout" : result.agrees ? "agree" : "DIVERGE (\(result.divergences.count))"
      lines.append(
        "  \(result.trace): \(Count(result.layouts, "layout")), \(Count(result.elements, "element")), "
          + "\(Count(result.presented, "presented frame")) compared, " + verdict)
    }
    for result in compared where !result.agrees {
      lines.append("")
      lines.append("\(result.trace): \(Count(result.divergences.count, "divergence"))")
      for divergence in result.divergences.prefix(10) { lines.append("  " + divergence.message) }
      if result.divergences.count > 10 {
        lines.append("  … and \(result.divergences.count - 10) more (see --json)")
      }
    }
    return lines
  }

  static func lines(_ outcomes: [ReplayOutcome]) -> [String] {
    let header = ["TRACE", "EVENTS", "SCENES", "SHAPES", "MAX DRIFT", "MAX JUMP", "VERDICT"]
    let rows = outcomes.map { outcome -> [String] in
      let summary = outcome.summary
      let verdict =
        !outcome.errors.isEmpty
        ? "error" : summary.passed ? "pass" : "FAIL (\(summary.failureCount))"
      return [
        summary.trace, "\(summary.events)", "\(outcome.scenes)", shapes(summary),
        "\(ReplayFormat.number(summary.maximumAnchorDrift)) pt",
        "\(ReplayFormat.number(summary.maximumFrameJump)) pt", verdict,
      ]
    }
    let rightAligned: Set<Int> = [1, 2, 4, 5]
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max()!
    }
    func render(_ row: [String]) -> String {
      row.indices.map { column in
        let padding = String(repeating: " ", count: widths[column] - row[column].count)
        return rightAligned.contains(column) ? padding + row[column] : row[column] + padding
      }.joined(separator: "  ").trimmingTrailingSpaces()
    }
    var lines = [render(header)] + rows.map(render)
    let failed = outcomes.filter { !$0.passed }.count
    let events = outcomes.map(\.summary.events).reduce(0, +)
    lines.append(
      "total: \(Count(outcomes.count, "trace")), \(Count(events, "event")), \(outcomes.count - failed) passed, \(failed) failed"
    )
    lines.append(contentsOf: comparisonLines(outcomes))
    for outcome in outcomes where !outcome.summary.passed {
      lines.append("")
      lines.append("\(outcome.summary.trace): \(Count(outcome.summary.failureCount, "failure"))")
      for failure in outcome.summary.failures.prefix(10) {
        lines.append("  " + failure.message.split(separator: "\n").joined(separator: "\n    "))
      }
      if outcome.summary.failureCount > 10 {
        lines.append("  … and \(outcome.summary.failureCount - 10) more (see --json)")
      }
    }
    return lines
  }
}
