import Testing

@testable import FoldTrace

/// The lenient and strict corners of the JSON Lines decoder, as the JSONLines article states them, on
/// both paths (the fast one and the Foundation reference).
@Suite struct JSONLinesCornerTests {
  typealias D = JSONLinesDifferential

  static func nested(_ depth: Int, around value: String) -> String {
    String(repeating: "[", count: depth) + value + String(repeating: "]", count: depth)
  }

  static func marker(extra: String) -> String {
    #"{"t":1,"kind":"marker","label":"x","e":"# + extra + "}"
  }

  static func error(_ outcome: D.Outcome) -> TraceJSONLinesError? {
    if case .failure(let error) = outcome { return error }
    return nil
  }

  /// A failing value nested 30 deep was decoded again at every level (2³⁰ times); now once. The 94-byte
  /// line of the report, nested 18 deep, took 61 s.
  @Test(arguments: [18, 30, 63])
  func aFailingNestedValueIsReadOnceAndNamedByItsPath(depth: Int) {
    let line = Self.marker(extra: Self.nested(depth - 1, around: "1e400"))
    let expected = TraceJSONLinesError(
      line: 1, field: "e" + String(repeating: "[0]", count: depth - 1),
      reason: JSONValue.numberOutOfRange)
    #expect(Self.error(D.reference(line)) == expected)
    #expect(Self.error(D.fast(line)) == expected)
  }

  @Test(arguments: [64, 65, 100_000])
  func nestingPastTheLimitIsNamedAsSuch(depth: Int) {
    let line = Self.marker(extra: Self.nested(depth, around: "1"))
    let expected = TraceJSONLinesError(line: 1, reason: JSONLineCheck.tooDeep)
    #expect(Self.error(D.reference(line)) == expected)
    #expect(Self.error(D.fast(line)) == expected)
    // Within the limit (the line's object is level 1), the same shape decodes.
    let within = Self.marker(extra: Self.nested(JSONLineCheck.limit - 1, around: "1"))
    #expect(D.fast(within) == .line(.event(TraceEvent(time: 1, .marker("x")))))
    #expect(D.reference(within) == .line(.event(TraceEvent(time: 1, .marker("x")))))
  }

  @Test func aHeaderNestedTooDeepIsNamedAsSuch() {
    let line =
      #"{"kind":"header","version":"1.0","device":"d","app":"a","recorder":"r","x":"#
      + Self.nested(80, around: "0") + "}"
    #expect(Self.error(D.fast(line))?.reason == JSONLineCheck.tooDeep)
    #expect(Self.error(D.reference(line))?.reason == JSONLineCheck.tooDeep)
  }

  /// 1e-400 is not zero but no double holds it: refused wherever it stands, as a time too, with its
  /// field ("expected a number, got a number" before).
  @Test(arguments: [
    (#"{"t":1e-400,"kind":"marker","label":"x"}"#, "t"),
    (#"{"t":1,"kind":"sceneConnected","scene":1,"display":"internal","scale":1e-400}"#, "scale"),
    (#"{"t":1,"kind":"scroll","scene":1,"offset":[0,-1e400]}"#, "offset[1]"),
  ])
  func outOfRangeNumbersAreNamedAsSuch(_ line: String, _ field: String) {
    let expected = TraceJSONLinesError(line: 1, field: field, reason: JSONValue.numberOutOfRange)
    #expect(Self.error(D.fast(line)) == expected)
    #expect(Self.error(D.reference(line)) == expected)
  }

  /// Whole numbers are read as Foundation reads a `UInt64`: 1.5e3 and 1500.0 are 1500; 1500.5 is not.
  @Test func wholeNumbersInOtherFormsAreTimes() {
    for text in ["1500", "1.5e3", "1500.0", "15e2"] {
      let line = #"{"t":"# + text + #","kind":"marker","label":"x"}"#
      #expect(D.fast(line) == .line(.event(TraceEvent(time: 1500, .marker("x")))), "\(text)")
      #expect(D.reference(line) == .line(.event(TraceEvent(time: 1500, .marker("x")))), "\(text)")
    }
    let fraction = #"{"t":1500.5,"kind":"marker","label":"x"}"#
    let expected = TraceJSONLinesError(
      line: 1, field: "t", reason: "expected an integer number of nanoseconds within 0 … 2⁶⁴−1, got 1500.5")
    #expect(Self.error(D.fast(fraction)) == expected)
    #expect(Self.error(D.reference(fraction)) == expected)
    // A negative whole number is quoted as written, not as a double ("-1.0").
    let negative = #"{"t":-1,"kind":"marker","label":"x"}"#
    let refused = TraceJSONLinesError(
      line: 1, field: "t",
      reason: "-1 is out of range: expected an integer number of nanoseconds within 0 … 2⁶⁴−1")
    #expect(Self.error(D.fast(negative)) == refused)
    #expect(Self.error(D.reference(negative)) == refused)
  }

  @Test(arguments: ["+1.+0", "1.", ".0", "1.0.0", " 1.0", "1.65536", "01x.0", "١.٠"])
  func versionsAreDigitsOnly(_ version: String) {
    let line = #"{"kind":"header","version":""# + version + #"","device":"d","app":"a","recorder":"r"}"#
    let error = Self.error(D.fast(line))
    #expect(error?.field == "version")
    #expect(error == Self.error(D.reference(line)))
  }

  @Test func versionsWithLeadingZerosRead() {
    let line = #"{"kind":"header","version":"01.002","device":"d","app":"a","recorder":"r"}"#
    let header = TraceHeader(
      version: TraceFormatVersion(major: 1, minor: 2), device: "d", app: "a", recorder: "r")
    #expect(D.fast(line) == .line(.header(header)))
    #expect(D.reference(line) == .line(.header(header)))
  }

  /// A repeated key is refused, at the line's object, in a nested one and in the header alike: readers
  /// disagree on which value counts (Foundation keeps the first, jq and Python the last). The error
  /// names the key and its opening quote's byte, and comes before a bad value under the key.
  @Test(arguments: [
    (
      #"{"t":1,"kind":"marker","label":"first","label":"second","t":2,"label":"\ud800"}"#,
      TraceJSONLinesError(line: 1, field: "label", reason: #"repeated key "label" at byte 40"#)
    ),
    (
      #"{"t":0,"t":99,"kind":"hinge","angle":90,"posture":"halfOpened"}"#,
      TraceJSONLinesError(line: 1, field: "t", reason: #"repeated key "t" at byte 8"#)
    ),
    (
      #"{"t":1,"kind":"marker","label":"x","e":{"a":[{"b":1,"\u0062":2}]}}"#,
      TraceJSONLinesError(line: 1, field: "e.a[0].b", reason: #"repeated key "b" at byte 53"#)
    ),
    (
      #"{"kind":"header","version":"1.1","device":"d","app":"a","recorder":"r","app":"b"}"#,
      TraceJSONLinesError(line: 1, field: "app", reason: #"repeated key "app" at byte 72"#)
    ),
  ])
  func aRepeatedKeyIsRefused(_ line: String, _ expected: TraceJSONLinesError) {
    #expect(Self.error(D.fast(line)) == expected)
    #expect(Self.error(D.reference(line)) == expected)
  }

  /// Foundation accepts these and reads a value it never decodes as anything; both paths refuse them.
  @Test(arguments: [
    #"{"t":1,"kind":"marker","label":"x",}"#, #"{"t":1,"kind":"marker","label":"x","e":[1,]}"#,
    #"{"t":1,"kind":"marker","label":"x","e":01}"#, #"{"t":1,"kind":"marker","label":"x","e":1.}"#,
    #"{"t":1,"kind":"marker","label":"x","e":-}"#, #"{"t":1,"kind":"marker","label":"x","e":"\x"}"#,
    #"{"t":1,"kind":"marker","label":"x","e":1,"e":1e}"#,
  ])
  func strictJSONCornersAreRefused(_ line: String) {
    let fast = Self.error(D.fast(line))
    #expect(fast?.reason.hasPrefix("not valid JSON: a ") == true, "\(String(describing: fast))")
    #expect(fast == Self.error(D.reference(line)))
  }

  @Test func syntaxErrorsNameTheirByte() {
    let line = #"{"t":1 "kind":"marker"}"#
    #expect(
      Self.error(D.fast(line))
        == TraceJSONLinesError(line: 1, reason: "not valid JSON: expected ',' or '}' at byte 8, found '\"'"))
    #expect(Self.error(D.reference(line)) == TraceJSONLinesError(line: 1, reason: "not valid JSON"))
  }

  @Test func bytesThatAreNotUTF8AreRefusedByTheStreamingDecoder() throws {
    var decoder = TraceJSONLinesDecoder()
    let bytes: [UInt8] =
      Array(#"{"kind":"header","version":"1.0","device":""#.utf8) + [0xC3]
      + Array(#"","app":"a","recorder":"r"}"#.utf8)
    #expect(throws: TraceJSONLinesError(line: 1, reason: "not valid UTF-8 at byte 44")) {
      try bytes.withUnsafeBytes { _ = try decoder.decode(bytes: $0) }
    }
  }

  /// Encoder corners: whole doubles up to 2⁵³ are digits, as `description` gives them; escapes as
  /// `JSONEncoder`'s.
  @Test func theEncoderWritesWhatTheReferenceWrites() {
    let doubles: [Double] = [
      0, -0.0, 1, -1, 0x1p53, -0x1p53, 0x1p53 + 2, 1e15, 1e16, 123_456_789_012_345, 0.5, 1e-7,
      .leastNonzeroMagnitude,
      .greatestFiniteMagnitude,
    ]
    for value in doubles {
      let event = TraceEvent(time: 0, .hinge(HingeState(status: .unknown, angle: value)))
      #expect(TraceJSONLines.encode(event: event) == TraceJSONLines.referenceEncode(event: event))
    }
    let label = String((0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) }) + "\u{2028}é😀"
    let event = TraceEvent(time: 0, .marker(label))
    #expect(TraceJSONLines.encode(event: event) == TraceJSONLines.referenceEncode(event: event))
  }
}
