/// A unified −/+ diff of two texts by lines, for golden mismatches.
enum UnifiedDiff {
  /// The diff of `expected` (−) and `actual` (+) with `context` lines around each change, or nil when
  /// they are equal.
  ///
  /// - Complexity: O(*n* · *m*) in the lines that differ after the common prefix and suffix are trimmed.
  static func diff(expected: String, actual: String, context: Int = 3) -> String? {
    guard expected != actual else { return nil }
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var prefix = 0
    while prefix < min(a.count, b.count) && a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < min(a.count, b.count) - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
      suffix += 1
    }
    let middleA = Array(a[prefix..<(a.count - suffix)])
    let middleB = Array(b[prefix..<(b.count - suffix)])
    var lines: [String] = []
    for line in a[max(0, prefix - context)..<prefix] { lines.append("  " + line) }
    if middleA.count * middleB.count > 4_000_000 {
      lines += middleA.map { "- " + $0 } + middleB.map { "+ " + $0 }
    } else {
      lines += edits(middleA, middleB)
    }
    for line in a[(a.count - suffix)..<min(a.count, a.count - suffix + context)] { lines.append("  " + line) }
    let header = "@@ −\(prefix + 1),\(middleA.count) +\(prefix + 1),\(middleB.count) @@"
    return ([header] + lines).joined(separator: "\n")
  }

  /// The shortest edit script between two line arrays, by longest common subsequence.
  private static func edits(_ a: [String], _ b: [String]) -> [String] {
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var lines: [String] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count && j < b.count && a[i] == b[j] {
        lines.append("  " + a[i])
        i += 1
        j += 1
      } else if i < a.count && (j == b.count || table[i + 1][j] >= table[i][j + 1]) {
        lines.append("- " + a[i])
        i += 1
      } else {
        lines.append("+ " + b[j])
        j += 1
      }
    }
    return lines
  }
}
