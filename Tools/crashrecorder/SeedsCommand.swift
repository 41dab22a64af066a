import FoldTrace

#if canImport(Glibc)
  import Glibc
#endif

/// `crashrecorder seeds --out DIR`: writes small traces of many shapes as fuzzing seeds
/// (Tools/fuzz-reader): every kind in one frame, many tiny frames, a trace without a seek table (a
/// crash), a torn one, an appended one.
enum SeedsCommand {
  /// Writes the seeds.
  /// - Throws: ``TraceError`` or ``HarnessError`` when a file cannot be written.
  static func run(_ arguments: Arguments) throws {
    let directory = try arguments.string("out")
    let header = TraceHeader(device: "iPhone Duo", app: "seeds", recorder: "crashrecorder")
    let shapes: [(String, Int, FlushPolicy, Bool)] = [
      ("one-frame", 40, .default, true),
      ("tiny-frames", 60, FlushPolicy(maxBufferedBytes: 64), true),
      ("short-span", 80, FlushPolicy(maxSpan: 20_000_000), true),
      ("no-seek-table", 50, FlushPolicy(maxBufferedBytes: 300), false),
    ]
    for (seed, (name, count, policy, close)) in shapes.enumerated() {
      let writer = try TraceWriter(header: header, policy: policy)
      for event in SessionScript.events(seed: UInt64(seed), count: count) { try writer.append(event) }
      if close { try writer.close() } else { try writer.flush() }
      try save(writer.bytes, "\(directory)/\(name).foldtrace")
      if !close { try save(Array(writer.bytes.dropLast(7)), "\(directory)/torn.foldtrace") }
    }
    let path = "\(directory)/appended.foldtrace"
    unlink(path)
    let first = try TraceWriter(path: path, header: header, policy: FlushPolicy(maxBufferedBytes: 200))
    for event in SessionScript.events(seed: 9, count: 20) { try first.append(event) }
    try first.close()
    let second = try TraceWriter(appendingTo: path, policy: FlushPolicy(maxBufferedBytes: 200))
    for event in SessionScript.events(seed: 10, startTime: 1_000_000_000, count: 20) {
      try second.append(event)
    }
    try second.close()
  }

  private static func save(_ bytes: [UInt8], _ path: String) throws {
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard file >= 0 else { throw HarnessError("cannot create \(path)") }
    defer { close(file) }
    do {
      try FileDescriptor(rawValue: file).writeAll(bytes)
    } catch {
      throw HarnessError("cannot write \(path)")
    }
  }
}
