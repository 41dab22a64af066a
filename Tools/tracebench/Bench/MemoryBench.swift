import FoldReplay
import FoldTrace
import Foundation
import LayoutCore
import ReferenceScreen

/// Peak memory while replaying a trace, streaming: a fresh child process per measurement reads the large
/// trace frame by frame into a `Replayer` with every check on (`ReplayVerifier`) and reports its peak
/// resident set, so the small and the large measurement do not share a high-water mark.
struct MemoryBench {
  var options: Options

  func run(_ trace: LargeTrace, into table: inout ResultTable) throws {
    // --quick replays 20 k vs 200 k events of its 1 M-event trace, to stay a smoke run.
    let large = options.quick ? trace.eventCount / 5 : trace.eventCount
    let small = large / 10
    let smallPeak = try Samples.collect(runs: 1) { try Double(Self.childPeak(trace.path, limit: small)) }
    let largePeak = try Samples.collect(runs: 1) { try Double(Self.childPeak(trace.path, limit: large)) }
    let megabytes = { (bytes: Double) in bytes / 1_048_576 }
    let growth = largePeak.median / smallPeak.median
    let section = "peak RSS replaying, streaming"
    table.add(
      section,
      Figure(
        "MB at \(Format.si(Double(small))) → \(Format.si(Double(large))) events",
        ours:
          "\(Format.significant(megabytes(smallPeak.median))) → \(Format.significant(megabytes(largePeak.median)))",
        ratio: Format.ratio(growth), target: "≤ 1.2×, ≤ 64 MB",
        verdict: growth <= 1.2 && megabytes(largePeak.median) <= 64 ? .met : .missed))
  }

  /// Runs `tracebench _child stream PATH LIMIT` and returns the child's peak RSS, in bytes.
  static func childPeak(_ path: String, limit: Int) throws -> Int {
    let output = try ChildProcess.run(["_child", "stream", path, String(limit)])
    guard let field = output.split(separator: " ").first(where: { $0.hasPrefix("peak=") }),
      let peak = Int(field.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw ChildProcess.Failure(description: "unexpected child output: \(output)") }
    return peak
  }

  /// The child's work: replay up to `limit` events of the trace at `path` with every check on, then
  /// print `events=N peak=BYTES failures=F`.
  static func stream(_ path: String, limit: Int) throws -> String {
    let reader = try TraceReader(path: path)
    var replayer = Replayer(
      configuration: ReplayConfiguration(
        policy: ReferenceScreenLayout(), content: RecordListContent(),
        scrollElementID: ReferenceScreenLayout.scrollElementID))
    var verifier = ReplayVerifier(trace: path)
    var events = 0
    reading: while let frame = try reader.nextFrame() {
      for event in frame.events {
        replayer.consume(event, into: &verifier)
        events += 1
        if events >= limit { break reading }
      }
    }
    replayer.finish(into: &verifier)
    return
      "events=\(events) peak=\(ChildProcess.peakResidentBytes()) failures=\(verifier.summary.failureCount)"
  }
}
