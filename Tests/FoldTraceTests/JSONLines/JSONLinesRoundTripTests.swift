import FoldTrace
import Testing

@Suite struct JSONLinesRoundTripTests {
  @Test func samplesCoverEveryKind() {
    let kinds = Set(JSONLinesSamples.events.map(\.kind))
    #expect(kinds == Set(TraceEvent.Kind.allCases))
  }

  @Test(arguments: JSONLinesSamples.events)
  func everyEventRoundTrips(_ event: TraceEvent) throws {
    let line = TraceJSONLines.encode(event: event)
    #expect(!line.contains("\n"))
    let decoded = try TraceJSONLines.decode(line: line, lineNumber: 1)
    #expect(decoded == .event(event))
    #expect(TraceJSONLines.encode(event: try #require(decoded.event)) == line)
  }

  @Test func headerRoundTripsWithAndWithoutWallClock() throws {
    var header = JSONLinesSamples.header
    for wallClock in [header.wallClockStart, nil, -5] {
      header.wallClockStart = wallClock
      let line = TraceJSONLines.encode(header: header)
      #expect(try TraceJSONLines.decode(line: line, lineNumber: 1) == .header(header))
      #expect(line.contains("wallClock") == (wallClock != nil))
    }
  }

  /// `wallClock` is an `Int64`: a negative one used to be written through a double
  /// (`-9.223372036854776e+18`) and read through one (`-1234567890123456789` rounded).
  @Test(arguments: [Int64.min, -1_234_567_890_123_456_789, -1, 0, 9_007_199_254_740_993, .max])
  func wallClockIsWrittenAndReadExactly(_ wallClock: Int64) throws {
    var header = JSONLinesSamples.header
    header.wallClockStart = wallClock
    let line = TraceJSONLines.encode(header: header)
    #expect(line.hasSuffix(#","wallClock":\#(wallClock)}"#))
    #expect(try TraceJSONLines.decode(line: line, lineNumber: 1) == .header(header))
    #expect(try TraceJSONLines.referenceDecode(line: line, lineNumber: 1) == .header(header))
  }

  static let wallClockRange = "an integer number of nanoseconds within -2⁶³ … 2⁶³−1"

  @Test(arguments: [
    ("9223372036854775808", "9223372036854775808 is out of range: expected \(wallClockRange)"),
    ("-9223372036854775809", "-9223372036854775809 is out of range: expected \(wallClockRange)"),
    ("1.5", "expected \(wallClockRange), got 1.5"),
  ])
  func wallClockOutOfRangeSaysSo(_ text: String, _ reason: String) {
    let line =
      #"{"kind":"header","version":"1.0","device":"d","app":"a","recorder":"r","wallClock":"# + text + "}"
    let expected = TraceJSONLinesError(line: 1, field: "wallClock", reason: reason)
    #expect(throws: expected) { try TraceJSONLines.decode(line: line, lineNumber: 1) }
    #expect(throws: expected) { try TraceJSONLines.referenceDecode(line: line, lineNumber: 1) }
  }

  @Test func doublesRoundTripBitForBit() throws {
    let values: [Double] = [
      -0.0, 0.1 + 0.2, 1.0 / 3.0, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
      844.3333333333334, 1e21, 123_456_789.123_456_78, 2.5e-8, Double(Float.pi), Double.pi.nextUp,
    ]
    for value in values {
      let event = TraceEvent(
        time: 0, .scroll(scene: SceneID(1), offset: TracePoint(x: value, y: -value), anchor: nil))
      let decoded = try TraceJSONLines.decode(line: TraceJSONLines.encode(event: event), lineNumber: 1)
      guard case .event(let back) = decoded, case .scroll(_, let offset, _, _) = back.payload else {
        Issue.record("not a scroll: \(decoded)")
        continue
      }
      #expect(offset.x.bitPattern == value.bitPattern, "x \(value)")
      #expect(offset.y.bitPattern == (-value).bitPattern, "y \(-value)")
    }
  }

  @Test func keysComeInContractOrder() {
    let events = JSONLinesSamples.events
    #expect(
      TraceJSONLines.encode(event: events[0])
        == #"{"t":0,"kind":"sceneConnected","scene":1,"display":"external","scale":3}"#)
    #expect(
      TraceJSONLines.encode(event: events[2])
        == #"{"t":8333333,"kind":"geometry","scene":1,"size":[390,844.3333333333334],"#
        + #""safeArea":[47,0,34,0.30000000000000004],"horizontal":"compact","vertical":"regular","#
        + #""interactive":false}"#)
    #expect(
      TraceJSONLines.encode(event: events[3]).hasSuffix(
        #""interactive":true,"verticalBarEdge":"trailing","minSize":[320,480],"maxSize":[2732,2048]}"#))
    #expect(
      TraceJSONLines.encode(event: events[4])
        == #"{"t":20000000,"kind":"hinge","status":"partiallyOpen","angle":97.25}"#)
    #expect(TraceJSONLines.encode(event: events[5]) == #"{"t":20000001,"kind":"hinge","status":"unknown"}"#)
    #expect(
      TraceJSONLines.encode(event: events[6])
        == #"{"t":30000000,"kind":"regions","scene":1,"regions":[{"kind":"division","frame":[417,0,0,1000],"#
        + #""active":true},{"kind":"occlusion","frame":[-12.5,3,40,40],"active":false}]}"#)
    #expect(
      TraceJSONLines.encode(event: events[8])
        == #"{"t":40000000,"kind":"traits","scene":1,"dynamicType":"accessibilityExtraExtraExtraLarge","#
        + #""reduceMotion":true,"crossFade":false,"reduceTransparency":true,"direction":"rtl"}"#)
    #expect(
      TraceJSONLines.encode(event: events[9])
        == #"{"t":50000000,"kind":"scroll","scene":1,"offset":[0,-64.5],"anchor":"row-42"}"#)
    #expect(
      TraceJSONLines.encode(event: events[12]) == #"{"t":60000001,"kind":"selection","scene":1,"item":null}"#)
    #expect(
      TraceJSONLines.encode(event: events[14])
        == #"{"t":80000000,"kind":"dropped","count":18446744073709551615}"#)
    #expect(
      TraceJSONLines.encode(header: TraceHeader(device: "D", app: "A", recorder: "R"))
        == #"{"kind":"header","version":"1.1","device":"D","app":"A","recorder":"R"}"#)
  }

  @Test func stringsAreEscapedByFoundation() {
    let line = TraceJSONLines.encode(event: TraceEvent(time: 5, .marker("a/b \"q\" \\ \u{1}\n")))
    #expect(line == #"{"t":5,"kind":"marker","label":"a/b \"q\" \\ \u0001\n"}"#)
  }

  @Test func documentDecodesHeaderThenEvents() throws {
    let lines =
      [TraceJSONLines.encode(header: JSONLinesSamples.header)]
      + JSONLinesSamples.events.map(TraceJSONLines.encode(event:))
    let document = lines.joined(separator: "\n") + "\n\n"
    let decoded = try TraceJSONLines.decode(document: document)
    #expect(decoded.header == JSONLinesSamples.header)
    #expect(decoded.events == JSONLinesSamples.events)
  }
}

extension TraceJSONLines.Line {
  var event: TraceEvent? {
    if case .event(let event) = self { return event }
    return nil
  }
}
