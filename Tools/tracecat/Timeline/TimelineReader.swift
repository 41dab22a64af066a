import FoldTrace

/// Reads a whole trace into a ``SessionTimeline`` (with samples), showing progress on a terminal.
enum TimelineReader {
  /// Reads `input` (a path or `-`).
  ///
  /// - Parameters:
  ///   - input: The trace argument.
  ///   - label: The subcommand, for the progress line.
  /// - Returns: The timeline of every event.
  /// - Throws: ``TracecatError`` when the trace is unreadable or damaged anywhere.
  static func read(_ input: String, label: String) throws -> SessionTimeline {
    let reader = try InputSource.trace(input)
    let progress = Progress("\(label) \(InputSource.displayName(input))", total: reader.fileSize)
    defer { progress.finish() }
    var timeline = SessionTimeline(keepsSamples: true)
    do throws(TraceError) {
      while let frame = try reader.nextFrame() {
        for event in frame.events { timeline.add(event) }
        progress.update(frame.offset + frame.size)
      }
    } catch {
      throw TracecatError(error)
    }
    return timeline
  }
}
