import FoldTrace
import Testing

@Suite struct JSONLinesMalformedTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var line: String
    var field: String?
    var reason: String
    var testDescription: String { line }
  }

  static let cases: [Case] = [
    Case(line: #"{"t":1,"#, field: nil, reason: "not valid JSON"),
    Case(line: #"[1,2]"#, field: nil, reason: "expected a JSON object, got an array"),
    Case(line: #"{"t":1}"#, field: "kind", reason: "missing"),
    Case(line: #"{"t":1,"kind":"zoom"}"#, field: "kind", reason: #"unknown kind "zoom""#),
    Case(line: #"{"kind":"marker","label":"x"}"#, field: "t", reason: "missing"),
    Case(
      line: #"{"t":-1,"kind":"marker","label":"x"}"#, field: "t", reason: "-1 is out of range"),
    Case(
      line: #"{"t":1.5,"kind":"marker","label":"x"}"#, field: "t", reason: "got 1.5"),
    Case(
      line: #"{"t":1,"kind":"marker","label":7}"#, field: "label", reason: "expected a string, got a number"),
    Case(
      line: #"{"t":1,"kind":"sceneConnected","scene":1,"display":"tv","scale":3}"#, field: "display",
      reason: #"unknown value "tv""#),
    Case(
      line: #"{"t":1,"kind":"sceneDisconnected","scene":4294967296}"#, field: "scene",
      reason: "4294967296 is out of range: expected an integer scene id within 0 … 2³²−1"),
    Case(
      line:
        #"{"t":1,"kind":"geometry","scene":1,"size":[1,2,3],"safeArea":[0,0,0,0],"horizontal":"compact","vertical":"compact","interactive":false}"#,
      field: "size", reason: "expected [w, h] (2 numbers), got 3 elements"),
    Case(
      line:
        #"{"t":1,"kind":"geometry","scene":1,"size":[1,2],"safeArea":[0,0,0,"0"],"horizontal":"compact","vertical":"compact","interactive":false}"#,
      field: "safeArea", reason: "element 3 of [top, leading, bottom, trailing] is a string"),
    Case(
      line:
        #"{"t":1,"kind":"geometry","scene":1,"size":[1,2],"safeArea":[0,0,0,0],"horizontal":"compact","vertical":"compact","interactive":1}"#,
      field: "interactive", reason: "expected true or false, got a number"),
    Case(
      line:
        #"{"t":1,"kind":"regions","scene":1,"regions":[{"kind":"division","frame":[0,0,0,1],"active":true},{"kind":"division","frame":[0,0,1]}]}"#,
      field: "regions[1].frame", reason: "expected [x, y, w, h] (4 numbers), got 3 elements"),
    Case(
      line: #"{"t":1,"kind":"regions","scene":1,"regions":[3]}"#, field: "regions[0]",
      reason: "expected an object"),
    Case(line: #"{"t":1,"kind":"hinge","status":"open"}"#, field: "status", reason: #"unknown value "open""#),
    Case(
      line: #"{"t":1,"kind":"scroll","scene":1,"offset":[0,1e400]}"#, field: nil,
      reason: "number out of range"),
    Case(
      line: #"{"kind":"header","version":"one","device":"d","app":"a","recorder":"r"}"#, field: "version",
      reason: "expected \"major.minor\""),
  ]

  @Test(arguments: cases)
  func malformedLineNamesLineAndField(_ example: Case) {
    do {
      let decoded = try TraceJSONLines.decode(line: example.line, lineNumber: 17)
      Issue.record("decoded \(decoded)")
    } catch let error as TraceJSONLinesError {
      #expect(error.line == 17)
      if let field = example.field { #expect(error.field == field) }
      #expect(error.reason.contains(example.reason), "\(error)")
      #expect(error.description.hasPrefix("line 17"))
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test func documentErrorsCountLinesIncludingBlankOnes() {
    let header = TraceJSONLines.encode(header: JSONLinesSamples.header)
    let good = TraceJSONLines.encode(event: JSONLinesSamples.events[0])
    let document = [header, good, "", good, #"{"t":2,"kind":"marker"}"#, good].joined(separator: "\n")
    #expect(throws: TraceJSONLinesError(line: 5, field: "label", reason: "missing")) {
      try TraceJSONLines.decode(document: document)
    }
  }

  @Test func headerMustComeFirstAndOnce() {
    let header = TraceJSONLines.encode(header: JSONLinesSamples.header)
    let good = TraceJSONLines.encode(event: JSONLinesSamples.events[0])
    #expect(throws: TraceJSONLinesError.self) { try TraceJSONLines.decode(document: good + "\n" + header) }
    #expect(throws: TraceJSONLinesError(line: 3, field: "kind", reason: "a second header line")) {
      try TraceJSONLines.decode(document: [header, good, header].joined(separator: "\n"))
    }
    #expect(throws: TraceJSONLinesError.self) { try TraceJSONLines.decode(document: "\n\n") }
  }

  @Test func unknownKeysAreIgnoredForForwardCompatibility() throws {
    let line = #"{"t":3,"kind":"marker","label":"x","future":{"a":[1,null]}}"#
    #expect(try TraceJSONLines.decode(line: line, lineNumber: 1) == .event(TraceEvent(time: 3, .marker("x"))))
  }
}
