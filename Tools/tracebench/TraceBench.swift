import FoldTrace
import Foundation

/// The benchmark run: builds the workloads, runs the sections, prints the table.
struct TraceBench {
  var options: Options

  /// Runs every selected section and returns the Markdown report.
  func run() throws -> String {
    var table = ResultTable()
    let started = Stopwatch.now()
    let wants = options.sections

    var long: TraceSample?
    if !wants.isDisjoint(with: [.record, .size, .decode, .replay]) {
      var events: [TraceEvent] = []
      let generation = try Stopwatch.time {
        events = try LongSession(seed: options.seed).events(count: options.longEvents)
      }
      long = try TraceSample(name: "long 120 Hz session", header: LongSession.header, events: events)
      table.note(
        "long session: FoldSim mixed use on iPhone Duo, seed \(options.seed), \(events.count) events over "
          + "\(Format.significant(Double(events.last?.time ?? 0) / 3.6e12)) h, generated in "
          + "\(Format.significant(Double(generation) / 1e9)) s.")
    }
    table.note(
      "time: single-threaded figures (record, decode, replay on one core) are the measuring thread's CPU "
        + "time (CLOCK_THREAD_CPUTIME_ID), so other load on the machine does not inflate them; corpus "
        + "scaling and seeks are wall-clock.")
    let corpus = try Workload.corpus(in: options.corpusDirectory)
    if corpus == nil {
      table.note("corpus: no *.foldtrace in \(options.corpusDirectory); corpus rows skipped.")
    }

    if wants.contains(.record), let long {
      try RecordBench(options: options, events: long.events).run(into: &table)
      try PresentedSampleBench.run(options: options, into: &table)
    }
    var longDocument: [UInt8] = []
    if !wants.isDisjoint(with: [.size, .decode]), let long {
      if let corpus {
        var size = SizeBench()
        try size.run(corpus, into: &table)
      }
      var size = SizeBench()
      try size.run(Workload(name: long.name, traces: [long]), recorderPolicy: true, into: &table)
      longDocument = size.documents[0]
    }
    if wants.contains(.decode), let long {
      try DecodeBench(options: options).run(long, document: longDocument, into: &table)
    }
    if wants.contains(.replay), let long {
      try ReplayBench(options: options).run(long: long, corpus: corpus, into: &table)
    }
    if wants.contains(.jsonl) { try JSONLinesBench(options: options).run(into: &table) }
    if wants.contains(.instructions) { try InstructionBench(options: options).run(into: &table) }
    if !wants.isDisjoint(with: [.memory, .seek, .commands]) {
      let large = try LargeTrace.make(
        events: options.largeEvents, seed: options.seed, in: options.workDirectory)
      table.note(
        "large trace: \(large.eventCount) events, \(Format.significant(Double(large.lastTime) / 3.6e12)) h of "
          + "session, written in \(Format.significant(large.generationSeconds)) s to \(large.path).")
      if wants.contains(.memory) { try MemoryBench(options: options).run(large, into: &table) }
      if wants.contains(.seek) { try SeekBench(options: options).run(large, into: &table) }
      if wants.contains(.commands) { try CommandMemoryBench(options: options).run(large, into: &table) }
    }

    let seconds = Double(Stopwatch.now() - started) / 1e9
    let heading = [
      "tracebench \(options.quick ? "--quick " : "")— git \(Self.revision()), "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(options.runs) runs per figure "
        + "(median, min–max), \(Format.significant(seconds)) s, load average at the end \(Self.loadAverage())",
      "",
    ]
    return (heading + [table.rendered()]).joined(separator: "\n")
  }

  /// The 1-minute load average (`/proc/loadavg`): other work on the machine skews every timed figure.
  static func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return text.split(separator: " ").first.map(String.init) ?? "unknown"
  }

  /// `git rev-parse --short HEAD`, or "unknown" outside a repository.
  static func revision() -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "rev-parse", "--short", "HEAD"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "unknown" }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return process.terminationStatus == 0 && !text.isEmpty ? text : "unknown"
  }
}
