import Foundation

/// One row of the result table: a figure for FoldTrace, the baseline measured in the same run, their
/// ratio and the target.
struct Figure: Sendable {
  /// Whether a figure meets its target.
  enum Verdict: String, Sendable {
    case met = "met"
    case missed = "MISSED"
    case none = "—"
  }

  var name: String
  var ours: String
  var baseline: String
  var ratio: String
  var target: String
  var verdict: Verdict

  init(
    _ name: String, ours: String, baseline: String = "—", ratio: String = "—", target: String = "—",
    verdict: Verdict = .none
  ) {
    self.name = name
    self.ours = ours
    self.baseline = baseline
    self.ratio = ratio
    self.target = target
    self.verdict = verdict
  }
}

/// Number formatting for the table: fixed decimals, SI prefixes, median with range.
enum Format {
  /// `value` with `decimals` decimals.
  static func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "n/a" }
    return String(format: "%.\(decimals)f", value)
  }

  /// A value with three significant digits and an SI prefix (k, M, G): `12.3 M`.
  static func si(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    let prefixes: [(Double, String)] = [(1e9, " G"), (1e6, " M"), (1e3, " k")]
    for (scale, prefix) in prefixes where abs(value) >= scale { return significant(value / scale) + prefix }
    return significant(value)
  }

  /// Three significant digits.
  static func significant(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    let magnitude = abs(value)
    if magnitude >= 100 { return fixed(value, 0) }
    if magnitude >= 10 { return fixed(value, 1) }
    if magnitude >= 1 || magnitude == 0 { return fixed(value, 2) }
    return String(format: "%.3g", value)
  }

  /// The median of `samples` with its range, each formatted by `render`: `12.3 (11.9–13.0)`. One sample
  /// prints alone.
  static func spread(_ samples: Samples, _ render: (Double) -> String = significant) -> String {
    guard samples.values.count > 1 else { return render(samples.median) }
    return "\(render(samples.median)) (\(render(samples.min))–\(render(samples.max)))"
  }

  /// A ratio such as `0.18×` or `312×`.
  static func ratio(_ value: Double) -> String { significant(value) + "×" }
}
