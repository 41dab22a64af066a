import FoldSim
import FoldTrace
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// `crashrecorder record`: the crash-soak child. Records ``SessionScript`` into a trace, makes it durable
/// every 1…200 events, and after each durable point appends the number of events recorded so far to the
/// acknowledgement file — so a number there is a promise that those events are on disk. It runs until
/// killed (or until `--events`, then closes cleanly).
///
/// A new session goes through ``SessionRecorder`` as an app records (its writer queue encodes and writes;
/// `synchronize()` is the durable point), with a clock that reads the script's times so the parent can
/// regenerate the events; a session appended to a recovered trace (`--append`) goes through
/// `TraceWriter(appendingTo:)` and `flush()`, since a recorder always starts a new trace.
enum RecordCommand {
  /// Runs the child.
  /// - Throws: ``TraceError`` from the writer, the recorder's sink errors; ``HarnessError`` for bad
  ///   options.
  static func run(_ arguments: Arguments) throws {
    let path = try arguments.string("out")
    let acks = try arguments.string("acks")
    let seed: UInt64 = try arguments.integer("seed", default: 1)
    let limit: Int = try arguments.integer("events", default: 1_000_000)
    var random = SplitMix64(seed: seed ^ 0xC0FF_EE00)
    let policy = FlushPolicy(
      maxBufferedBytes: 256 + Int(random.next() % 16_384), maxSpan: 50_000_000 + random.next() % 950_000_000)
    let ackFile = open(acks, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard ackFile >= 0 else { throw HarnessError("cannot open \(acks)") }
    if arguments.flag("append") {
      let startTime = (try TraceReader.readAll(path: path).events.last?.time ?? 0) + 1
      let writer = try TraceWriter(appendingTo: path, policy: policy)
      try record(
        SessionScript(seed: seed, startTime: startTime), limit: limit, random: &random, ackFile: ackFile,
        append: { try writer.append($0) }, synchronize: { try writer.flush() }, close: { try writer.close() })
    } else {
      let header = TraceHeader(device: "iPhone Duo", app: "crash-soak \(seed)", recorder: "crashrecorder")
      let scriptTime = Atomic<UInt64>(0)
      let recorder = try SessionRecorder(
        path: path, header: header, policy: policy,
        clock: RecorderClock { scriptTime.load(ordering: .relaxed) })
      try record(
        SessionScript(seed: seed), limit: limit, random: &random, ackFile: ackFile,
        append: { event in
          scriptTime.store(event.time, ordering: .relaxed)
          // The buffer holds far more than the 200 events between two synchronize() calls.
          guard try recorder.record(event.payload) else {
            throw HarnessError("the recorder dropped an event")
          }
        }, synchronize: { try recorder.synchronize() }, close: { try recorder.close() })
    }
  }

  /// Appends the script's events, making them durable at seeded random counts and acknowledging each.
  private static func record(
    _ script: SessionScript, limit: Int, random: inout SplitMix64, ackFile: Int32,
    append: (TraceEvent) throws -> Void, synchronize: () throws -> Void, close: () throws -> Void
  ) throws {
    var script = script
    var nextFlush = 1 + Int(random.next() % 200)
    for count in 1...limit {
      try append(script.next())
      if count == nextFlush {
        try synchronize()
        acknowledge(count, to: ackFile)
        nextFlush += 1 + Int(random.next() % 200)
      }
    }
    try close()
    acknowledge(limit, to: ackFile)
  }

  /// Appends `count` and a newline (`write(2)`, one call unless the kernel takes part of the line), after
  /// the durable point that covers `count` events.
  private static func acknowledge(_ count: Int, to file: Int32) {
    try? FileDescriptor(rawValue: file).writeAll(Array("\(count)\n".utf8))
  }
}
