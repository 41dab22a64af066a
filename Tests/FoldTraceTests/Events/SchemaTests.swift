import FoldTrace
import Testing

/// Schema evolution: unknown kinds are skipped and counted; a newer major version is refused.
@Suite struct SchemaTests {
  @Test func unknownKindsAreSkippedAndCounted() throws {
    // Frame content: frameTime 1000, one known keyframe record and one unknown, then events mixing
    // known kinds with tags 11 and 250 whose time deltas must still advance the clock.
    let marker = [UInt8(5)] + Array("hello".utf8)
    var content = TraceCrafting.varint(1_000) + TraceCrafting.varint(2)
    // hinge fullyOpen, 128° = varint(zigzag(128) << 1)
    content += TraceCrafting.record(tag: 4, delta: 0, body: [2, 1, 0x80, 0x04])
    content += TraceCrafting.record(tag: 99, delta: 0, body: [1, 2, 3])
    content += TraceCrafting.record(tag: 9, delta: 0, body: marker)
    content += TraceCrafting.record(tag: 250, delta: 500, body: Array(repeating: 0xFF, count: 300))
    content += TraceCrafting.record(tag: 99, delta: 0, body: [])
    // A marker with a newer minor version's extra field, ignored.
    content += TraceCrafting.record(tag: 9, delta: 25, body: marker + [0xAA, 0xBB])
    let bytes = TraceCrafting.headerFrame() + TraceCrafting.zstdFrame(content)
    let reader = try TraceReader(bytes: bytes, name: "newer-minor")
    let frame = try #require(try reader.nextFrame())
    #expect(frame.keyframe == [TraceEvent(time: 1_000, .hinge(HingeState(status: .fullyOpen, angle: 128)))])
    #expect(
      frame.events == [TraceEvent(time: 1_000, .marker("hello")), TraceEvent(time: 1_525, .marker("hello"))])
    #expect(frame.unknownEventCount == 3)
    #expect(reader.unknownEventCount == 3)
    #expect(try reader.nextFrame() == nil)
  }

  @Test func aNewerMajorVersionIsRefusedNamingBothVersions() throws {
    let header = TraceHeader(
      version: TraceFormatVersion(major: 2, minor: 3), device: "d", app: "a", recorder: "r")
    // A writer refuses such a header, so the file is crafted: the reader must stop at the header.
    let bytes = TraceCrafting.headerFrame(header) + TraceCrafting.zstdFrame([1, 2, 3])
    do throws(TraceError) {
      _ = try TraceReader(bytes: bytes, name: "future.foldtrace")
      Issue.record("read a newer major version")
    } catch {
      #expect(error.code == .unsupportedVersion)
      #expect(error.description.contains("2.3"))
      #expect(error.description.contains("1.x"))
      #expect(error.description.hasPrefix("future.foldtrace: byte 0: "))
    }
  }

  @Test func aNewerMinorVersionIsRead() throws {
    let header = TraceHeader(
      version: TraceFormatVersion(major: 1, minor: 9), device: "d", app: "a", recorder: "r")
    let read = try TraceReader.readAll(
      bytes: try TraceSamples.bytes(TraceSamples.everyKind, header: header), name: "m")
    #expect(read.header.version == TraceFormatVersion(major: 1, minor: 9))
    #expect(read.events == TraceSamples.everyKind)
  }

  @Test func malformedRecordsAreCorruption() throws {
    let cases: [(String, [UInt8])] = [
      ("enum out of range", TraceCrafting.record(tag: 4, delta: 0, body: [9, 0])),
      ("short body", TraceCrafting.record(tag: 1, delta: 0, body: [1])),
      ("length past the end", [9, 0, 50, 1]),
      ("odd double form", TraceCrafting.record(tag: 4, delta: 0, body: [0, 1, 3])),
      ("not UTF-8", TraceCrafting.record(tag: 9, delta: 0, body: [2, 0xC3, 0x28])),
      ("varint too long", [9, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0]),
    ]
    for (name, record) in cases {
      let content = TraceCrafting.varint(0) + TraceCrafting.varint(0) + record
      let header = TraceCrafting.headerFrame()
      let reader = try TraceReader(bytes: header + TraceCrafting.zstdFrame(content), name: "bad")
      do throws(TraceError) {
        _ = try reader.nextFrame()
        Issue.record("\(name) was accepted")
      } catch {
        #expect(error.code == .corrupt, "\(name)")
        #expect(error.offset == header.count, "\(name)")
        #expect(error.reason.contains("malformed record"), "\(name)")
      }
    }
  }
}
