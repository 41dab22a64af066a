import FoldTrace
import LayoutCore

extension Replayer {
  /// Replays a trace frame by frame as the reader decodes it: memory stays bounded by one frame plus the
  /// replay's per-scene state, whatever the trace's length.
  ///
  /// The reader refuses, as a malformed record of its frame (`TraceError` code `.corrupt`), every record
  /// no trace writer writes: a NaN or infinite length, more than 128 scenes connected at once or 128
  /// regions in one event. So every event replayed here is one a writer accepted; finite lengths however
  /// large are laid out within LayoutCore's caps (`LayoutContext.sanitized()`).
  ///
  /// - Parameters:
  ///   - reader: A reader at the trace's first frame.
  ///   - configuration: What to drive.
  ///   - sink: Receives every record, ending with ``ReplayRecord/end(_:)`` — also when the trace is
  ///     damaged: every event the reader delivered before the damage is replayed and the replay finished
  ///     (animations settle, the end record counts those events), as if the trace ended there.
  /// - Returns: The number of events replayed.
  /// - Throws: `TraceError` when the trace is damaged, after the replay of what was read has finished.
  /// - Complexity: O(n) in the events plus the ticks sampled.
  @discardableResult
  public static func replay<Sink: ReplaySink>(
    _ reader: TraceReader, configuration: ReplayConfiguration, into sink: inout Sink
  ) throws(TraceError) -> Int {
    var replayer = Replayer(configuration: configuration)
    do throws(TraceError) {
      while var frame = try reader.nextFrame() {
        // Each event is moved out of the frame's storage, a trivial event swapped into its place for the
        // array to destroy: no copy of the event, no retain of its strings and regions.
        for index in frame.events.indices {
          var event = Self.placeholder
          swap(&event, &frame.events[index])
          replayer.consume(event, into: &sink)
        }
      }
    } catch {
      replayer.finish(into: &sink)
      throw error
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
      ReplayTimeline(keepsFrames: keepingFrames),
      ReplayVerifier(
        trace: name, tracePath: path, tolerances: tolerances, expectations: configuration.expectations))
    try replay(reader, configuration: configuration, into: &sink)
    return ReplayResult(
      timeline: sink.first, summary: sink.second.summary, expectations: configuration.expectations)
  }
}
