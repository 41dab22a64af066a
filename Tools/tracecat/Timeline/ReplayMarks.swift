import FoldReplay
import FoldTrace
import LayoutCore
import ReferenceScreen

/// What a replay adds to a plot: per scene the anchor drift at each relayout that had to keep the
/// anchor, and the checks that failed, located in time.
struct ReplayMarks: Sendable {
  /// Anchor drifts by scene, in time order: time (ns) and drift (points, after − before). For a plot, once
  /// there are many, the largest of each time bucket finer than the plot's units (``DriftBuckets``).
  var drifts: [SceneID: [(time: UInt64, points: Double)]] = [:]
  /// Failed checks: scene (nil for device-wide), time (ns), the failure as a sentence, and the check.
  var failures: [(scene: SceneID?, time: UInt64, text: String, check: String)] = []
  /// The anchor tolerance, in points: drifts beyond it are failures.
  var tolerance: Double = ReplayTolerances.default.anchor
  /// Every failure, including those the checks did not keep.
  var failureCount = 0
  /// The checks that failed, with how many failures each kept, in ``ReplayCheck`` order.
  var failedChecks: [(check: String, count: Int)] = []
  /// The largest |anchor drift| where the anchor had to be kept, in points.
  var maximumDrift = 0.0

  /// The scenes with a drift (in the window or not) or a failure: a plot keeps the lanes of their
  /// connections to draw these in.
  var scenes: Set<SceneID> { driftScenes.union(drifts.keys).union(failures.compactMap(\.scene)) }
  /// Every scene with a drift, also outside the window the drifts were kept for.
  var driftScenes: Set<SceneID> = []

  /// Replays a trace into LayoutCore's reference screen (as `tracecat replay` does) and collects marks.
  ///
  /// - Parameters:
  ///   - changesOnly: Keep a scene's drift only when it differs from the one before (a counter, which
  ///     holds its value until the next sample, loses nothing): 16 bytes per change. Otherwise a plot's
  ///     marks: per scene the largest drift of each time bucket (``DriftBuckets``), every drift while
  ///     there are few, in memory bounded whatever the trace's length.
  ///   - window: Without `changesOnly`, the times (ns) the plot shows: drifts outside are not kept.
  /// - Throws: ``TracecatError`` when the trace cannot be read whole.
  /// - Complexity: O(events) time.
  static func replay(
    _ input: TraceInput, changesOnly: Bool = false, window: ClosedRange<UInt64> = 0...UInt64.max
  ) throws -> ReplayMarks {
    let reader = try input.open()
    var sink = TeeSink(
      DriftCollector(changesOnly: changesOnly, window: window), ReplayVerifier(trace: input.name))
    do throws(TraceError) {
      try Replayer.replay(
        reader,
        configuration: ReplayConfiguration(
          policy: ReferenceScreenLayout(), content: RecordListContent(),
          scrollElementID: ReferenceScreenLayout.scrollElementID), into: &sink)
    } catch {
      throw TracecatError(error)
    }
    var marks = ReplayMarks()
    if changesOnly {
      marks.drifts = sink.first.drifts
    } else {
      marks.drifts = sink.first.buckets.drifts
      marks.driftScenes = sink.first.buckets.scenes
    }
    let summary = sink.second.summary
    marks.failures = summary.failures.map { ($0.scene, $0.time, $0.description, $0.check.rawValue) }
    marks.failureCount = summary.failureCount
    marks.maximumDrift = summary.maximumAnchorDrift
    marks.failedChecks = ReplayCheck.allCases.compactMap { check in
      let count = summary.failures.filter { $0.check == check }.count
      return count == 0 ? nil : (check.rawValue, count)
    }
    return marks
  }
}

/// Keeps only the anchor drift of each layout change, not the change. With `changesOnly` (an export's
/// counter) it keeps every change of a scene's drift: 16 bytes each. Otherwise (a plot) it keeps what a
/// plot can draw, in ``DriftBuckets``: memory stays bounded however many relayouts the trace has.
private struct DriftCollector: ReplaySink {
  let changesOnly: Bool
  /// Anchor drifts by scene: time (ns) and drift (points, after − before), with `changesOnly`.
  var drifts: [SceneID: [(time: UInt64, points: Double)]] = [:]
  /// What a plot draws, without `changesOnly`.
  var buckets: DriftBuckets

  init(changesOnly: Bool, window: ClosedRange<UInt64>) {
    self.changesOnly = changesOnly
    buckets = DriftBuckets(window: window)
  }

  mutating func receive(_ record: ReplayRecord) {
    guard case .layout(let change) = record, let drift = change.anchorDrift else { return }
    guard changesOnly else { return buckets.add(change.scene, time: change.time, points: drift) }
    if drifts[change.scene]?.last?.points == drift { return }
    drifts[change.scene, default: []].append((change.time, drift))
  }
}

/// Anchor drifts at a plot's resolution: per scene and per time bucket the drift of largest magnitude
/// (the earliest of equals), so a drift beyond the tolerance is never hidden by a smaller one.
///
/// Every drift is kept as it came until more than ``limit`` are kept; then buckets of 2^k ns (aligned to
/// multiples of 2^k) start, doubled — merging neighbours pairwise — until at most half the limit remain,
/// but never wider than 1/4096 of the time the drifts span so far: a plot 1 056 units wide still has
/// about four buckets per unit, so a unit that holds one drift per scene draws it as before.
///
/// Memory is O(``limit`` + scenes with a drift + 4096 × scenes connected at once) entries of 16 bytes,
/// whatever the trace's length; adding a drift is amortized O(1) (each doubling is O(entries)).
struct DriftBuckets: Sendable {
  /// The most drifts kept before buckets start or widen.
  static let limit = 16_384
  /// Drifts outside this window (ns) are not kept (their scenes are, in ``scenes``).
  let window: ClosedRange<UInt64>
  /// Kept drifts by scene, in time order: time (ns) and drift (points, after − before).
  private(set) var drifts: [SceneID: [(time: UInt64, points: Double)]] = [:]
  /// Every scene with a drift, inside the window or not.
  private(set) var scenes: Set<SceneID> = []
  /// Buckets are 2^shift ns wide; nil while every drift is kept as it came.
  private(set) var shift: UInt64?
  /// The drifts kept, over every scene.
  private(set) var count = 0
  /// The count past which buckets widen: at least ``limit``, and twice what a widening left, so that
  /// scenes which cannot merge further never make each drift widen again.
  private var threshold = DriftBuckets.limit
  /// The first kept drift's time (ns), for the span the buckets may cover.
  private var first: UInt64?

  init(window: ClosedRange<UInt64> = 0...UInt64.max) { self.window = window }

  /// Adds a scene's drift at a time (ns); times of one scene never decrease.
  /// - Complexity: amortized O(1).
  mutating func add(_ scene: SceneID, time: UInt64, points: Double) {
    scenes.insert(scene)
    guard window.contains(time) else { return }
    if first == nil { first = time }
    if let shift, let last = drifts[scene]?.last, last.time >> shift == time >> shift {
      if abs(points) > abs(last.points) { drifts[scene]![drifts[scene]!.count - 1] = (time, points) }
      return
    }
    drifts[scene, default: []].append((time, points))
    count += 1
    if count > threshold { widen(upTo: time) }
  }

  /// Widens the buckets (merging neighbours pairwise) until at most half of ``limit`` drifts remain or a
  /// bucket is 1/4096 of the span from the first drift to `time`.
  private mutating func widen(upTo time: UInt64) {
    let span = time - (first ?? time)
    while count > Self.limit / 2 {
      let next = shift.map { $0 + 1 } ?? 0
      guard next < 64, UInt64(1) << next <= max(span / 4096, 1) else { break }
      shift = next
      count = 0
      for scene in drifts.keys {
        var merged: [(time: UInt64, points: Double)] = []
        for drift in drifts[scene]! {
          if let last = merged.last, last.time >> next == drift.time >> next {
            if abs(drift.points) > abs(last.points) { merged[merged.count - 1] = drift }
          } else {
            merged.append(drift)
          }
        }
        count += merged.count
        drifts[scene] = merged
      }
    }
    threshold = max(Self.limit, 2 * count)
  }
}
