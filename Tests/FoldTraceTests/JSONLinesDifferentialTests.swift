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
    #"{"t":1,"kind":"hinge","status":"closed","angle":0e1}"#,
    #"{"t":1,"kind":"hinge","status":"closed","angle":0.00e-3}"#, #"{"t":0e1,"kind":"marker","label":"x"}"#,
    #"{"t":0E1,"kind":"marker","label":"x"}"#,
  ])
  func cornersDecodeAsTheReference(_ line: String) {
    D.expectAgreement(line)
  }

  /// Lines in the writer's exact form, and lines one step away from it that the exact-form reader must
  /// leave to the general path, all decode as the reference does.
  @Test(arguments: [
    #"{"t":5,"kind":"scroll","scene":1,"offset":[0,0.3333333333333333],"anchor":"item-0"}"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[-0,-12.5]}"#,
    #"{"t":0,"kind":"hinge","status":"closed","angle":0}"#,
    #"{"t":0,"kind":"hinge","status":"partiallyOpen"}"#,
    #"{"t":05,"kind":"scroll","scene":1,"offset":[0,1]}"#,
    #"{"t":12345678901234567890,"kind":"scroll","scene":1,"offset":[0,1]}"#,
    #"{"t":5,"kind":"scroll","scene":4294967296,"offset":[0,1]}"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[1e2,1]}"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[00.5,1]}"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[1.,1]}"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[0.12345678901234567890123,1]}"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[9007199254740993,1]}"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[0.00000000000000000000000001,1]}"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[0,1],"anchor":"a"b"}"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[0,1],"anchor":"café"}"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[0,1],"anchor":"über"}"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[0,1],"anchor":null}"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[0,1],"anchorTop":3.5}"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[0,1] }"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[0,1],"extra":1}"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[0,1,2]}"#,
    #"{"t":5,"kind":"scroll","scene":1,"offset":[0,1]}x"#,
    #"{"t":5,"kind":"hinge","status":"ajar","angle":3}"#,
    #"{"t":5,"kind":"hinge","status":"closed","angle":-1e400}"#,
  ])
  func exactFormLinesDecodeAsTheReference(_ line: String) {
    D.expectAgreement(line)
  }

  /// The exact-form reader takes the corpus's scroll and hinge lines itself (the test above would pass
  /// vacuously if it declined them all) and declines what it cannot reproduce.
  @Test func exactFormReaderTakesTheWritersLines() throws {
    func exact(_ line: String) -> TraceEvent? {
      var text = line
      return text.withUTF8 { TraceJSONLines.decodeExactForm(UnsafeRawBufferPointer($0)) }
    }
    let trace = try TraceReader.readAll(
      path: Self.root.appendingPathComponent("Traces/long-duo-day.foldtrace").path)
    var taken = 0
    for event in trace.events {
      let line = TraceJSONLines.encode(event: event)
      guard let decoded = exact(line) else { continue }
      #expect(decoded == event, "\(line)")
      taken += 1
    }
    // long-duo-day: 5,386 scroll and 2,232 hinge lines of 8,076.
    #expect(taken == 7_618)
    #expect(exact(#"{"t":5,"kind":"scroll","scene":1,"offset":[1e2,1]}"#) == nil)
    #expect(exact(#"{"t":5,"kind":"scroll","scene":1,"offset":[0,1],"anchor":"a\"b"}"#) == nil)
    #expect(exact(#"{"t":05,"kind":"hinge","status":"closed"}"#) == nil)
    #expect(
      exact(#"{"t":5,"kind":"hinge","status":"closed"}"#)
        == TraceEvent(time: 5, .hinge(HingeState(status: .closed, angle: nil))))
  }

  /// The exact-form reader's decimals are the nearest doubles: seeded decimals of 1 to 19 significant
  /// digits (the long ones go through its 128-bit quotient), and the ties at 2⁵³, against Swift's
  /// correctly rounded `Double(String)`.
  @Test func exactFormDecimalsAreTheNearestDoubles() {
    func angle(_ text: String) -> Double? {
      var line = #"{"t":1,"kind":"hinge","status":"closed","angle":"# + text + "}"
      let event = line.withUTF8 { TraceJSONLines.decodeExactForm(UnsafeRawBufferPointer($0)) }
      guard case .hinge(let hinge) = event?.payload else { return nil }
      return hinge.angle
    }
    var random = SeededGenerator(state: 2026)
    var long = 0
    for _ in 0..<20_000 {
      let digits = 1 + Int(random.next() % 19)
      var text = String(1 + random.next() % 9)
      for _ in 1..<digits { text += String(random.next() % 10) }
      let fraction = Int(random.next() % UInt64(digits))
      if fraction > 0 { text.insert(".", at: text.index(text.endIndex, offsetBy: -fraction)) }
      if random.next() % 4 == 0 {
        text = "0." + String(repeating: "0", count: Int(random.next() % 3)) + text.filter { $0 != "." }
      }
      if random.next() % 2 == 0 { text = "-" + text }
      let decoded = angle(text)
      #expect(decoded == Double(text), "\(text)")
      if text.filter(\.isNumber).drop(while: { $0 == "0" }).count > 15 { long += 1 }
    }
    #expect(long > 4_000)
    #expect(angle("9007199254740993") == 0x1p53)
    #expect(angle("9007199254740993.5") == 0x1p53 + 2)
    #expect(angle("9007199254740995") == 0x1p53 + 4)
    #expect(angle("1.6666666666666667") == 1.6666666666666667)
    #expect(angle("0.30000000000000004") == 0.1 + 0.2)
    #expect(angle("1e5") == nil)
  }
}
