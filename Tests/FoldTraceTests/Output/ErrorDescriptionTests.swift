import Testing

@testable import FoldTrace

/// The library's errors quote file names and a trace's strings: their descriptions show them as
/// ``DisplayText/escaped(_:)`` does, so printing an error cannot move a terminal's cursor or reorder a line.
@Suite struct ErrorDescriptionTests {
  static let hostile = "a\u{1B}[2J\u{202E}b\nc"
  static let shown = #"a\u001b[2J\u202eb\nc"#

  @Test func traceErrorEscapesTheFileAndReason() {
    let error = TraceError(.corrupt, file: Self.hostile, offset: 7, reason: "label \"\(Self.hostile)\"")
    #expect(error.description == "\(Self.shown): byte 7: label \"\(Self.shown)\"")
    #expect(TraceError(.io, file: Self.hostile, reason: "x").description == "\(Self.shown): x")
  }

  @Test func jsonLinesErrorEscapesTheFieldAndReason() {
    let error = TraceJSONLinesError(line: 3, field: Self.hostile, reason: "unknown kind \"\(Self.hostile)\"")
    #expect(error.description == "line 3, field \"\(Self.shown)\": unknown kind \"\(Self.shown)\"")
  }

  @Test func recorderErrorEscapesTheScene() {
    #expect(
      SessionRecorderError.unknownScene(Self.hostile).description
        == "scene \"\(Self.shown)\" was never connected; call connectScene first")
    let refusal = EventRefusal.opacity(id: "e\u{9B}1\u{2066}", 2)
    #expect(refusal.description == #"element e\u009b1\u2066 opacity 2 is not within 0…1"#)
  }

  @Test func recoveryReportEscapesThePathAndReason() {
    let report = TraceRecovery.Report(
      path: Self.hostile, framesKept: 1, bytesDropped: 2, fileSize: 3, wroteSeekTable: false,
      reason: "torn \u{2029}tail; run recover")
    #expect(report.description == "\(Self.shown): kept 1 frame, dropped 2 bytes (torn \\u2029tail)")
  }
}
