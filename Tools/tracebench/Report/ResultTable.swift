/// The result table: a Markdown table grouped by section, with notes under it.
struct ResultTable: Sendable {
  /// The table's rows in order, each under a section heading row.
  private(set) var rows: [(section: String, figure: Figure)] = []
  /// Notes printed under the table: workloads, method, anything a reader needs to trust the numbers.
  private(set) var notes: [String] = []

  mutating func add(_ section: String, _ figure: Figure) { rows.append((section, figure)) }
  mutating func note(_ text: String) { notes.append(text) }

  /// The Markdown text.
  func rendered() -> String {
    var lines = [
      "| section | figure | FoldTrace | baseline (same run) | ratio | target | verdict |",
      "|---|---|---|---|---|---|---|",
    ]
    var previous = ""
    for (section, figure) in rows {
      let label = section == previous ? "" : section
      previous = section
      lines.append(
        "| \(label) | \(figure.name) | \(figure.ours) | \(figure.baseline) | \(figure.ratio) | \(figure.target) "
          + "| \(figure.verdict.rawValue) |")
    }
    if !notes.isEmpty {
      lines.append("")
      lines += notes.map { "- " + $0 }
    }
    return lines.joined(separator: "\n")
  }
}
