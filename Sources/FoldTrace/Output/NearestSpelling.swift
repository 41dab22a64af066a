/// Finds the valid spelling nearest to a mistyped one, for the "did you mean" hints of every tool's
/// usage errors (tracecat's and foldsim's commands and options), so that they suggest alike.
package enum NearestSpelling {
  /// The candidate with the smallest edit distance to `word`, when it is close enough to be a typo
  /// (at most 2 edits, or a third of the word's length for longer words).
  ///
  /// - Complexity: O(*n* · *m* · *k*) for *k* candidates of length *m* and a word of length *n*.
  package static func nearest(to word: String, among candidates: [String]) -> String? {
    let limit = max(2, word.count / 3)
    let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= limit }
    return scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
  }

  /// Levenshtein distance between two strings, by characters.
  package static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
  }
}
