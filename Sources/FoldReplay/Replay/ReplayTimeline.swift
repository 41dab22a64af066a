import FoldTrace
import LayoutCore

/// A sink that keeps a replay's records: the timeline of every scene's layout changes and, on request,
/// the sampled frames.
///
/// Keeping frames costs memory in proportion to animation time; without them a timeline holds one record
/// per context change.
public struct ReplayTimeline: ReplaySink, Sendable {
  /// Whether frame samples are kept.
  public let keepsFrames: Bool
  /// The records in trace order.
  public private(set) var records: [ReplayRecord] = []

  /// Creates an empty timeline.
  ///
  /// - Parameter keepsFrames: Keep ``ReplayRecord/frame(_:)`` records (default false).
  public init(keepsFrames: Bool = false) { self.keepsFrames = keepsFrames }

  /// Keeps the record (frames only when ``keepsFrames``).
  public mutating func receive(_ record: ReplayRecord) {
    if case .frame = record, !keepsFrames { return }
    records.append(record)
  }

  /// Every layout change, in trace order.
  public var layoutChanges: [LayoutChange] {
    records.compactMap { if case .layout(let change) = $0 { change } else { nil } }
  }

  /// One scene's layout changes, in trace order.
  public func layoutChanges(of scene: SceneID) -> [LayoutChange] {
    layoutChanges.filter { $0.scene == scene }
  }

  /// Every plan evaluation, in trace order.
  public var evaluations: [LayoutEvaluation] {
    records.compactMap { if case .evaluation(let evaluation) = $0 { evaluation } else { nil } }
  }

  /// The kept frame samples, in trace order.
  public var frames: [FrameSample] {
    records.compactMap { if case .frame(let sample) = $0 { sample } else { nil } }
  }

  /// One scene's shapes, consecutive duplicates merged.
  public func shapes(of scene: SceneID) -> [LayoutShape] {
    ReplayChecks.merged(layoutChanges(of: scene).map(\.shape))
  }
}

/// The outcome of replaying a whole trace: its timeline and its summary.
public struct ReplayResult: Sendable {
  /// The records kept.
  public var timeline: ReplayTimeline
  /// The checks' verdict and the golden facts.
  public var summary: ReplaySummary
  /// What the checks knew of the app under test (the configuration's), for checks run again on
  /// ``timeline``.
  public var expectations: ReplayExpectations

  /// Creates a result.
  public init(timeline: ReplayTimeline, summary: ReplaySummary, expectations: ReplayExpectations = .init()) {
    self.timeline = timeline
    self.summary = summary
    self.expectations = expectations
  }
}

extension Replayer {
  /// Replays a sequence of events from the start and checks it.
  ///
  /// - Parameters:
  ///   - events: The trace's events in order.
  ///   - trace: The trace's name, for the summary.
  ///   - configuration: What to drive.
  ///   - tolerances: The checks' limits.
  ///   - keepingFrames: Keep frame samples in the timeline (the checks see them either way).
  /// - Returns: The timeline and the summary.
  /// - Complexity: O(n) in the events plus the ticks sampled.
  public static func replay<Events: Sequence<TraceEvent>>(
    _ events: Events, trace: String, configuration: ReplayConfiguration,
    tolerances: ReplayTolerances = .default, keepingFrames: Bool = false
  ) -> ReplayResult {
    var replayer = Replayer(configuration: configuration)
    var sink = TeeSink(
      ReplayTimeline(keepsFrames: keepingFrames),
      ReplayVerifier(
        trace: trace, tolerances: tolerances, expectations: configuration.expectations))
    for event in events { replayer.consume(event, into: &sink) }
    replayer.finish(into: &sink)
    return ReplayResult(
      timeline: sink.first, summary: sink.second.summary, expectations: configuration.expectations)
  }
}
