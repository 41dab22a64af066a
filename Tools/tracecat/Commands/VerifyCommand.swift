import FoldTrace

/// `tracecat verify FILE…`: checks that files are complete, undamaged, cleanly closed traces.
struct VerifyCommand: TracecatCommand {
  static let configuration = CommandConfiguration(
    name: "verify",
    abstract: "Check traces: 0 valid, 4 torn tail or not closed (recover repairs it), 1 corrupt.",
    discussion: """
      Reads every frame (checksums, records, the seek table). A valid, cleanly closed file prints one \
      line on standard output. A file whose last frame was cut short (a crash mid-write), ends in zero \
      bytes, has a damaged seek table, or has no seek table at all (a crash between frames, or a \
      recording still in progress) is recoverable: exit 4, and 'tracecat recover' makes it whole \
      without losing a complete frame. Damage anywhere else is corruption: exit 1, with its byte \
      offset and reason on standard error. A file a writer holds open (a recording in progress: its \
      lock is held) is not read: exit 5. Over several files the worst status wins (usage 2, I/O 3, \
      being recorded 5, corrupt 1, recoverable 4, valid 0).
      """,
    positionals: PositionalSpec(
      name: "FILE", help: "Trace files (.foldtrace); - reads standard input.", minimum: 1, maximum: nil),
    examples: [
      ("tracecat verify Traces/*.foldtrace", "Check the whole corpus."),
      (
        "tracecat verify crashed.foldtrace; [ $? -eq 4 ] && tracecat recover crashed.foldtrace",
        "Repair a torn recording, and only a torn one."
      ),
    ])

  var files: [String]

  init(_ arguments: ParsedArguments) throws { files = arguments.positionals }

  /// Verifies each file in turn; with more than one, a last line totals them:
  /// `total: 3 traces, 1 valid, 1 recoverable, 1 failed` (recoverable: `tracecat recover` repairs it;
  /// failed: corrupt, not a trace, or unreadable; `N being recorded` joins them when a writer holds some).
  func run(_ console: Console) throws -> ExitStatus {
    var valid = 0
    var recoverable = 0
    var recording = 0
    let status = EachInput.run(
      files, console: console,
      observe: {
        if $0 == .success { valid += 1 } else if $0 == .recoverable { recoverable += 1 }
        if $0 == .locked { recording += 1 }
      }
    ) { file in
      // A recording in progress is judged once it is closed: its last frame may be half written.
      if file == "-"
        ? TraceRecovery.isStandardInputBeingRecorded() : try TraceRecovery.isBeingRecorded(path: file)
      {
        throw TracecatError.beingRecorded(file: InputSource.displayName(file))
      }
      let reader = try InputSource.trace(file, forward: true)
      let name = DisplayText.escaped(InputSource.displayName(file))
      let progress = Progress("verify \(name)", reading: reader)
      defer { progress.finish() }
      var frames = 0
      var events = 0
      while let frame = try reader.nextFrame() {
        frames += 1
        events += frame.events.count
        progress.update(frame.offset + frame.size)
      }
      let counts = "\(Count(frames, "frame")), \(Count(events, "event")), \(Count(reader.fileSize, "byte"))"
      guard reader.isClosedCleanly else {
        console.print(
          "\(name): not closed: \(counts), no seek table (a crash between frames, or still being "
            + "recorded); run recover")
        return .recoverable
      }
      console.print("\(name): valid, \(counts)")
      return .success
    }
    if files.count > 1 {
      console.print(
        "total: \(Count(files.count, "trace")), \(valid) valid, \(recoverable) recoverable, "
          + (recording > 0 ? "\(recording) being recorded, " : "")
          + "\(files.count - valid - recoverable - recording) failed")
    }
    return status
  }
}
