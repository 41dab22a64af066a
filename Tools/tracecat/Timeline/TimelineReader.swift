import FoldTrace

/// Reads a whole trace into a ``SessionTimeline`` (with samples), showing progress on a terminal.
enum TimelineReader {
  /// Reads `input` (a path or `-`).
  ///
  /// With a `from`, reading starts at the frame holding it (a seek-table jump) and its keyframe gives
  /// the state; reading stops at the first frame after `to`.
  ///
  /// - Parameters:
  ///   - input: The trace.
  ///   - label: The subcommand, for the progress line.
  ///   - filter: The time window and scenes to show.
  /// - Returns: The timeline of the window.
  /// - Throws: ``TracecatError`` when the trace is unreadable or damaged in the window.
  static func read(_ input: TraceInput, label: String, filter: EventFilter = EventFilter()) throws
    -> SessionTimeline
  {
    let reader = try input.open()
    let progress = Progress("\(label) \(input.name)", total: reader.fileSize)
    defer { progress.finish() }
    var timeline = SessionTimeline(keepsSamples: true, filter: filter)
    do throws(TraceError) {
      var needsState = false
      if filter.from > 0, try reader.seek(toTime: filter.from - 1) ?? 0 > 0 { needsState = true }
      while let frame = try reader.nextFrame(), frame.time <= filter.to {
        if needsState {
          for event in frame.keyframe { timeline.add(event) }
          needsState = false
        }
        for event in frame.events { timeline.add(event) }
        progress.update(frame.offset + frame.size)
      }
    } catch {
      throw TracecatError(error)
    }
    return timeline
  }
}
