import FoldReplay
import FoldTrace
import LayoutCore
import ReferenceScreen

/// What a replay adds to a plot: per scene the anchor drift at each relayout that had to keep the
/// anchor, and the checks that failed, located in time.
struct ReplayMarks: Sendable {
  /// Anchor drifts by scene: time (ns) and drift (points, after − before).
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

  /// The scenes with a drift or a failure: a plot keeps the lanes of their connections to draw these in.
  var scenes: Set<SceneID> { Set(drifts.keys).union(failures.compactMap(\.scene)) }

  /// Replays a trace into LayoutCore's reference screen (as `tracecat replay` does) and collects marks.
  ///
  /// - Parameter changesOnly: Keep a scene's drift only when it differs from the one before (a counter,
  ///   which holds its value until the next sample, loses nothing); a plot marks every relayout.
  /// - Throws: ``TracecatError`` when the trace cannot be read whole.
  static func replay(_ input: TraceInput, changesOnly: Bool = false) throws -> ReplayMarks {
    let reader = try input.open()
    var sink = TeeSink(DriftCollector(changesOnly: changesOnly), ReplayVerifier(trace: input.name))
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
    marks.drifts = sink.first.drifts
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

/// Keeps only the anchor drift of each layout change, not the change: a replay of millions of events
/// costs 16 bytes per relayout that had to keep the anchor (with `changesOnly`, per change of drift).
private struct DriftCollector: ReplaySink {
  let changesOnly: Bool
  /// Anchor drifts by scene: time (ns) and drift (points, after − before).
  var drifts: [SceneID: [(time: UInt64, points: Double)]] = [:]

  mutating func receive(_ record: ReplayRecord) {
    guard case .layout(let change) = record, let drift = change.anchorDrift else { return }
    if changesOnly, drifts[change.scene]?.last?.points == drift { return }
    drifts[change.scene, default: []].append((change.time, drift))
  }
}
