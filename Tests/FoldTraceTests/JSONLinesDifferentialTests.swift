import Foundation
import Testing

@testable import FoldTrace

/// The fast JSON Lines encoder and decoder give exactly what the Foundation reference gives: on the
/// corpus, on seeded random events, on seeded mutations of their lines and on the fuzzer's inputs.
@Suite struct JSONLinesDifferentialTests {
  typealias D = JSONLinesDifferential

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func corpusEncodesAndDecodesAsTheReference() throws {
    let traces = try FileManager.default.contentsOfDirectory(
      atPath: Self.root.appendingPathComponent("Traces").path
    )
    .filter { $0.hasSuffix(".foldtrace") }.sorted()
    #expect(traces.count >= 20)
    var lines = 0
    for name in traces {
      let trace = try TraceReader.readAll(path: Self.root.appendingPathComponent("Traces/\(name)").path)
      let header = TraceJSONLines.encode(header: trace.header)
      #expect(header == TraceJSONLines.referenceEncode(header: trace.header), "\(name)")
      #expect(D.fast(header) == .line(.header(trace.header)))
      // Every line through the fast path, every 8th also through the (slower) reference.
      for (index, event) in trace.events.enumerated() {
        let line = TraceJSONLines.encode(event: event)
        #expect(line == TraceJSONLines.referenceEncode(event: event), "\(name)")
        #expect(D.fast(line) == .line(.event(event)), "\(name): \(line)")
        if index % 8 == 0 { #expect(D.reference(line) == .line(.event(event)), "\(name): \(line)") }
        lines += 1
      }
    }
    #expect(lines > 1000)
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func randomEventsEncodeAndDecodeAsTheReference(seed: UInt64) {
    var random = SeededGenerator(state: seed)
    for _ in 0..<500 {
      let event = D.event(&random)
      let line = TraceJSONLines.encode(event: event)
      #expect(line == TraceJSONLines.referenceEncode(event: event))
      #expect(D.fast(line) == .line(.event(event)), "\(line)")
      #expect(D.reference(line) == .line(.event(event)), "\(line)")
    }
    for _ in 0..<100 {
      let header = D.header(&random)
      let line = TraceJSONLines.encode(header: header)
      #expect(line == TraceJSONLines.referenceEncode(header: header))
      D.expectAgreement(line)
    }
  }

  @Test(arguments: [11, 12, 13, 14] as [UInt64])
  func mutatedLinesDecodeAsTheReference(seed: UInt64) {
    var random = SeededGenerator(state: seed)
    for _ in 0..<800 {
      var line =
        random.next() % 8 == 0
        ? TraceJSONLines.encode(header: D.header(&random)) : TraceJSONLines.encode(event: D.event(&random))
      for _ in 0...(random.next() % 3) { line = D.mutate(line, &random) }
      D.expectAgreement(line)
    }
  }

  /// Inputs the libFuzzer harness (Tools/fuzz-jsonl) found interesting, one line per file or several.
  @Test func fuzzRegressionInputsDecodeAsTheReference() throws {
    let directory = Self.root.appendingPathComponent("Tests/FoldTraceTests/__Goldens__/jsonl-fuzz")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(!names.isEmpty)
    for name in names {
      let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
      for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        guard let text = String(validating: line, as: UTF8.self), !text.allSatisfy(\.isWhitespace) else {
          continue
        }
        D.expectAgreement(text)
      }
    }
  }

  @Test(arguments: [
    #"{"t":1,"kind":"marker","label":"x","t":2}"#, #"{"t":1,"kind":"marker","label":"x","label":"\ud800"}"#,
    #"{"t":1e3,"kind":"marker","label":"x"}"#, #"{"t":1500.0,"kind":"marker","label":"x"}"#,
    #"{"t":9007199254740993.0,"kind":"marker","label":"x"}"#, #"{"t":-0,"kind":"marker","label":"x"}"#,
    #"{"t":1,"kind":"zoom"}"#, #"{"t":1,"kind":"marker","label":"x","\u006Cabel":"y"}"#,
    #"{"t":1,"k\u0069nd":"marker","label":"x"}"#, #"{"t":1,"kind":"marker","label":"x","e":[[1e400]]}"#,
    #"{"t":1,"kind":"marker","label":"a\tb"}"#, #"{"t":1,"kind":"marker","label":"x","a\tb":1}"#,
  ])
  func cornersDecodeAsTheReference(_ line: String) {
    D.expectAgreement(line)
  }
}
