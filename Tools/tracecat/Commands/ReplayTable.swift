import FoldReplay
import FoldTrace
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
      if scene.transitionCount > 8 {
        shapes = shapes.prefix(4) + ["…(+\(scene.transitionCount - 7))…"] + shapes.suffix(3)
      }
      return "\(scene.scene):" + shapes.joined(separator: "→")
    }
    let text = scenes.isEmpty ? "-" : scenes.joined(separator: " ")
    return text.count > 60 ? String(text.prefix(59)) + "…" : text
  }

  /// With `--compare`, the trace's line in the comparison list: layouts and elements compared, verdict.
  static func comparisonLine(_ result: ModelComparisonResult) -> String {
    let verdict =
      result.layouts == 0
      ? "no recorded layout" : result.agrees ? "agree" : "DIVERGE (\(result.divergenceCount))"
    let trace = DisplayText.escaped(result.trace)
    return "  \(trace): \(Count(result.layouts, "layout")), \(Count(result.elements, "element")), "
      + "\(Count(result.presented, "presented frame")) compared, " + verdict
  }

  /// The heading of the comparison list, printed once when any trace was compared.
  static let comparisonHeading = [
    "", "compare (the app's recorded output against the model's plans and animation):",
  ]

  /// With `--compare`, a divergent trace's divergences as sentences, at most 10, and how many more
  /// `--json` lists; none when it agrees.
  static func divergenceLines(_ result: ModelComparisonResult) -> [String] {
    guard !result.agrees else { return [] }
    var lines = [
      "", "\(DisplayText.escaped(result.trace)): \(Count(result.divergenceCount, "divergence"))",
    ]
    for divergence in result.divergences.prefix(10) {
      lines.append("  " + DisplayText.escaped(divergence.message))
    }
    if result.divergenceCount > 10 {
      // `--json` holds the divergences the comparison kept (the first 100), not always all.
      let kept = result.divergences.count
      let where_ =
        kept < result.divergenceCount ? "--json lists \(kept) of the \(result.divergenceCount)" : "see --json"
      lines.append("  … and \(result.divergenceCount - 10) more (\(where_))")
    }
    return lines
  }

  /// The table's row for one trace: name, events, scenes, shapes, drift, jump, verdict.
  static func row(_ outcome: ReplayOutcome) -> [String] {
    let summary = outcome.summary
    let verdict =
      !outcome.errors.isEmpty
      ? "error" : summary.passed ? "pass" : "FAIL (\(summary.failureCount))"
    return [
      DisplayText.escaped(summary.trace), "\(summary.events)", "\(outcome.scenes)", shapes(summary),
      "\(ReplayFormat.number(summary.maximumAnchorDrift)) pt",
      "\(ReplayFormat.number(summary.maximumFrameJump)) pt", verdict,
    ]
  }

  /// The table: a header and `rows` (from ``row(_:)``), columns padded to their widest cell, numbers
  /// right-aligned.
  static func render(_ rows: [[String]]) -> [String] {
    let header = ["TRACE", "EVENTS", "SCENES", "SHAPES", "MAX DRIFT", "MAX JUMP", "VERDICT"]
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
    return [render(header)] + rows.map(render)
  }

  /// The total line under the table.
  static func total(traces: Int, events: Int, failed: Int) -> String {
    "total: \(Count(traces, "trace")), \(Count(events, "event")), \(traces - failed) passed, \(failed) failed"
  }

  /// A failing trace's failures after the table: a blank line, the count, at most 10 sentences, and how
  /// many more `--json` lists; none when its checks passed.
  static func failureLines(_ outcome: ReplayOutcome) -> [String] {
    let summary = outcome.summary
    guard !summary.passed else { return [] }
    var lines = ["", "\(DisplayText.escaped(summary.trace)): \(Count(summary.failureCount, "failure"))"]
    for failure in summary.failures.prefix(10) {
      // The message's own line breaks stay; it escapes the trace's strings it quotes.
      let messageLines = failure.message.split(separator: "\n").map { DisplayText.escaped(String($0)) }
      lines.append("  " + messageLines.joined(separator: "\n    "))
    }
    if summary.failureCount > 10 {
      // `--json` holds the failures the summary kept (the first of each check), not always all.
      let kept = summary.failures.count
      let where_ =
        kept < summary.failureCount ? "--json lists \(kept) of the \(summary.failureCount)" : "see --json"
      lines.append("  … and \(summary.failureCount - 10) more (\(where_))")
    }
    return lines
  }
}
