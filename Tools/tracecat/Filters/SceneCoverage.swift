import FoldTrace

/// Which of the scenes a `--scene` filter names a trace never showed, for a note on standard error.
///
/// A scene filter that matches nothing is an answer, not an error: the trace is valid and the output is
/// rightly empty (exit 0). But an empty output alone hides a typo (`-s 12` for `-s 2`), so the command
/// says which named scenes did not appear and which scenes did.
struct SceneCoverage {
  /// The scenes the filter names, ascending; device-wide events (`-`) are not a scene.
  let named: [SceneID]
  /// The filter's window, for the note.
  private let filter: EventFilter
  /// ``named``, to look scenes up in.
  private let namedSet: Set<SceneID>
  /// The named scenes seen so far.
  private var seenNamed: Set<SceneID> = []
  /// The lowest scene ids seen so far, ascending: the note lists 12 and says whether there are more, so
  /// 13 are kept, not every scene of a trace of millions. Tracked only while ``named`` is not empty.
  private var lowestSeen: [SceneID] = []

  init(_ filter: EventFilter) {
    self.filter = filter
    named = (filter.scenes ?? []).compactMap { $0 }.sorted()
    namedSet = Set(named)
  }

  /// Notes the scenes of `events` (a frame's keyframe or events).
  /// - Complexity: O(events), nothing when the filter names no scene.
  mutating func see(_ events: [TraceEvent]) {
    for event in events { see(event) }
  }

  /// Notes the scene of one event.
  /// - Complexity: O(1), nothing when the filter names no scene.
  mutating func see(_ event: TraceEvent) {
    guard !named.isEmpty, let scene = event.scene else { return }
    if namedSet.contains(scene) { seenNamed.insert(scene) }
    if lowestSeen.count == 13, scene >= lowestSeen[12] { return }
    let index = lowestSeen.firstIndex { $0 >= scene } ?? lowestSeen.count
    guard index == lowestSeen.count || lowestSeen[index] != scene else { return }
    lowestSeen.insert(scene, at: index)
    if lowestSeen.count > 13 { lowestSeen.removeLast() }
  }

  /// The note for `file` when a named scene did not appear, nil when every one did: `tracecat: note:
  /// a.foldtrace: no scene 9 (its scenes: 1, 2)`, with the window when `--from` or `--to` narrowed it.
  func note(file: String) -> String? {
    let missing = named.filter { !seenNamed.contains($0) }
    guard !missing.isEmpty else { return nil }
    var window = ""
    if filter.from > 0 || filter.to != .max {
      let end = filter.to == .max ? "the end" : "\(EventFormatter.time(filter.to)) s"
      window = " from \(EventFormatter.time(filter.from)) s to \(end)"
    }
    let present = lowestSeen
    return "tracecat: note: \(InputSource.displayName(file)): no \(missing.count == 1 ? "scene" : "scenes") "
      + "\(Self.list(missing))\(window) "
      + "(\(present.isEmpty ? "no scenes there" : "its scenes: \(Self.list(present))"))"
  }

  /// Scene ids as a note lists them: the first 12 of `ids` in their order, comma-separated, then `, …`
  /// when there are more (`1, 2, 3`).
  static func list(_ ids: [SceneID]) -> String {
    ids.prefix(12).map { "\($0)" }.joined(separator: ", ") + (ids.count > 12 ? ", …" : "")
  }
}
