import FoldReplay

/// Counts distinct keys in bounded memory, as `tracecat replay` counts the scenes it does not list
/// (``FoldReplay/ReplaySummary/unlistedScenes``): the first ``limit`` distinct keys are held and each
/// counts once; past them, a key not held counts each time it is added. The count is exact unless a key
/// past the limit is added more than once.
struct DistinctTally<Key: Hashable & Sendable>: Sendable {
  /// The most keys held: ``FoldReplay/ReplaySummary/sceneLimit``.
  static var limit: Int { ReplaySummary.sceneLimit }
  private var held: Set<Key> = []
  /// The keys counted.
  private(set) var count = 0

  /// Counts `key` unless it is held; returns whether it counted.
  /// - Complexity: O(1) amortized.
  @discardableResult
  mutating func add(_ key: Key) -> Bool {
    guard !held.contains(key) else { return false }
    count += 1
    if held.count < Self.limit { held.insert(key) }
    return true
  }
}
