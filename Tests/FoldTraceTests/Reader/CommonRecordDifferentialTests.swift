import Foundation
import Testing

@testable import FoldTrace

/// The whole reader with its fast path for scroll and hinge records against the same reader with the
/// fast path switched off (`TraceReader.usesCommonRecordPath`): over seeded frames of scroll and hinge
/// records in every encoding a hostile file may choose, and mutations of the corpus, every transcript
/// — events, keyframes, errors (code, byte offset, reason), skips, unknown-record counts — is the same.
///
/// `CommonRecordPathTests` checks the fast path one record at a time; this checks the record loop
/// around it: runs that stop at the frame's record limit (regions and unknown records count towards
/// it), at a full event array, at a record the fast path declines; anchors repeated across the switch
/// between paths; scales changed mid-frame. For a longer run by hand, set
/// `FOLDTRACE_DIFFERENTIAL_CASES` and `FOLDTRACE_DIFFERENTIAL_SEED` (40 k cases and more have passed).
@Suite struct CommonRecordDifferentialTests {
  /// Everything a reader reports on `bytes`, as text.
  static func transcript(_ bytes: [UInt8], limits: TraceReaderLimits) -> String {
    ReaderOutcomes.transcript { () throws(TraceError) in
      try TraceReader(bytes: bytes, name: "case.foldtrace", limits: limits)
    }.map(\.description).joined(separator: "\n")
  }

  /// The transcripts of `bytes` with the fast path and without it.
  static func transcripts(_ bytes: [UInt8], limits: TraceReaderLimits) -> (fast: String, checked: String) {
    let fast = transcript(bytes, limits: limits)
    let checked = TraceReader.$usesCommonRecordPath.withValue(false) { transcript(bytes, limits: limits) }
    return (fast, checked)
  }

  /// `count`, or the number in `FOLDTRACE_DIFFERENTIAL_CASES` for a longer run by hand.
  static func cases(_ count: Int) -> Int {
    ProcessInfo.processInfo.environment["FOLDTRACE_DIFFERENTIAL_CASES"].flatMap(Int.init) ?? count
  }

  /// `seed`, or the one in `FOLDTRACE_DIFFERENTIAL_SEED`.
  static func seed(_ seed: UInt64) -> UInt64 {
    ProcessInfo.processInfo.environment["FOLDTRACE_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? seed
  }

  static let limits: [TraceReaderLimits] = [
    .default, TraceReaderLimits(maxFrameRecords: 7), TraceReaderLimits(maxFrameRecords: 40),
    TraceReaderLimits(maxFrameRecords: 300),
  ]

  /// Unsigned LEB128 of `value` padded with `extra` redundant groups (an overlong, non-canonical form).
  static func varint(_ value: UInt64, extra: Int = 0) -> [UInt8] {
    var bytes = TraceCrafting.varint(value)
    guard extra > 0 else { return bytes }
    bytes[bytes.count - 1] |= 0x80
    bytes += Array(repeating: 0x80, count: extra - 1) + [0]
    return bytes
  }

  /// Seeded choices, and how often a field is written the way no writer writes it.
  struct Crafter {
    var generator: SeededGenerator
    /// One in `rarity` fields is odd.
    var rarity = 3
    mutating func below(_ bound: Int) -> Int { generator.below(bound) }
    mutating func next() -> UInt64 { generator.next() }
  }

  /// Whether this field is written oddly.
  static func odd(_ random: inout Crafter) -> Bool { random.below(random.rarity) == 0 }

  /// A varint of `value`, canonical mostly, else overlong up to ten bytes or over.
  static func anyVarint(_ value: UInt64, _ random: inout Crafter) -> [UInt8] {
    let canonical = TraceCrafting.varint(value).count
    guard odd(&random) else { return TraceCrafting.varint(value) }
    switch random.below(6) {
    case 0: return varint(value, extra: 1 + random.below(max(1, 11 - canonical)))
    case 1: return varint(value, extra: max(0, 8 - canonical))  // exactly eight bytes
    case 2: return varint(value, extra: max(0, 9 - canonical))  // nine
    default: return TraceCrafting.varint(value)
    }
  }

  /// A double field in any form: compact at the scene's scale, raw, odd, NaN, ±∞, huge numerators.
  static func double(_ random: inout Crafter, scale: Double) -> [UInt8] {
    func raw(_ value: Double) -> [UInt8] {
      [1] + withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) }
    }
    let values: [Double] = [0, -0.0, 1.0 / 3, 264, -5, 359.999, 360, 360.0001, 1e300, 0.1, 88.5, 180]
    switch odd(&random) ? random.below(12) : 11 {
    case 0: return raw(values[random.below(values.count)])
    case 1: return raw([.nan, -.nan, .infinity, -.infinity, .signalingNaN][random.below(5)])
    case 2: return anyVarint(UInt64(2 * random.below(60) + 3), &random)  // odd form
    case 3:
      // A numerator at the edges of 2⁵³ and of the varint's eight and nine byte forms.
      let numerators: [Int64] = [1 << 52, 1 << 53, (1 << 53) + 1, 1 << 55, -(1 << 55), 1 << 62, .max, .min]
      return anyVarint(CompactDouble.zigzag(numerators[random.below(numerators.count)]) << 1, &random)
    case 4: return anyVarint(CompactDouble.zigzag(Int64(random.below(1 << 20)) - (1 << 19)) << 1, &random)
    default:
      var writer = ByteWriter()
      writer.double(values[random.below(values.count)], scale: scale)
      return writer.bytes
    }
  }

  /// An optional string field: none, a pooled anchor (so anchors repeat), empty, long, non-ASCII, not
  /// UTF-8, or a length past the field.
  static func anchor(_ random: inout Crafter) -> [UInt8] {
    let pool = ["row-1", "row-1", "row-2", "", "item-123456789012", "ítem-1", "r", "row-10000000000000000"]
    switch odd(&random) ? random.below(10) : 9 {
    case 0: return [0]
    case 1: return [0x04, 0x61, 0xFF, 0x62]  // not UTF-8
    case 2: return varint(UInt64(2 + random.below(40)), extra: random.below(2)) + [0x61]  // past the body
    default:
      let text = Array(pool[random.below(pool.count)].utf8)
      return anyVarint(UInt64(text.count + 1), &random) + text
    }
  }

  /// One event record, mostly scroll and hinge in any encoding, with a length that may lie.
  static func record(_ random: inout Crafter, scales: inout [UInt32: Double]) -> [UInt8] {
    let delta: UInt64 =
      [8_333_333, 0, 127, 128, 1 << 56, UInt64.max >> 1, UInt64.max][odd(&random) ? random.below(7) : 0]
    var tag: UInt8
    var body: [UInt8]
    switch odd(&random) ? random.below(20) : random.below(16) {
    case 0..<13:
      tag = TraceEvent.Kind.scroll.rawValue
      let scene = UInt32([1, 1, 1, 2, 3, 9][random.below(6)])
      let scale = scales[scene] ?? 1
      let sceneField =
        odd(&random) && random.below(8) == 0
        ? varint(UInt64(UInt32.max) + 1) : anyVarint(UInt64(scene), &random)
      body = sceneField + double(&random, scale: scale) + double(&random, scale: scale) + anchor(&random)
    case 13..<17:
      tag = TraceEvent.Kind.hinge.rawValue
      let flags: [UInt8] = odd(&random) ? [0, 1, 2, 3, 0xFF, 0x81, 0x80] : [0, 1]
      let flag = flags[random.below(flags.count)]
      body =
        [UInt8(odd(&random) ? random.below(5) : random.below(4)), flag]
        + (flag & 1 != 0 || odd(&random) ? double(&random, scale: 1) : [])
    case 17:
      tag = TraceEvent.Kind.sceneConnected.rawValue
      let scene = UInt32(1 + random.below(3))
      let scale = [1.0, 2, 3, 2.625][random.below(4)]
      var writer = ByteWriter()
      writer.double(scale, scale: 1)
      scales[scene] = scale
      body = TraceCrafting.varint(UInt64(scene)) + [UInt8(random.below(5))] + writer.bytes
    case 18:
      tag = [200, 11, 255, 0][random.below(4)]
      body = (0..<random.below(12)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    default:
      guard random.below(2) == 0 else {
        tag = TraceEvent.Kind.marker.rawValue
        body = [2, 0x61, 0x62]
        break
      }
      // Regions, which count towards the frame's record limit one by one.
      tag = TraceEvent.Kind.regions.rawValue
      let count = random.below(6)
      var writer = ByteWriter()
      writer.varint(1)
      writer.varint(UInt64(count))
      for i in 0..<count {
        writer.u8(UInt8(i % 2))
        writer.u8(1)
        for value in [0, 40, 100, 28] as [Double] { writer.double(value, scale: scales[1] ?? 1) }
      }
      body = writer.bytes
    }
    if odd(&random) && random.below(2) == 0 {
      body += (0..<1 + random.below(9)).map { _ in UInt8(random.below(256)) }
    }
    var length = body.count
    // A length that lies: fields cut by the record's end, or bytes left over.
    if odd(&random) && random.below(2) == 0 { length = max(0, length + random.below(7) - 3) }
    return [tag] + anyVarint(delta, &random) + anyVarint(UInt64(length), &random) + body
  }

  /// A frame's content: start time, a keyframe connecting scenes at 2× and 3×, then event records.
  static func content(_ random: inout Crafter) -> [UInt8] {
    var scales: [UInt32: Double] = [:]
    var keyframe: [UInt8] = []
    var keyCount = 0
    for scene in [1, 2] as [UInt32] where random.below(4) != 0 {
      let scale = scene == 1 ? 3.0 : 2.0
      var writer = ByteWriter()
      writer.double(scale, scale: 1)
      scales[scene] = scale
      keyframe += TraceCrafting.record(
        tag: TraceEvent.Kind.sceneConnected.rawValue, delta: 0,
        body: TraceCrafting.varint(UInt64(scene)) + [1] + writer.bytes)
      keyCount += 1
    }
    let starts: [UInt64] = [1_000_000_000, 0, UInt64.max - 20_000_000, UInt64.max]
    var content = TraceCrafting.varint(starts[random.below(starts.count)]) + [UInt8(keyCount)] + keyframe
    random.rarity = [3, 10, 40, 200][random.below(4)]
    for _ in 0..<1 + random.below(random.below(3) == 0 ? 120 : 12) {
      content += record(&random, scales: &scales)
    }
    if random.below(6) == 0 { ReaderOutcomeCases.mutateContent(&content, random: &random.generator) }
    return content
  }

  /// Hand-crafted frames: the fast and checked paths read every one the same.
  @Test func craftedFramesReadTheSameWithAndWithoutTheFastPath() {
    var random = Crafter(generator: SeededGenerator(state: Self.seed(0xC0FF_EE01)))
    var framesRead = 0
    var failures = 0
    var scrolls = 0
    for _ in 0..<Self.cases(1500) {
      var bytes = TraceCrafting.headerFrame()
      for _ in 0..<1 + random.below(2) { bytes += TraceCrafting.zstdFrame(Self.content(&random)) }
      let limits = Self.limits[random.below(Self.limits.count)]
      let (fast, checked) = Self.transcripts(bytes, limits: limits)
      #expect(fast == checked, "\(bytes)")
      framesRead += fast.components(separatedBy: "\nframe ").count - 1
      failures += fast.components(separatedBy: "\nfailed ").count - 1
      scrolls += fast.components(separatedBy: ".scroll(").count - 1
    }
    // Both sides happen: frames that read, frames that fail.
    #expect(framesRead > 300)
    #expect(failures > 300)
    #expect(scrolls > 1_500)
  }

  /// The corpus and 120 Hz scrolling traces, mutated: the same again.
  @Test func mutatedTracesReadTheSameWithAndWithoutTheFastPath() throws {
    let directory = CorpusTests.tracesDirectory
    var traces = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      .filter { $0.hasSuffix(".foldtrace") }
      .map { Array(try Data(contentsOf: directory.appendingPathComponent($0))) }
    traces.append(
      try TraceSamples.bytes(
        TraceSamples.scrolling(count: 300, from: 5_000_000),
        policy: FlushPolicy(maxBufferedBytes: 2048, maxSpan: .max)))
    #expect(traces.count > 10)
    var random = SeededGenerator(state: Self.seed(0x5EED_0002))
    for _ in 0..<Self.cases(150) {
      let trace = traces[random.below(traces.count)]
      let bytes = ReaderOutcomeCases.mutate(trace, random: &random)
      let limits = Self.limits[random.below(Self.limits.count)]
      let (fast, checked) = Self.transcripts(bytes, limits: limits)
      #expect(fast == checked)
    }
  }
}
