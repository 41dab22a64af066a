import CZstd
import Foundation

@testable import FoldTrace

/// What ``TraceReader`` reports on an input — frames (events, keyframes, sizes, checksums), errors (code,
/// file, byte offset, reason), skipping damaged frames as `tracecat` does, and the end state — as one
/// line per input, pinned by a golden file (`ReaderOutcomeTests`).
///
/// The golden was recorded when the decode loop was rewritten for speed, after 220 k seeded
/// cases had given byte-identical transcripts from the rewritten reader and a frozen copy of the one
/// before it; the golden keeps that reader's behaviour pinned without keeping the copy.
enum ReaderOutcomes {
  /// One thing a reader reported.
  enum Step: CustomStringConvertible {
    case opened(TraceHeader)
    case openFailed(TraceError)
    case frame(TraceFrame)
    case failed(TraceError)
    case skipped(Bool)
    case ended(closedCleanly: Bool, unknown: Int)

    var description: String { description(naming: nil) }

    /// The step as text; errors name `file` in place of their own file when it is given.
    func description(naming file: String?) -> String {
      switch self {
      case .opened(let header): "opened \(header)"
      case .openFailed(let error): "open failed \(Self.describe(error, naming: file))"
      case .frame(let frame): "frame \(frame)"
      case .failed(let error): "failed \(Self.describe(error, naming: file))"
      case .skipped(let skipped): "skipped \(skipped)"
      case .ended(let closed, let unknown): "ended closed=\(closed) unknown=\(unknown)"
      }
    }

    static func describe(_ error: TraceError, naming file: String? = nil) -> String {
      "\(error.code) file=\(file ?? error.file) offset=\(error.offset.map(String.init) ?? "nil") \(error.reason)"
    }
  }

  /// Everything `reader` reports, reading to the end and skipping damaged frames (at most `limit` steps).
  static func transcript(_ open: () throws(TraceError) -> TraceReader, limit: Int = 4096) -> [Step] {
    let reader: TraceReader
    do {
      reader = try open()
    } catch {
      return [.openFailed(error)]
    }
    var steps: [Step] = [.opened(reader.header)]
    while steps.count < limit {
      do {
        guard let frame = try reader.nextFrame() else {
          steps.append(.ended(closedCleanly: reader.isClosedCleanly, unknown: reader.unknownEventCount))
          break
        }
        steps.append(.frame(frame))
      } catch {
        steps.append(.failed(error))
        let skipped = (try? reader.skipDamagedFrame()) ?? false
        steps.append(.skipped(skipped))
        if !skipped {
          steps.append(.ended(closedCleanly: reader.isClosedCleanly, unknown: reader.unknownEventCount))
          break
        }
      }
    }
    return steps
  }

  /// The outcome of reading `bytes`: the number of steps and frames, the errors (code and offset) and a
  /// CRC-32 of the whole transcript's text, which changes with any event, error reason or skip.
  /// - Parameter kinds: Counts, by kind, what the reader reported (a frame, each error code, a record's
  ///   own failure, a skip), to show what the inputs reached.
  static func outcome(
    _ bytes: [UInt8], limits: TraceReaderLimits, viaFile: Bool = false, kinds: inout [String: Int]
  ) throws -> String {
    let steps: [Step]
    if viaFile {
      steps = try TraceSamples.withTemporaryPath { path in
        try Reliability.write(bytes, to: path)
        return transcript { () throws(TraceError) in try TraceReader(path: path, limits: limits) }
      }
    } else {
      steps = transcript { () throws(TraceError) in
        try TraceReader(bytes: bytes, name: "case.foldtrace", limits: limits)
      }
    }
    for step in steps {
      switch step {
      case .frame: kinds["frame", default: 0] += 1
      case .failed(let error), .openFailed(let error):
        let record = error.reason.contains("malformed record") ? " (record)" : ""
        kinds["\(error.code)\(record)", default: 0] += 1
      case .skipped(true): kinds["skipped", default: 0] += 1
      default: break
      }
    }
    return line(for: steps)
  }

  /// One line summing up `steps` (see ``outcome(_:limits:viaFile:kinds:)``). The file name is left out of
  /// the checksum: a temporary path differs from run to run.
  static func line(for steps: [Step]) -> String {
    var frames = 0
    var errors: [String] = []
    var text = ""
    for step in steps {
      switch step {
      case .frame: frames += 1
      case .failed(let error), .openFailed(let error):
        errors.append("\(error.code)@\(error.offset.map(String.init) ?? "-")")
      default: break
      }
      text += step.description(naming: "file") + "\n"
    }
    let checksum = String(CRC32.checksum(text.utf8), radix: 16)
    return "steps=\(steps.count) frames=\(frames) errors=[\(errors.joined(separator: ","))] crc=\(checksum)"
  }

  /// The byte ranges of a trace's zstd frames (data frames), as far as they can be found.
  static func dataFrames(of trace: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var offset = 0
    trace.withUnsafeBytes { raw in
      while offset + 8 <= raw.count {
        let magic = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        if magic & 0xFFFF_FFF0 == 0x184D_2A50 {
          offset += 8 + Int(raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
          continue
        }
        let size = ZSTD_findFrameCompressedSize(raw.baseAddress! + offset, raw.count - offset)
        guard ZSTD_isError(size) == 0 else { return }
        ranges.append(offset..<offset + size)
        offset += size
      }
    }
    return ranges
  }

  /// The content of the zstd frame `range` of `trace`.
  static func content(_ trace: [UInt8], _ range: Range<Int>) -> [UInt8] {
    let frame = Array(trace[range])
    let size = Int(ZSTD_getFrameContentSize(frame, frame.count))
    var out = [UInt8](repeating: 0, count: max(size, 1))
    let n = ZSTD_decompress(&out, out.count, frame, frame.count)
    return ZSTD_isError(n) == 0 ? Array(out[..<n]) : []
  }
}

extension SeededGenerator {
  /// A value in `0..<bound` (`bound` > 0).
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// The inputs whose outcomes are pinned: a valid trace, and damaged, cut and rewritten versions of it.
enum ReaderOutcomeCases {
  /// Limits the inputs are read with: the defaults, and tight ones that the inputs hit.
  static let limits: [TraceReaderLimits] = [
    .default,
    TraceReaderLimits(maxFrameContentBytes: 1500, maxWindowLog: 10, maxFrameRecords: 40),
    TraceReaderLimits(maxFrameContentBytes: 64 * 1024, maxWindowLog: 17, maxFrameRecords: 300),
  ]

  /// `events` written with frames of a random size, level and span.
  static func rewrite(_ events: [TraceEvent], header: TraceHeader, random: inout SeededGenerator) throws
    -> [UInt8]
  {
    let sizes = [256, 700, 2048, 8 * 1024, 64 * 1024]
    let policy = FlushPolicy(
      maxBufferedBytes: sizes[random.below(sizes.count)],
      maxSpan: random.below(2) == 0 ? .max : 2_000_000_000, compressionLevel: 1 + random.below(12))
    let writer = try TraceWriter(header: header, policy: policy)
    for event in events { try writer.append(event) }
    if random.below(8) == 0 { try writer.flush() } else { try writer.close() }
    return writer.bytes
  }

  /// One mutation of the valid trace `trace`, chosen by `random`.
  static func mutate(_ trace: [UInt8], random: inout SeededGenerator) -> [UInt8] {
    let frames = ReaderOutcomes.dataFrames(of: trace)
    var bytes = trace
    switch random.below(10) {
    case 0:
      // A cut at a frame boundary, or a byte either side of one.
      let edges = frames.flatMap { [$0.lowerBound, $0.upperBound] } + [trace.count]
      let edge = edges[random.below(edges.count)] + random.below(3) - 1
      bytes = Array(trace.prefix(max(0, edge)))
    case 1:
      bytes = Array(trace.prefix(random.below(trace.count + 1)))
    case 2:
      for _ in 0...random.below(3) {
        let at = random.below(bytes.count)
        bytes[at] ^= UInt8(1 << random.below(8))
      }
    default:
      // A frame whose content is damaged, then compressed again (its checksum matches the damage).
      guard !frames.isEmpty else { return bytes }
      let range = frames[random.below(frames.count)]
      var content = ReaderOutcomes.content(trace, range)
      mutateContent(&content, random: &random)
      let windowLog: Int32? = random.below(12) == 0 ? Int32(10 + random.below(16)) : nil
      let frame = TraceCrafting.zstdFrame(content, windowLog: windowLog)
      bytes = Array(trace[..<range.lowerBound]) + frame + Array(trace[range.upperBound...])
      if random.below(3) == 0, let last = frames.last {
        // Without the seek table, reading goes on past the damaged frame's old size check.
        bytes = Array(bytes.prefix(last.upperBound + frame.count - range.count))
      }
    }
    return bytes
  }

  /// Damages decompressed frame content the ways a bug or a hostile file might.
  static func mutateContent(_ content: inout [UInt8], random: inout SeededGenerator) {
    let interesting: [UInt8] = [0, 1, 2, 0x7F, 0x80, 0xFF, 0x3F, 0x40, 11, 255, 5, 7, 8, 9]
    for _ in 0...random.below(4) {
      let count = content.count
      let at = count == 0 ? 0 : random.below(count)
      switch random.below(9) {
      case 0 where count > 0: content[at] ^= UInt8(1 << random.below(8))
      case 1 where count > 0: content[at] = interesting[random.below(interesting.count)]
      case 2 where count > 0: content[at] = UInt8(truncatingIfNeeded: random.next())
      case 3: content = Array(content.prefix(at))
      case 4 where count > 0:
        content.removeSubrange(at..<min(count, at + 1 + random.below(12)))
      case 5:
        content.insert(
          contentsOf: (0...random.below(12)).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: at)
      case 6 where count > 0:
        // A varint run: continuation bytes where a length or a value was.
        for i in at..<min(count, at + 1 + random.below(11)) { content[i] = 0x80 | content[i] }
      case 7 where count > 8:
        // A copy of earlier bytes (a duplicated record, or a record cut in two).
        let from = random.below(count - 8)
        content.insert(contentsOf: content[from..<min(count, from + 1 + random.below(40))], at: at)
      default:
        if count > 0 { content[at] = UInt8(random.below(12)) }
      }
    }
  }
}
