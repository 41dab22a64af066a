import CZstd
import FoldTrace
import Foundation

/// Decode speed: `TraceReader` reading every frame of a trace held in memory (decompress, check,
/// parse into `TraceEvent`s), against Foundation's `JSONDecoder` on the same events' JSON Lines and
/// against plain `ZSTD_decompressDCtx` of the same frames into a reused buffer (the floor any reader
/// of these frames pays).
struct DecodeBench {
  var options: Options

  func run(_ sample: TraceSample, document: [UInt8], into table: inout ResultTable) throws {
    let frames = ZstdBaseline.dataFrames(of: sample.bytes)
    var contentBytes = 0
    var decodedEvents = 0
    let ours = try Samples.collect(runs: options.runs) {
      let reader = try TraceReader(bytes: sample.bytes, name: sample.name)
      var events = 0
      var bytes = 0
      let elapsed = try Stopwatch.cpuTime {
        while let frame = try reader.nextFrame() {
          events += frame.events.count
          bytes += frame.contentSize
        }
      }
      contentBytes = bytes
      decodedEvents = events
      return Double(elapsed)
    }
    precondition(decodedEvents == sample.events.count, "the reader returned \(decodedEvents) events")

    let context = ZSTD_createDCtx()!
    defer { ZSTD_freeDCtx(context) }
    var buffer = [UInt8](repeating: 0, count: ZstdBaseline.maxContentSize(sample.bytes, frames))
    let plain = Samples.collect(runs: options.runs) {
      var total = 0
      let elapsed = Stopwatch.cpuTime {
        total = ZstdBaseline.decompressAll(sample.bytes, frames: frames, context: context, buffer: &buffer)
      }
      precondition(total == contentBytes, "plain decompression gave \(total) bytes, not \(contentBytes)")
      return Double(elapsed)
    }

    let lines = JSONLinesBaseline.eventLines(document, limit: options.quick ? 5_000 : 20_000)
    let decoder = JSONDecoder()
    let json = try Samples.collect(runs: options.runs) {
      var events: [TraceEvent] = []
      events.reserveCapacity(lines.count)
      let elapsed = try Stopwatch.cpuTime {
        for line in lines { events.append(try decoder.decode(JSONEventRecord.self, from: line).event()) }
      }
      precondition(events == Array(sample.events.prefix(lines.count)), "JSON Lines did not round-trip")
      return Double(elapsed)
    }

    let eventsPerSecond = { (count: Int) in { (ns: Double) in Double(count) / ns * 1e9 } }
    let megabytesPerSecond = { (ns: Double) in Double(contentBytes) / ns * 1e3 }
    let oursRate = Samples(ours.values.map(eventsPerSecond(sample.events.count)))
    let jsonRate = Samples(json.values.map(eventsPerSecond(lines.count)))
    let oursMB = Samples(ours.values.map(megabytesPerSecond))
    let plainMB = Samples(plain.values.map(megabytesPerSecond))
    let section = "decode — \(sample.name), \(Format.si(Double(sample.events.count))) events"
    let speedup = oursRate.median / jsonRate.median
    table.add(
      section,
      Figure(
        "events/s", ours: Format.spread(oursRate, Format.si),
        baseline: Format.spread(jsonRate, Format.si)
          + " JSONDecoder", ratio: Format.ratio(speedup), target: "≥ 100×",
        verdict: speedup >= 100 ? .met : .missed))
    let share = oursMB.median / plainMB.median
    table.add(
      section,
      Figure(
        "MB/s of decompressed payload", ours: Format.spread(oursMB),
        baseline: Format.spread(plainMB)
          + " ZSTD_decompress", ratio: Format.ratio(share), target: "≥ 0.5×",
        verdict: share >= 0.5 ? .met : .missed
      ))
  }
}
