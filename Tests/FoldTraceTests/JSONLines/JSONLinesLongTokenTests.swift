import Testing

@testable import FoldTrace

/// A string or key of any length (up to the 4 MiB line) is quoted cut, as a number is
/// (``JSONValue/excerpt(_:)``): in the reason and in the field path, on both paths, so that a long token
/// makes a one-line message.
@Suite struct JSONLinesLongTokenTests {
  typealias D = JSONLinesDifferential

  static let long = String(repeating: "x", count: 1_000)
  static let cut = JSONValue.excerpt(long)

  static func expectRefused(
    _ line: String, field: String?, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = D.Outcome.failure(TraceJSONLinesError(line: 1, field: field, reason: reason))
    #expect(D.fast(line) == expected, sourceLocation: sourceLocation)
    #expect(D.reference(line) == expected, sourceLocation: sourceLocation)
  }

  @Test func longValuesAreQuotedCut() {
    #expect(Self.cut.count == JSONValue.excerptLimit + 1)
    let kinds = (["header"] + TraceEvent.Kind.allCases.map(\.name)).joined(separator: ", ")
    Self.expectRefused(
      #"{"t":0,"kind":""# + Self.long + #""}"#, field: "kind",
      "unknown kind \"\(Self.cut)\"; expected one of \(kinds)")
    Self.expectRefused(
      #"{"t":0,"kind":"hinge","status":""# + Self.long + #"","angle":5}"#, field: "status",
      "unknown value \"\(Self.cut)\"; expected one of \"closed\", \"partiallyOpen\", \"fullyOpen\", \"unknown\""
    )
    Self.expectRefused(
      #"{"kind":"header","version":""# + Self.long + #"","device":"D","app":"A","recorder":"R"}"#,
      field: "version", "expected \"major.minor\" (digits only, each 0 … 65535), got \"\(Self.cut)\"")
  }

  /// One character of a thousand scalars (a letter and combining acute accents) is cut by scalars.
  @Test func aLongCharacterIsCutByScalars() {
    let character = "a" + String(repeating: "\u{301}", count: 1_000)
    #expect(character.count == 1)
    let cut = "a" + String(repeating: "\u{301}", count: JSONValue.excerptLimit - 1) + "…"
    #expect(JSONValue.excerpt(character) == cut)
    Self.expectRefused(
      #"{"t":0,"kind":"hinge","status":""# + character + #"","angle":5}"#, field: "status",
      "unknown value \"\(cut)\"; expected one of \"closed\", \"partiallyOpen\", \"fullyOpen\", \"unknown\"")
  }

  @Test func longKeysAreCutInFieldPaths() {
    let marker = #"{"t":0,"kind":"marker","label":"x","#
    Self.expectRefused(
      marker + #"""# + Self.long + #"":1e999}"#, field: Self.cut, JSONValue.numberOutOfRange)
    Self.expectRefused(
      marker + #"""# + Self.long + #"":["\ud800"]}"#, field: Self.cut + "[0]", "not a valid JSON string")
    Self.expectRefused(
      marker + #"""# + Self.long + #"":{"a":1,"a":2}}"#, field: Self.cut + ".a",
      JSONValue.repeatedKeyReason("a", byte: marker.utf8.count + Self.long.utf8.count + 11))
  }
}
