import FoldReplay
import FoldTrace
import LayoutCore
import Testing

/// The digest and the JSON Lines are sinks on the record stream beside the checks: each gives alone what
/// the verifier's summary and `tracecat replay --json` give.
@Suite struct OutputSinkTests {
  /// The duo-opening script's records, kept with their frames.
  func records() -> [ReplayRecord] {
    var replayer = Replayer(configuration: testConfiguration())
    var list = RecordList()
    for event in TraceScript.duoOpening.events { replayer.consume(event, into: &list) }
    replayer.finish(into: &list)
    return list.records
  }

  @Test func theDigestAloneIsTheSummarysDigest() {
    let records = records()
    var digest = ReplayDigest()
    var verifier = ReplayVerifier(trace: "duo")
    for record in records {
      digest.receive(record)
      verifier.receive(record)
    }
    #expect(digest.hex == verifier.summary.digest)
    #expect(digest.hex == replay(.duoOpening).summary.digest)
    #expect(digest.hex != ReplayDigest().hex)
  }

  @Test func theDigestHashesTheLayoutLinesWithoutTheTraceKey() {
    let layouts = records().filter { if case .layout = $0 { true } else { false } }
    #expect(layouts.count > 1)
    var digest = ReplayDigest()
    var expected = FNV1a64()
    for record in layouts {
      digest.receive(record)
      guard case .layout(let change) = record else { continue }
      expected.combine(ReplayJSONLines.layout(change, trace: nil) + "\n")
    }
    #expect(digest.hex == expected.hex)
  }

  @Test func theJSONLinesSinkWritesALinePerLayoutAndFramesOnlyWhenAsked() {
    let records = records()
    var lines = ReplayJSONLinesSink(trace: "duo.foldtrace")
    var withFrames = ReplayJSONLinesSink(trace: "duo.foldtrace", frames: true)
    var expected: [String] = []
    var frameLines = 0
    for record in records {
      lines.receive(record)
      withFrames.receive(record)
      switch record {
      case .layout(let change): expected.append(ReplayJSONLines.layout(change, trace: "duo.foldtrace"))
      case .frame(let sample): frameLines += sample.elements.count
      default: break
      }
    }
    #expect(lines.lines == expected)
    #expect(frameLines > 0)
    #expect(withFrames.lines.count == expected.count + frameLines)
    #expect(withFrames.lines.filter { $0.hasPrefix(#"{"kind":"layout""#) } == expected)
  }
}

/// Keeps every record.
private struct RecordList: ReplaySink {
  var records: [ReplayRecord] = []
  mutating func receive(_ record: ReplayRecord) { records.append(record) }
}
