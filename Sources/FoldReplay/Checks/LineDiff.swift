/// A line diff in the `−`/`+` style of unified diffs, for sequences and golden files.
public enum LineDiff {
  /// The lines of `expected` and `actual` marked ` ` (both), `-` (expected only) or `+` (actual only),
  /// in an order that follows both: a longest common subsequence.
  ///
  /// - Parameters:
  ///   - expected: The expected lines.
  ///   - actual: The actual lines.
  /// - Returns: The marked lines, or an empty array when the two are equal.
  /// - Complexity: O(n × m) time and space for n and m lines (goldens and shape sequences are short).
  public static func lines(expected: [String], actual: [String]) -> [String] {
    guard expected != actual else { return [] }
    let n = expected.count
    let m = actual.count
    var common = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        common[i][j] =
          expected[i] == actual[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var result: [String] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, expected[i] == actual[j] {
        result.append("  \(expected[i])")
        i += 1
        j += 1
      } else if j < m, i == n || common[i][j + 1] >= common[i + 1][j] {
        result.append("+ \(actual[j])")
        j += 1
      } else {
        result.append("- \(expected[i])")
        i += 1
      }
    }
    return result
  }

  /// A unified diff of two texts with `--- expected` / `+++ actual` headers, or nil when they are equal.
  ///
  /// - Complexity: O(n × m) in the two texts' line counts.
  public static func unified(expected: String, actual: String) -> String? {
    let marked = lines(
      expected: expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
      actual: actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    guard !marked.isEmpty else { return nil }
    return (["--- expected", "+++ actual"] + marked).joined(separator: "\n")
  }
}
