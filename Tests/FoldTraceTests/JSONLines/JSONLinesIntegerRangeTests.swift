import Testing

@testable import FoldTrace

/// Every integer field (times, counts, scene ids, column counts, `wallClock`) refuses a number outside
/// its own range by quoting the number as written, never its rounded double, on both paths.
@Suite struct JSONLinesIntegerRangeTests {
  typealias D = JSONLinesDifferential

  static let header = #"{"kind":"header","version":"1.2","device":"D","app":"A","recorder":"R""#

  static func expectRefused(
    _ line: String, field: String, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = D.Outcome.failure(TraceJSONLinesError(line: 1, field: field, reason: reason))
    #expect(D.fast(line) == expected, sourceLocation: sourceLocation)
    #expect(D.reference(line) == expected, sourceLocation: sourceLocation)
  }

  static let time = "an integer number of nanoseconds within 0 … 2⁶⁴−1"
  static let scene = "an integer scene id within 0 … 2³²−1"
  static let wallClock = "an integer number of nanoseconds within -2⁶³ … 2⁶³−1"

  @Test(arguments: [
    ("18446744073709551616", "18446744073709551616 is out of range: expected \(time)"),
    ("1.8446744073709551616e19", "1.8446744073709551616e19 is out of range: expected \(time)"),
    ("-1", "-1 is out of range: expected \(time)"),
    ("-1e3", "-1e3 is out of range: expected \(time)"),
    ("1e400", JSONValue.numberOutOfRange),
    ("1500.5", "expected \(time), got 1500.5"),
    ("18446744073709551615.5", "expected \(time), got 18446744073709551615.5"),
    // 2⁶⁴−1 in range, but Foundation reads this form through its double, 2⁶⁴.
    (
      "18446744073709551615.0",
      "18446744073709551615.0 is not read exactly in this form: expected \(time) as a plain integer"
    ),
    ("\"1\"", "expected \(time), got a string"),
  ])
  func timesQuoteTheirText(_ text: String, _ reason: String) {
    Self.expectRefused(#"{"t":"# + text + #","kind":"marker","label":"x"}"#, field: "t", reason)
  }

  @Test func aLongNumberIsQuotedCut() {
    let digits = String(repeating: "9", count: 60)
    Self.expectRefused(
      #"{"t":"# + digits + #","kind":"marker","label":"x"}"#, field: "t",
      "\(JSONValue.excerpt(digits)) is out of range: expected \(Self.time)")
  }

  @Test(arguments: [
    ("18446744073709551617", "18446744073709551617 is out of range: expected \(scene)"),
    ("4294967296", "4294967296 is out of range: expected \(scene)"),
    ("4.294967296e9", "4.294967296e9 is out of range: expected \(scene)"),
    ("0.5", "expected \(scene), got 0.5"),
  ])
  func sceneIdsNameTheirOwnRange(_ text: String, _ reason: String) {
    Self.expectRefused(#"{"t":0,"kind":"sceneDisconnected","scene":"# + text + "}", field: "scene", reason)
  }

  @Test func countsAndColumnsNameTheirOwnRange() {
    Self.expectRefused(
      #"{"t":0,"kind":"dropped","count":18446744073709551616}"#, field: "count",
      "18446744073709551616 is out of range: expected an integer count within 0 … 2⁶⁴−1")
    Self.expectRefused(
      #"{"t":0,"kind":"layout","scene":1,"columns":65536,"elements":[]}"#, field: "columns",
      "65536 is out of range: expected an integer column count within 1 … 65535")
    Self.expectRefused(
      #"{"t":0,"kind":"layout","scene":1,"columns":0e0,"elements":[]}"#, field: "columns",
      "0e0 is out of range: expected an integer column count within 1 … 65535")
  }

  @Test(arguments: [
    ("-9223372036854775809", "-9223372036854775809 is out of range: expected \(wallClock)"),
    ("9223372036854775808", "9223372036854775808 is out of range: expected \(wallClock)"),
    ("18446744073709551616", "18446744073709551616 is out of range: expected \(wallClock)"),
    ("1.5", "expected \(wallClock), got 1.5"),
    ("true", "expected \(wallClock), got a boolean"),
  ])
  func wallClockQuotesItsText(_ text: String, _ reason: String) {
    Self.expectRefused(Self.header + #","wallClock":"# + text + "}", field: "wallClock", reason)
  }

  @Test(arguments: [
    ("0", true), ("-0", true), ("0e99999999999999999999", true), ("1.5e3", true), ("1500.0", true),
    ("1.8446744073709551616e19", true), ("-1", true), ("100e-2", true), ("1500.5", false), ("1e-1", false),
    ("0.5", false), ("-0.0001e3", false),
  ])
  func wholenessIsReadFromTheText(_ text: String, _ whole: Bool) {
    #expect(JSONNumberText.isWhole(Array(text.utf8)) == whole)
  }
}
