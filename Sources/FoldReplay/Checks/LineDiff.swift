/// A line diff in the `−`/`+` style of unified diffs, for sequences, goldens and recordings.
///
/// The edit script is the standard library's `CollectionDifference` (Myers' algorithm); this type only
/// marks and groups its lines.
public enum LineDiff {
  /// The lines of `expected` and `actual` marked `  ` (both), `- ` (expected only) or `+ ` (actual only),
  /// in an order that follows both; within a change, removals come before insertions.
  ///
  /// - Parameters:
  ///   - expected: The expected lines.
  ///   - actual: The actual lines.
  /// - Returns: The marked lines, or an empty array when the two are equal.
  /// - Complexity: O((n + m) · d) for n and m lines that differ in d lines.
  public static func lines(expected: [String], actual: [String]) -> [String] {
    guard expected != actual else { return [] }
    return marked(expected: expected, actual: actual).map { $0.mark + $0.line }
  }

  /// A unified diff of two texts: `--- expected` / `+++ actual` headers, then one hunk per change
  /// headed `@@ -start,count +start,count @@` (1-based lines) with `context` unchanged lines around it;
  /// nil when the texts are equal.
  ///
  /// - Parameters:
  ///   - expected: The expected text, split at `\n`.
  ///   - actual: The actual text, split at `\n`.
  ///   - context: Unchanged lines kept before and after each change; hunks closer than twice this merge.
  /// - Returns: The diff, or nil when `expected == actual`.
  /// - Complexity: O((n + m) · d) for n and m lines that differ in d lines.
  public static func unified(expected: String, actual: String, context: Int = 3) -> String? {
    guard expected != actual else { return nil }
    let all = marked(
      expected: expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
      actual: actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    let changed = all.indices.filter { all[$0].mark != "  " }
    var output = ["--- expected", "+++ actual"]
    var next = 0
    while next < changed.count {
      var last = next
      while last + 1 < changed.count, changed[last + 1] - changed[last] <= 2 * context + 1 { last += 1 }
      let lower = max(0, changed[next] - context)
      let upper = min(all.count, changed[last] + context + 1)
      let hunk = all[lower..<upper]
      let first = all[lower]
      let oldCount = hunk.count { $0.mark != "+ " }
      let newCount = hunk.count { $0.mark != "- " }
      output.append(
        "@@ -\(first.expectedLine + (oldCount == 0 ? 0 : 1)),\(oldCount) "
          + "+\(first.actualLine + (newCount == 0 ? 0 : 1)),\(newCount) @@")
      output += hunk.map { $0.mark + $0.line }
      next = last + 1
    }
    return output.joined(separator: "\n")
  }

  /// One line of the merged script, with the 0-based positions in both inputs it stands before.
  private struct Marked {
    var mark: String
    var line: String
    var expectedLine: Int
    var actualLine: Int
  }

  /// Both inputs merged through their `CollectionDifference`.
  private static func marked(expected: [String], actual: [String]) -> [Marked] {
    var removed = [Bool](repeating: false, count: expected.count)
    var inserted = [Bool](repeating: false, count: actual.count)
    for change in actual.difference(from: expected) {
      switch change {
      case .remove(let offset, _, _): removed[offset] = true
      case .insert(let offset, _, _): inserted[offset] = true
      }
    }
    var result: [Marked] = []
    result.reserveCapacity(expected.count + actual.count)
    var i = 0
    var j = 0
    while i < expected.count || j < actual.count {
      if i < expected.count, removed[i] {
        result.append(Marked(mark: "- ", line: expected[i], expectedLine: i, actualLine: j))
        i += 1
      } else if j < actual.count, inserted[j] {
        result.append(Marked(mark: "+ ", line: actual[j], expectedLine: i, actualLine: j))
        j += 1
      } else {
        // Neither removed nor inserted: the difference's invariant makes these the same common line.
        result.append(Marked(mark: "  ", line: expected[i], expectedLine: i, actualLine: j))
        i += 1
        j += 1
      }
    }
    return result
  }
}
