import FoldTrace
import Foundation
import Testing

/// Schema evolution: a trace from a newer minor version is read with its unknown kinds skipped
/// and counted, also after a tear and `recover`, which keeps its bytes (an older writer does not append
/// to it); a newer major version is refused with both versions named, and nothing touches its file.
@Suite struct UnknownKindTests {
  @Test func unknownKindsAreSkippedAndCountedPerFrame() throws {
    let (bytes, events, unknown) = Reliability.newerMinor()
    let reader = try TraceReader(bytes: bytes, name: "newer.foldtrace")
    #expect(reader.header.version == TraceFormatVersion(major: 1, minor: 2))
    let (frames, error) = TraceSamples.readFrames(reader)
    #expect(error == nil)
    #expect(frames.map(\.unknownEventCount) == [1, 2])
    #expect(reader.unknownEventCount == unknown)
    #expect(frames.flatMap(\.events) == events)
    #expect(frames[1].keyframe == [TraceEvent(time: 2_000, .hinge(HingeState(status: .fullyOpen)))])
    // Seeking to the second frame counts only what it reads.
    let seeker = try TraceReader(bytes: bytes, name: "newer.foldtrace")
    try seeker.seek(toFrame: 1)
    #expect(try seeker.nextFrame()?.events == [events[2]])
    #expect(seeker.unknownEventCount == 2)
  }

  @Test func aNewerMinorTraceSurvivesRecoverByteForByteAndIsNotAppendedTo() throws {
    let (bytes, events, unknown) = Reliability.newerMinor()
    try TraceSamples.withTemporaryPath { path in
      // Torn after its frames, as by a crash: recover keeps every byte of them, unknown records included.
      try Reliability.write(bytes + [0x28, 0xB5, 0x2F], to: path)
      let report = try TraceRecovery.recover(path: path)
      #expect(report.bytesDropped == 3)
      let recovered = try Reliability.bytes(of: path)
      #expect(Array(recovered.prefix(bytes.count)) == bytes)
      #expect(Reliability.zstdTestPasses(recovered))
      let reader = try TraceReader(path: path)
      #expect(reader.header.version == TraceFormatVersion(major: 1, minor: 2))
      var read: [TraceEvent] = []
      while let frame = try reader.nextFrame() { read += frame.events }
      #expect(read == events)
      #expect(reader.unknownEventCount == unknown)
      // An older writer cannot carry the unknown kinds into its keyframes, so it does not append, and
      // leaves the file as it was.
      do throws(TraceError) {
        _ = try TraceWriter(appendingTo: path)
        Issue.record("appended to a 1.2 trace")
      } catch {
        #expect(error.reason.hasPrefix("written with trace format 1.2; this writer appends only to 1.1"))
      }
      #expect(try Reliability.bytes(of: path) == recovered)
    }
  }

  @Test(arguments: [(2, 0), (2, 7), (UInt16.max, UInt16.max)])
  func aNewerMajorVersionIsRefusedAndItsFileLeftAlone(major: UInt16, minor: UInt16) throws {
    let version = TraceFormatVersion(major: major, minor: minor)
    let header = TraceHeader(version: version, device: "iPhone Duo", app: "Notes 9", recorder: "future")
    // Its data may be anything: the reader must not get that far.
    let bytes =
      TraceCrafting.headerFrame(header) + [0xDE, 0xAD, 0xBE, 0xEF] + TraceCrafting.zstdFrame([1, 2, 3])
    let expected = "written with trace format \(major).\(minor); this reader reads 1.x"
    do throws(TraceError) {
      _ = try TraceReader(bytes: bytes, name: "future.foldtrace")
      Issue.record("read a \(version) trace")
    } catch {
      #expect(error.code == .unsupportedVersion)
      #expect(
        error.description.hasPrefix("future.foldtrace: byte 0: \(expected) (FoldTrace 1.1)"), "\(error)")
    }
    try TraceSamples.withTemporaryPath { path in
      try Reliability.write(bytes, to: path)
      let attempts: [(String, () throws(TraceError) -> Void)] = [
        ("append", { () throws(TraceError) in _ = try TraceWriter(appendingTo: path) }),
        ("recover", { () throws(TraceError) in try TraceRecovery.recover(path: path) }),
        ("readAll", { () throws(TraceError) in _ = try TraceReader.readAll(path: path) }),
      ]
      for (name, attempt) in attempts {
        do throws(TraceError) {
          try attempt()
          Issue.record("\(name) accepted a \(version) trace")
        } catch {
          #expect(error.code == .unsupportedVersion, "\(name): \(error)")
          #expect(error.reason.hasPrefix(expected), "\(name): \(error)")
        }
        #expect(try Reliability.bytes(of: path) == bytes, "\(name) changed a newer trace")
      }
    }
  }
}
