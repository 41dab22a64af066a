@testable import FoldTrace

/// Traces holding records no writer writes: a valid frame written by ``TraceWriter``, then a frame whose
/// records are encoded without the writer's checks (``RecordCodec`` alone) or by hand, and optionally a
/// valid frame after it. No seek table.
enum UnwritableTrace {
  /// The bytes, where the forged frame starts, and the content byte at which each of its records
  /// starts (keyframe records first).
  struct Forged {
    var bytes: [UInt8]
    var frameOffset: Int
    var recordStarts: [Int]
  }

  /// A scene connection at scale 2 and its geometry, written by a writer: the frame before the forged one.
  static let before: [TraceEvent] = [
    TraceEvent(time: 0, .sceneConnected(scene: SceneID(1), display: .window, scale: 2)),
    TraceEvent(
      time: 1,
      .geometry(
        scene: SceneID(1),
        SceneGeometry(
          size: TraceSize(width: 390, height: 844),
          safeArea: TraceInsets(top: 47, leading: 0, bottom: 34, trailing: 0), horizontal: .compact,
          vertical: .regular))),
  ]

  /// One record body and tag, for a forged frame.
  enum Record {
    case payload(TraceEvent.Payload)
    case raw(tag: UInt8, body: [UInt8])
  }

  /// The trace: ``before`` in a written frame, then a frame of `keyframe` and `records` at 10 ns, then,
  /// when `after` is set, a frame of those events (encoded as a writer would, keyframe-less).
  static func bytes(keyframe: [Record] = [], _ records: [Record], after: [TraceEvent.Payload]? = nil) throws
    -> Forged
  {
    let written = try TraceSamples.bytes(before, close: false)
    var forged = Forged(bytes: written, frameOffset: written.count, recordStarts: [])
    let (content, starts) = frameContent(time: 10, keyframe: keyframe, records: records)
    forged.recordStarts = starts
    forged.bytes += TraceCrafting.zstdFrame(content)
    if let after {
      forged.bytes += TraceCrafting.zstdFrame(frameContent(time: 20, records: after.map(Record.payload)).0)
    }
    return forged
  }

  /// Frame content: time, keyframe count, keyframe records (delta 0), records (delta 1 each), and the
  /// content byte where each record starts.
  static func frameContent(time: UInt64, keyframe: [Record] = [], records: [Record]) -> ([UInt8], [Int]) {
    var out = ByteWriter()
    out.varint(time)
    out.varint(UInt64(keyframe.count))
    var codec = RecordCodec()
    var starts: [Int] = []
    for (i, record) in (keyframe + records).enumerated() {
      starts.append(out.bytes.count)
      let delta: UInt64 = i < keyframe.count ? 0 : 1
      switch record {
      case .payload(let payload): codec.encode(payload, delta: delta, into: &out)
      case .raw(let tag, let body): out.bytes += TraceCrafting.record(tag: tag, delta: delta, body: body)
      }
    }
    return (out.bytes, starts)
  }

  /// A compact double of numerator `n`: the value `n / scale` of its record's scene.
  static func compact(_ n: Int64) -> [UInt8] {
    TraceCrafting.varint(CompactDouble.zigzag(n) << 1)
  }

  /// What the reader reports: the frames it returned, then its error, if any.
  static func read(_ bytes: [UInt8]) -> (frames: [TraceFrame], error: TraceError?) {
    do {
      return TraceSamples.readFrames(try TraceReader(bytes: bytes, name: "forged.foldtrace"))
    } catch {
      return ([], error)
    }
  }
}
