import FoldTrace
import Foundation
import Testing

/// Errors that count frames or bytes say `1 frame` and `1 byte`, never `1 frames` or `1 bytes`.
@Suite struct SingularCountTests {
  /// A closed trace of exactly one data frame.
  static func oneFrame() throws -> (bytes: [UInt8], frame: TraceFrame) {
    let bytes = try TraceSamples.bytes(
      Array(TraceSamples.everyKind.prefix(3)), policy: FlushPolicy(), close: true)
    let frames = TraceSamples.readFrames(try TraceReader(bytes: bytes, name: "t")).frames
    #expect(frames.count == 1)
    return (bytes, try #require(frames.first))
  }

  /// The error `bytes` make the reader throw after its complete frames.
  static func error(_ bytes: [UInt8]) throws -> TraceError {
    let reader = try TraceReader(bytes: bytes, name: "t")
    do throws(TraceError) {
      while try reader.nextFrame() != nil {}
    } catch {
      return error
    }
    Issue.record("no error")
    return TraceError(.corrupt, file: "t", reason: "")
  }

  @Test func framesAndBytesAreCountedInTheSingular() throws {
    let (bytes, frame) = try Self.oneFrame()
    let end = frame.offset + frame.size
    // One byte after the frame, where the next frame should start.
    #expect(
      try Self.error(Array(bytes[..<end]) + [0x28]).reason == "the file ends 1 byte into frame 1; run recover"
    )
    // A seek table whose entry is forged: it does not match the one frame before it.
    var forged = bytes
    forged[end + 8 + 12 + 8] ^= 0xFF
    #expect(
      try Self.error(forged).reason == "the seek table does not match the 1 frame before it; run recover")
    // A seek table that declares more than one frame and the header need.
    let oversized =
      Array(bytes[..<end]) + [0x5E, 0x2A, 0x4D, 0x18, 0x00, 0x10, 0x00, 0x00]
      + [UInt8](repeating: 0, count: 4096)
    #expect(
      try Self.error(oversized).reason == "seek table of 4096 bytes is larger than 1 frame needs; run recover"
    )
    // A header cut 1 byte in.
    #expect(throws: TraceError.self) { try TraceReader(bytes: [0x50], name: "t") }
    do throws(TraceError) {
      _ = try TraceReader(bytes: [0x50], name: "t")
    } catch {
      #expect(error.reason == "the file ends inside the header (1 byte)")
    }
    // Seeking past the only frame.
    try TraceSamples.withTemporaryPath { path in
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let reader = try TraceReader(path: path)
      do throws(TraceError) {
        try reader.seek(toFrame: 3)
        Issue.record("seeked past the end")
      } catch {
        #expect(error.reason == "frame 3 does not exist; the trace has 1 frame")
      }
    }
  }
}
