import FoldTrace
import LayoutCore

extension Replayer {
  /// Replays a trace frame by frame as the reader decodes it: memory stays bounded by one frame plus the
  /// replay's per-scene state, whatever the trace's length.
  ///
  /// An event that holds a length no layout can use — NaN or ±∞ (`TraceEvent.nonFiniteLayoutValue`),
  /// which no trace writer records — ends the replay with a `TraceError` of code `.invalidEvent` that
  /// names the trace, the byte offset of the event's frame, the frame's index, the event's index and
  /// the value: `"t.foldtrace: byte 130: frame 1, event 2 (geometry, scene 1): the width is nan; …"`.
  /// Records for every event before it have been delivered; ``ReplayRecord/end(_:)`` has not. So is a
  /// `sceneConnected` event that leaves more than ``maximumConnectedScenes`` scenes connected, and a
  /// `regions` event listing more than ``maximumRegionsPerEvent`` (the format's limits, which writers
  /// enforce): a replay's work per event grows with the scenes connected and with the regions a scene
  /// holds. A `TraceReader` now refuses all of these first, as a malformed record of their frame
  /// (`.corrupt`), so these checks are a second line behind it.
  ///
  /// - Parameters:
  ///   - reader: A reader at the trace's first frame.
  ///   - configuration: What to drive.
  ///   - sink: Receives every record, ending with ``ReplayRecord/end(_:)``.
  /// - Returns: The number of events replayed.
  /// - Throws: `TraceError` when the trace is damaged (records up to the damage have been delivered),
  ///   or with code `.invalidEvent` when an event holds a NaN or infinite length, connects a scene over
  ///   ``maximumConnectedScenes`` or lists more than ``maximumRegionsPerEvent`` regions.
  /// - Complexity: O(n) in the events plus the ticks sampled.
  @discardableResult
  public static func replay<Sink: ReplaySink>(
    _ reader: TraceReader, configuration: ReplayConfiguration, into sink: inout Sink
  ) throws(TraceError) -> Int {
    var replayer = Replayer(configuration: configuration)
    while var frame = try reader.nextFrame() {
      // Each event is moved out of the frame's storage and handed over (a copy per event, a switch over
      // its payload with retains, cost more than the replay of a scroll), a trivial event left in its
      // place for the array to destroy.
      var events: [TraceEvent] = []
      swap(&events, &frame.events)
      let refused: TraceError? = events.withUnsafeMutableBufferPointer { events in
        guard let first = events.baseAddress else { return nil }
        for index in events.indices {
          let event = (first + index).move()
          (first + index).initialize(to: Self.placeholder)
          if let reason = Self.unreplayable(event)
            ?? (replayer.session.scenes.count < maximumConnectedScenes
              ? nil : Self.overSceneLimit(event, replayer.session))
          {
            return refusal(event, reason, frame: frame, eventIndex: replayer.eventCount, trace: reader.name)
          }
          replayer.consume(event, into: &sink)
        }
        return nil
      }
      if let refused { throw refused }
    }
    replayer.finish(into: &sink)
    return replayer.eventCount
  }

  /// What a replayed event's slot in its frame holds once the event is moved out: trivially destroyed.
  private static let placeholder = TraceEvent(time: 0, .dropped(count: 0))

  /// Replays a trace file and checks it.
  ///
  /// - Parameters:
  ///   - path: The trace file's path; the summary names the trace by its file name.
  ///   - configuration: What to drive.
  ///   - tolerances: The checks' limits.
  ///   - keepingFrames: Keep frame samples in the timeline.
  /// - Returns: The timeline and the summary.
  /// - Throws: `TraceError` when the trace cannot be read.
  public static func replay(
    path: String, configuration: ReplayConfiguration, tolerances: ReplayTolerances = .default,
    keepingFrames: Bool = false
  ) throws(TraceError) -> ReplayResult {
    let reader = try TraceReader(path: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    var sink = TeeSink(
      ReplayTimeline(keepsFrames: keepingFrames), ReplayVerifier(trace: name, tolerances: tolerances))
    try replay(reader, configuration: configuration, into: &sink)
    return ReplayResult(timeline: sink.first, summary: sink.second.summary)
  }

  /// The most scenes a replayed trace may have connected at once (128): the trace format's limit, which
  /// every writer enforces (FoldTrace's TraceFormat article). Each event costs the replay O(s) for s
  /// connected scenes, so a forged trace connecting a million would take hours.
  public static let maximumConnectedScenes = 128

  /// The most regions one replayed `regions` event may list (128): the trace format's limit, which every
  /// writer enforces (FoldTrace's TraceFormat article). Making a scene's context reads all of its regions
  /// at every relayout, so a forged event of 100 000 regions made each later relayout take milliseconds
  /// (47 s for 200 events in a debug build).
  public static let maximumRegionsPerEvent = 128

  /// Why `event` cannot be replayed, if it cannot: a NaN or infinite length, or more regions than
  /// ``maximumRegionsPerEvent``.
  private static func unreplayable(_ event: borrowing TraceEvent) -> String? {
    // The common events are checked in place: the full check builds the message.
    switch event.payload {
    case .geometry(_, let geometry):
      let insets = geometry.safeArea
      if geometry.size.width.isFinite, geometry.size.height.isFinite, insets.top.isFinite,
        insets.leading.isFinite, insets.bottom.isFinite, insets.trailing.isFinite
      {
        return nil
      }
      return event.nonFiniteLayoutValue.map {
        "\($0); replay refuses lengths that are not numbers, which no trace writer records"
      }
    case .scroll(_, let offset, _):
      if offset.x.isFinite, offset.y.isFinite { return nil }
      return event.nonFiniteLayoutValue.map {
        "\($0); replay refuses lengths that are not numbers, which no trace writer records"
      }
    case .regions(_, let regions):
      if let problem = event.nonFiniteLayoutValue {
        return "\(problem); replay refuses lengths that are not numbers, which no trace writer records"
      }
      guard regions.count > maximumRegionsPerEvent else { return nil }
      return "\(regions.count) regions, more than the trace format's \(maximumRegionsPerEvent); no trace "
        + "writer records that"
    case .sceneConnected, .sceneDisconnected, .traits, .selection, .hinge, .marker, .dropped:
      return nil
    }
  }

  /// Why `event` cannot be replayed after `session` when ``maximumConnectedScenes`` scenes are connected:
  /// it connects another one (asked only then, so the common event does not copy the session).
  private static func overSceneLimit(_ event: borrowing TraceEvent, _ session: SessionState) -> String? {
    guard case .sceneConnected(let id, _, _) = event.payload, session.index(of: id) == nil else { return nil }
    return "\(session.scenes.count + 1) scenes are connected at once, more than the trace format's "
      + "\(maximumConnectedScenes); no trace writer records that"
  }

  /// The error for an event the replay refuses: where it is (trace, frame offset and index, event index,
  /// kind and scene), then `reason`.
  private static func refusal(
    _ event: TraceEvent, _ reason: String, frame: TraceFrame, eventIndex: Int, trace: String
  ) -> TraceError {
    let scene = event.scene.map { ", scene \($0.rawValue)" } ?? ""
    return TraceError(
      .invalidEvent, file: trace, offset: frame.offset,
      reason: "frame \(frame.index), event \(eventIndex) (\(event.kind.name)\(scene)): \(reason)")
  }
}
