import FoldTrace

/// `tracecat stats [--json] FILE…`: what a trace holds, which shapes its scenes visited, how it ends.
struct StatsCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "stats",
    abstract: "Summarize traces: events per kind, scenes and their shapes, drops, frames, bytes, closure.",
    discussion: """
      Bytes is the file's size; content is the decompressed size of its event frames; the ratio is \
      content over the frames' compressed size. Each scene lists its display and the layout shapes it \
      visited, in order of first visit, as LayoutCore derives them from the size classes and the size \
      (LayoutShape(horizontal:vertical:isWide:)), with the number of shape changes. Scenes are listed \
      by id, the first 10 000 (as many as 'tracecat replay' lists); 'scenes not listed' counts the rest \
      (a scene past them that connected again counts again). Dropped counts the \
      events the recorder lost when the disk fell behind. Closed says whether the writer closed the \
      trace (a seek table ends it) or whether it needs 'tracecat recover'. A damaged trace is \
      summarized up to the damage, then reported (exit 4 torn, 1 corrupt); one still being recorded \
      (a writer holds its lock) is summarized as far as written, then said to be (exit 5). With --json, prints one \
      JSON object per trace, keys sorted, times in nanoseconds: file, device, app, recorder, format, \
      start, end, duration, events, eventsByKind, scenes (scene, display, shapes, shapeChanges, \
      geometryEvents; the first 10 000), unlistedScenes (only when some are not listed), dropped, \
      droppedRecords, unknown, frames, bytes, contentBytes, compressedBytes, compressionRatio, closed \
      (cleanly, noSeekTable, torn, corrupt, recording) and, when damaged, damage (offset, reason).
      """,
    options: [.flag("json", help: "Print one JSON object per trace instead of aligned rows.")],
    positionals: PositionalSpec(
      name: "FILE", help: "Trace files (.foldtrace); - reads standard input.", minimum: 1, maximum: nil),
    examples: [
      ("tracecat stats Traces/duo-open-external-to-internal.foldtrace", "Summarize the shipped trace."),
      ("tracecat stats --json Traces/*.foldtrace | jq -r '.file + \": \" + .closed'", "Which traces closed."),
    ])

  var files: [String]
  var json: Bool

  init(_ arguments: ParsedArguments) throws {
    files = arguments.positionals
    json = arguments.flag("json")
  }

  func run(_ console: Console) throws -> ExitStatus {
    EachInput.run(files, console: console) { file in
      let reader = try InputSource.trace(file, forward: true)
      let name = InputSource.displayName(file)
      let progress = Progress("stats \(name)", reading: reader)
      var summary = TraceSummary()
      var failure: TracecatError?
      do throws(TraceError) {
        while let frame = try reader.nextFrame() {
          summary.add(frame)
          progress.update(frame.offset + frame.size)
        }
        summary.closure = reader.isClosedCleanly ? .cleanly : .noSeekTable
        if !reader.isClosedCleanly, TracecatError.isBeingRecorded(file) {
          summary.closure = .recording
          failure = .recordingInProgress(file: name)
        }
      } catch {
        let wrapped = TracecatError(error)
        failure = wrapped
        summary.damage = error
        switch wrapped {
        case .tornTrace: summary.closure = .torn
        case .recordingInProgress:
          summary.closure = .recording
          // Recover refuses a trace being recorded: the reader's advice to run it does not apply.
          if summary.damage?.reason.hasSuffix("; run recover") == true {
            summary.damage?.reason.removeLast("; run recover".count)
          }
        default: summary.closure = .corrupt
        }
        // Standard input read as it arrives: its size, as a file's, counts the bytes after the damage.
        do throws(TraceError) { try reader.readInputToEnd() } catch { throw TracecatError(error) }
      }
      progress.finish()
      summary.unknownEvents = reader.unknownEventCount
      summary.timeline.mergeSummaries()
      if json {
        try StatsReport(summary, name: name, header: reader.header, fileSize: reader.fileSize).write {
          try console.write($0)
        }
      } else {
        summary.forEachLine(name: name, header: reader.header, fileSize: reader.fileSize) {
          console.print($0)
        }
      }
      if let failure { throw failure }
      return .success
    }
  }
}
