import FoldTrace

/// Reads a whole trace into a ``SessionTimeline`` (with samples), showing progress on a terminal.
enum TimelineReader {
  /// Reads `input` (a path or `-`).
  ///
  /// With a `from`, reading starts at the frame holding it (a seek-table jump) and its keyframe gives
  /// the state; reading stops after the first frame holding an event after `to`. Frames outside that
  /// are never read, so damage there does not fail the read (``TraceReader/seek(toTime:)``).
  ///
  /// - Parameters:
  ///   - input: The trace.
  ///   - label: The subcommand, for the progress line.
  ///   - filter: The time window and scenes to show.
  ///   - keepsSamples: Whether samples and spans are kept (false: only the values in effect).
  ///   - grid: The plot's grid to thin samples and spans to, if any.
  ///   - keepsSummaries: Whether a timeline without samples keeps the summaries of the scenes that
  ///     disconnected (false: only the start and end are read).
  ///   - marked: With a grid, the scenes whose lanes are kept (``SessionTimeline/laneHistory``).
  ///   - afterEach: Called after each event of the window is folded in, with the timeline (a streaming
  ///     export takes what the event ended).
  /// - Returns: The timeline of the window.
  /// - Throws: ``TracecatError`` when the trace is unreadable or damaged in the window; what
  ///   `afterEach` throws.
  static func read(
    _ input: TraceInput, label: String, filter: EventFilter = EventFilter(), keepsSamples: Bool = true,
    grid: TimeGrid? = nil, keepsSummaries: Bool = true, marked: Set<SceneID> = [],
    afterEach: (inout SessionTimeline, TraceEvent) throws -> Void = { _, _ in }
  ) throws -> SessionTimeline {
    let reader = try input.open()
    let progress = Progress("\(label) \(input.name)", reading: reader)
    defer { progress.finish() }
    var timeline = SessionTimeline(
      keepsSamples: keepsSamples, grid: grid, filter: filter, keepsSummaries: keepsSummaries,
      marked: marked)
    func next() throws -> TraceFrame? {
      do throws(TraceError) { return try reader.nextFrame() } catch { throw TracecatError(error) }
    }
    var needsState = false
    do throws(TraceError) {
      if filter.from > 0, try reader.seek(toTime: filter.from - 1) ?? 0 > 0 { needsState = true }
    } catch {
      throw TracecatError(error)
    }
    while let frame = try next(), frame.time <= filter.to {
      if needsState {
        for event in frame.keyframe { timeline.add(event) }
        needsState = false
      }
      for event in frame.events {
        timeline.add(event)
        try afterEach(&timeline, event)
      }
      progress.update(frame.offset + frame.size)
      // Times never decrease: no later frame holds an event at or before --to, and it is not read.
      if frame.events.last.map({ $0.time > filter.to }) ?? false { break }
    }
    return timeline
  }

  /// Reads `input` for a plot, in two passes: the first (``readExtent(_:label:filter:)``, or `extent`
  /// when it was read) finds the window's start and end (keeping only the values in effect), the second
  /// keeps what a plot of that window draws — samples and spans thinned to its ``TimeGrid``, the handover
  /// lines as they are found, and the lanes of the scenes `marks` marks — so memory stays bounded by the
  /// plot's width, not the trace's length or its number of connections.
  ///
  /// - Parameters:
  ///   - input: The trace.
  ///   - label: The subcommand, for the progress line.
  ///   - filter: The time window and scenes to show.
  ///   - extent: The first pass, when the caller read it.
  ///   - marks: The replay marks the plot draws, if any.
  /// - Returns: The timeline of the window, thinned to ``TimelinePlot/timeGrid(for:)``.
  /// - Throws: ``TracecatError`` when the trace is unreadable or damaged in the window.
  /// - Complexity: O(events) time, twice the decoding of one read; O(lanes · plot width) memory for what
  ///   is drawn, O(connected scenes) for the scenes' state, O(1) for the handover lines
  ///   (``HandoverFinder``) and the scene counts (``DistinctTally``), and 16 bytes per connection of a
  ///   marked scene.
  static func readForPlot(
    _ input: TraceInput, label: String, filter: EventFilter = EventFilter(), extent: SessionTimeline? = nil,
    marks: ReplayMarks? = nil
  ) throws -> SessionTimeline {
    let extent = try extent ?? readExtent(input, label: label, filter: filter)
    let grid = TimelinePlot.timeGrid(for: extent)
    var timeline = try read(input, label: label, filter: filter, grid: grid, marked: marks?.scenes ?? [])
    timeline.finishPlot()
    return timeline
  }

  /// Reads `input`'s window for its start and end only: the first pass of
  /// ``readForPlot(_:label:filter:extent:marks:)``, and which of the scenes the filter names it holds
  /// (``SessionTimeline/coverage``).
  /// - Throws: ``TracecatError`` when the trace is unreadable or damaged in the window.
  static func readExtent(_ input: TraceInput, label: String, filter: EventFilter = EventFilter()) throws
    -> SessionTimeline
  {
    try read(input, label: label, filter: filter, keepsSamples: false, keepsSummaries: false)
  }
}
