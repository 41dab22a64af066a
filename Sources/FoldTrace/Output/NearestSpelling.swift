/// Finds the valid spelling nearest to a mistyped one, for the "did you mean" hints of every tool's
/// usage errors (tracecat's and foldsim's commands and options), so that they suggest alike.
package enum NearestSpelling {
  /// The candidate nearest to `word`, when it is close enough to be a typo of it.
  ///
  /// Words are compared by their stems: without leading dashes, in lower case, so `--o` is near `-o`
  /// and `-O` is `-o`. A stem may differ by at most 2 edits (a third of its length for longer ones)
  /// and by fewer edits than it has characters: rewriting every character typed is no typo, which
  /// leaves a one-letter option with no guess unless it is another's case slip (`-x` is one edit from
  /// `-h` as from any other letter). Ties go to the fewest edits of the whole spelling, then to the
  /// candidate that sorts first. A stem of two letters or more that begins a longer one is an
  /// abbreviation, named first (`--js` → `--json`, the shortest such, then the first in order).
  ///
  /// - Returns: The nearest candidate, or nil when none is close enough.
  /// - Complexity: O(*n* · *m* · *k*) for *k* candidates of length *m* and a word of length *n*.
  package static func nearest(to word: String, among candidates: [String]) -> String? {
    let typed = stem(word)
    // An abbreviation of two letters or more is named before a typo: `--js` means `--json`, though
    // `-s` is fewer edits away.
    if typed.count >= 2 {
      let longer = candidates.filter { stem($0).count > typed.count && stem($0).hasPrefix(typed) }
      if let shortest = longer.min(by: { ($0.count, $0) < ($1.count, $1) }) { return shortest }
    }
    let limit = min(max(2, typed.count / 3), typed.count - 1)
    let scored = candidates.map { ($0, distance(typed, stem($0)), distance(word, $0)) }.filter {
      $0.1 <= limit
    }
    return scored.min { ($0.1, $0.2, $0.0) < ($1.1, $1.2, $1.0) }?.0
  }

  /// `word` without its leading dashes, lowercased: what the person meant to type, in letters.
  static func stem(_ word: String) -> String {
    String(word.drop { $0 == "-" }).lowercased()
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
