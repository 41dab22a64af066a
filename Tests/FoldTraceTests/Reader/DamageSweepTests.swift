import FoldTrace
import Foundation
import Testing

/// Torn and damaged traces of several shapes: at every byte offset, a cut or a flipped byte
/// never crashes or hangs the reader, which returns exactly the complete frames before the damage and
/// then an error naming the damaged frame's byte offset; `recover` keeps exactly those frames.
@Suite(.timeLimit(.minutes(10))) struct DamageSweepTests {
  /// The traces under test: closed, crashed (no seek table), appended, and written by a newer minor
  /// version with unknown kinds.
  static func shapes() throws -> [(name: String, bytes: [UInt8])] {
    [
      ("closed", try Reliability.trace(Reliability.events)),
      ("crashed", try Reliability.crashed()),
      ("appended", try Reliability.appended()),
      ("newer-minor", Reliability.newerMinor().bytes),
    ]
  }

  /// The intact trace's frames, the end of its header and where its seek table starts (its size without).
  static func layout(_ bytes: [UInt8]) throws -> (frames: [TraceFrame], headerEnd: Int, dataEnd: Int) {
    let reader = try TraceReader(bytes: bytes, name: "intact")
    let (frames, error) = TraceSamples.readFrames(reader)
    #expect(error == nil)
    #expect(frames.count >= 2)
    let headerEnd = frames.first?.offset ?? bytes.count
    return (frames, headerEnd, frames.last.map { $0.offset + $0.size } ?? headerEnd)
  }

  @Test(arguments: ["closed", "crashed", "appended", "newer-minor"])
  func truncationAtEveryOffsetKeepsTheMaximalValidPrefix(shape: String) throws {
    let bytes = try #require(try Self.shapes().first { $0.name == shape }).bytes
    let (frames, headerEnd, dataEnd) = try Self.layout(bytes)
    let boundaries = Set([headerEnd] + frames.map { $0.offset + $0.size })
    for cut in 0..<bytes.count {
      let prefix = Array(bytes[..<cut])
      let reader: TraceReader
      do {
        reader = try TraceReader(bytes: prefix, name: "cut")
      } catch {
        #expect(cut < headerEnd, "\(shape) cut at \(cut): \(error)")
        #expect(error.offset == 0, "\(shape) cut at \(cut): \(error)")
        continue
      }
      let (read, error) = TraceSamples.readFrames(reader)
      let complete = frames.filter { $0.offset + $0.size <= cut }
      #expect(read == complete, "\(shape) cut at \(cut)")
      if boundaries.contains(cut) {
        #expect(error == nil, "\(shape) cut at \(cut)")
        continue
      }
      let damage = try #require(error, "\(shape) cut at \(cut) was not reported")
      let start = complete.last.map { $0.offset + $0.size } ?? headerEnd
      #expect(damage.code == .truncated, "\(shape) cut at \(cut): \(damage)")
      #expect(damage.offset == start, "\(shape) cut at \(cut): \(damage)")
      #expect(damage.description.hasPrefix("cut: byte \(start): "), "\(shape) cut at \(cut)")
      #expect(cut <= dataEnd || start == dataEnd, "\(shape) cut at \(cut): only the seek table is torn")
    }
  }

  /// `recover` on a file cut at every offset after the header: it keeps exactly the complete frames, says
  /// how many bytes it dropped, and leaves a trace that reads cleanly and passes `zstd -t`.
  @Test func recoverAfterTruncationAtEveryOffset() throws {
    let bytes = try Reliability.crashed()
    let (frames, headerEnd, _) = try Self.layout(bytes)
    let directory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let path = "\(directory)/FoldTraceReliability-\(UUID().uuidString).foldtrace"
    defer { try? FileManager.default.removeItem(atPath: path) }
    for cut in headerEnd...bytes.count {
      try Reliability.write(Array(bytes[..<cut]), to: path)
      let report = try TraceRecovery.recover(path: path)
      let complete = frames.filter { $0.offset + $0.size <= cut }
      let kept = complete.last.map { $0.offset + $0.size } ?? headerEnd
      #expect(report.framesKept == complete.count, "cut at \(cut)")
      #expect(report.bytesDropped == cut - kept, "cut at \(cut)")
      let recovered = try Reliability.bytes(of: path)
      #expect(
        Array(recovered.prefix(kept)) == Array(bytes.prefix(kept)), "cut at \(cut): event bytes changed")
      #expect(Reliability.zstdTestPasses(recovered), "cut at \(cut)")
      let (read, error) = TraceSamples.readFrames(try TraceReader(bytes: recovered, name: "recovered"))
      #expect(error == nil, "cut at \(cut)")
      #expect(read == complete, "cut at \(cut)")
      #expect(try TraceReader(bytes: recovered, name: "recovered").frameCount() == complete.count)
    }
  }

  @Test(arguments: ["closed", "crashed", "appended", "newer-minor"])
  func aFlippedByteAtEveryOffsetIsReportedAtItsFrame(shape: String) throws {
    let bytes = try #require(try Self.shapes().first { $0.name == shape }).bytes
    let (frames, headerEnd, dataEnd) = try Self.layout(bytes)
    var undetected = 0
    var flips = 0
    for position in 0..<bytes.count {
      for mask: UInt8 in [0x01, 0x10, 0x80] {
        flips += 1
        var damaged = bytes
        damaged[position] ^= mask
        let label = "\(shape) flip 0x\(String(mask, radix: 16)) at \(position)"
        let reader: TraceReader
        do {
          reader = try TraceReader(bytes: damaged, name: "flip")
        } catch {
          #expect(position < headerEnd, "\(label): \(error)")
          #expect(error.offset == 0 || error.offset == 8, "\(label): \(error)")
          continue
        }
        #expect(
          position >= headerEnd || reader.header != TraceSamples.header, "\(label): header flip unnoticed")
        let (read, error) = TraceSamples.readFrames(reader)
        // The damaged unit: the frame holding the byte, or the seek table after the last frame.
        let hit = frames.first { $0.offset <= position && position < $0.offset + $0.size }
        let unitStart = hit?.offset ?? (position >= dataEnd ? dataEnd : headerEnd)
        let before = frames.filter { $0.offset < unitStart }
        guard let error else {
          // Undetected only when nothing read back changed (zstd can decode a flipped bit of an entropy
          // table to the same content; a seek table's magic can flip to another skippable magic).
          #expect(read == frames, "\(label) changed what was read, undetected")
          undetected += 1
          continue
        }
        #expect(error.offset == unitStart, "\(label): \(error)")
        #expect(error.description.hasPrefix("flip: byte \(unitStart): "), "\(label)")
        #expect(read == before, "\(label)")
      }
    }
    #expect(undetected * 50 <= flips, "\(shape): \(undetected) of \(flips) flips went undetected")
  }
}
