import FoldReplay
import FoldTrace

/// What `replay` and `check` print at the end of the run, taken from each trace's outcome as it is
/// delivered so the outcome itself (its summary, failures and comparison) is not held: the table's row
/// and errors (a few hundred bytes a trace), and the text after the table — each failing trace's
/// sentences, the comparison's lines — in ``SpooledLines`` (64 KiB in memory each, the rest in an
/// unnamed temporary file).
///
/// Memory is O(traces × one row) however many traces fail; the spooled text is printed in input order
/// once the table above it is known. (`--report` keeps its own rows and sections the same way:
/// ``ReplayReport/Page``.)
final class ReplayTally {
  /// The table's rows, in input order (``ReplayTable/row(_:)``).
  private(set) var rows: [[String]] = []
  /// Error lines for standard error, in input order.
  private(set) var errors: [String] = []
  /// Traces, failed traces (a check failed, an error, or a divergence) and events replayed so far.
  private(set) var traces = 0
  private(set) var failed = 0
  private(set) var events = 0
  /// Whether any trace was compared (`--compare`).
  private var compared = false
  private let comparisons = SpooledLines()
  private let divergences = SpooledLines()
  private let failures = SpooledLines()

  /// Takes what the end of the run needs from the next trace's outcome (in input order).
  /// - Complexity: O(the outcome's printed lines).
  func add(_ outcome: ReplayOutcome) {
    traces += 1
    events += outcome.summary.events
    rows.append(ReplayTable.row(outcome))
    errors += outcome.errors
    if let result = outcome.comparison {
      compared = true
      write(ReplayTable.comparisonLine(result), to: comparisons)
      for line in ReplayTable.divergenceLines(result) { write(line, to: divergences) }
    }
    for line in ReplayTable.failureLines(outcome) { write(line, to: failures) }
    if !outcome.passed { failed += 1 }
  }

  private func write(_ line: String, to spool: SpooledLines) {
    spool.line { $0.append(contentsOf: line.utf8) }
  }

  /// Prints the table, the total line, the comparison and the failures to standard output, in that
  /// order, then the errors to standard error.
  /// - Throws: ``TracecatError/io(file:reason:)`` when the temporary file or standard output fails.
  func print(to console: Console) throws {
    ReplayTable.render(rows).forEach(console.print)
    console.print(ReplayTable.total(traces: traces, events: events, failed: failed))
    if compared {
      ReplayTable.comparisonHeading.forEach(console.print)
      try comparisons.drain(into: console)
      try divergences.drain(into: console)
    }
    try failures.drain(into: console)
    try console.flush()
    errors.forEach(console.error)
  }
}
