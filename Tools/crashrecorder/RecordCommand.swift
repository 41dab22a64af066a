import FoldSim
import FoldTrace

#if canImport(Glibc)
  import Glibc
#endif

/// `crashrecorder record`: the crash-soak child. Records ``SessionScript`` into a trace with a
/// ``TraceWriter``, calls `flush()` every 1…200 events, and after each `flush()` returns appends the
/// number of events appended so far to the acknowledgement file — so a number there is a promise that
/// those events are durable. It runs until killed (or until `--events`, then closes cleanly).
enum RecordCommand {
  /// Runs the child.
  /// - Throws: ``TraceError`` from the writer; ``HarnessError`` for bad options.
  static func run(_ arguments: Arguments) throws {
    let path = try arguments.string("out")
    let acks = try arguments.string("acks")
    let seed: UInt64 = try arguments.integer("seed", default: 1)
    let limit: Int = try arguments.integer("events", default: 1_000_000)
    var random = SplitMix64(seed: seed ^ 0xC0FF_EE00)
    let policy = FlushPolicy(
      maxBufferedBytes: 256 + Int(random.next() % 16_384), maxSpan: 50_000_000 + random.next() % 950_000_000)
    let writer: TraceWriter
    var startTime: UInt64 = 0
    if arguments.flag("append") {
      startTime = (try TraceReader.readAll(path: path).events.last?.time ?? 0) + 1
      writer = try TraceWriter(appendingTo: path, policy: policy)
    } else {
      let header = TraceHeader(device: "iPhone Duo", app: "crash-soak \(seed)", recorder: "crashrecorder")
      writer = try TraceWriter(path: path, header: header, policy: policy)
    }
    let ackFile = open(acks, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard ackFile >= 0 else { throw HarnessError("cannot open \(acks)") }
    var script = SessionScript(seed: seed, startTime: startTime)
    var nextFlush = 1 + Int(random.next() % 200)
    for count in 1...limit {
      try writer.append(script.next())
      if count == nextFlush {
        try writer.flush()
        acknowledge(count, to: ackFile)
        nextFlush += 1 + Int(random.next() % 200)
      }
    }
    try writer.close()
    acknowledge(limit, to: ackFile)
  }

  /// Appends `count` and a newline with one `write(2)`, after the flush that made `count` events durable.
  private static func acknowledge(_ count: Int, to file: Int32) {
    let line = Array("\(count)\n".utf8)
    _ = line.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
  }
}
