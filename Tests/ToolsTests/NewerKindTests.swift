import Foundation
import TestSupport
import Testing

@testable import FoldTrace

/// A trace from a newer writer holds kinds this tracecat does not know: the reader skips them, and the
/// tools that write or compare events say so rather than pass the rest off as the whole trace.
@Suite struct NewerKindTests {
  static let known = [TraceEvent(time: 1_000, .marker("hi")), TraceEvent(time: 1_020, .marker("bye"))]

  /// One record: tag, delta, length, body (TraceFormat.md, "Data frames").
  static func record(tag: UInt8, delta: UInt8, body: [UInt8]) -> [UInt8] {
    [tag, delta, UInt8(body.count)] + body
  }

  /// A trace whose header says `version`: a marker, two records of kinds 99 and 200, another marker.
  static func newer(_ version: TraceFormatVersion) -> [UInt8] {
    let header = TraceHeader(version: version, device: "iPhone Duo", app: "Notes 9", recorder: "future")
    var content: [UInt8] = [0xE8, 0x07, 0]  // frameTime 1000 ns, no keyframe records
    content += record(tag: 9, delta: 0, body: [2] + Array("hi".utf8))
    content += record(tag: 99, delta: 10, body: [1, 2, 3])
    content += record(tag: 200, delta: 5, body: [])
    content += record(tag: 9, delta: 5, body: [3] + Array("bye".utf8))
    return header.encodedFrame() + ZstdFrames.frame(content)
  }

  /// The slice holds only what this reader read, so its header names the version this tracecat writes
  /// (not the newer writer's, whose kinds and fields it lacks), and standard error says what was dropped.
  @Test(arguments: [TraceFormatVersion(major: 1, minor: 2), .v1_1])
  func aSliceNamesItsVersionAndTheDroppedRecords(version: TraceFormatVersion) throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    _ = try fixture.file("newer.foldtrace", Self.newer(version))
    let result = try fixture.run(["slice", "-o", "out.foldtrace", "newer.foldtrace"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == "tracecat: note: newer.foldtrace: dropped 2 records of kinds this tracecat does not know "
        + "(trace format \(version)); out.foldtrace is trace format 1.1 and holds the rest\n")
    let slice = try TraceReader.readAll(path: fixture.directory.appendingPathComponent("out.foldtrace").path)
    #expect(slice.header.version == .v1_1)
    #expect(slice.events == Self.known)
  }

  /// Known events alike are not the same traces when one holds records neither side can compare.
  @Test func diffOfUnknownKindsIsNotSame() throws {
    let fixture = try TracecatFixture()
    defer { fixture.remove() }
    _ = try fixture.file("newer.foldtrace", Self.newer(TraceFormatVersion(major: 1, minor: 2)))
    try fixture.trace("known.foldtrace", Self.known)
    let text = try fixture.run(["diff", "newer.foldtrace", "known.foldtrace"])
    #expect(text.status == 1)
    #expect(
      text.text
        == "--- newer.foldtrace\n+++ known.foldtrace\n"
        + "@@ unknown kinds: 2 records in newer.foldtrace, 0 in known.foldtrace; the 2 known events are "
        + "the same @@\n")
    let json = try fixture.run(["diff", "--json", "newer.foldtrace", "newer.foldtrace"])
    #expect(json.status == 1)
    #expect(json.text == #"{"unknown":{"a":2,"b":2},"events":2}"# + "\n")
    #expect(try fixture.run(["diff", "known.foldtrace", "known.foldtrace"]).status == 0)
  }
}
