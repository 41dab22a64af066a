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
  /// The named scenes seen so far, tracked only while ``named`` is not empty.
  private var seen: Set<SceneID> = []
  /// The smallest scenes seen, ascending: at most ``listed`` + 1, all the note lists (and whether it
  /// says "…"), so a trace of millions of scenes costs no more than one of a few.
  private var smallest: [SceneID] = []
  /// How many scenes a note lists.
  static let listed = 12

  init(_ filter: EventFilter) {
    self.filter = filter
    named = (filter.scenes ?? []).compactMap { $0 }.sorted()
  }

  /// Notes the scenes of `events` (a frame's keyframe or events).
  /// - Complexity: O(events), nothing when the filter names no scene.
  mutating func see(_ events: [TraceEvent]) {
    guard !named.isEmpty else { return }
    for event in events { if let scene = event.scene { insert(scene) } }
  }

  /// Notes the scene of one event.
  /// - Complexity: O(1), nothing when the filter names no scene.
  mutating func see(_ event: TraceEvent) {
    guard !named.isEmpty, let scene = event.scene else { return }
    insert(scene)
  }

  /// Notes `scene`: among the named, and among the smallest while it is one of them.
  /// - Complexity: O(named + listed).
  private mutating func insert(_ scene: SceneID) {
    if named.contains(scene) { seen.insert(scene) }
    if smallest.count > Self.listed, scene >= smallest[Self.listed] { return }
    let index = smallest.firstIndex { $0 >= scene } ?? smallest.count
    guard index == smallest.count || smallest[index] != scene else { return }
    smallest.insert(scene, at: index)
    if smallest.count > Self.listed + 1 { smallest.removeLast() }
  }

  /// The note for `file` when a named scene did not appear, nil when every one did: `tracecat: note:
  /// a.foldtrace: no scene 9 (its scenes: 1, 2)`, with the window when `--from` or `--to` narrowed it.
  func note(file: String) -> String? {
    let missing = named.filter { !seen.contains($0) }
    guard !missing.isEmpty else { return nil }
    let list = { (ids: [SceneID]) in
      ids.prefix(Self.listed).map { "\($0)" }.joined(separator: ", ") + (ids.count > Self.listed ? ", …" : "")
    }
    var window = ""
    if filter.from > 0 || filter.to != .max {
      let end = filter.to == .max ? "the end" : "\(EventFormatter.time(filter.to)) s"
      window = " from \(EventFormatter.time(filter.from)) s to \(end)"
    }
    let present = smallest
    return "tracecat: note: \(InputSource.displayName(file)): no \(missing.count == 1 ? "scene" : "scenes") "
      + "\(list(missing))\(window) (\(present.isEmpty ? "no scenes there" : "its scenes: \(list(present))"))"
  }
}
