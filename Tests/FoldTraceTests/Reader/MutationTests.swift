import FoldTrace
import Testing

/// SplitMix64: a seeded generator, so every run mutates the same way.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Randomly mangled traces never crash or hang the reader, and whatever it returns is real.
@Suite struct MutationTests {
  @Test func mangledTracesAreReadOrRefusedCleanly() throws {
    let events = TraceSamples.everyKind + TraceSamples.scrolling(count: 40, from: 10_000_000)
    let original = try TraceSamples.bytes(events, policy: FlushPolicy(maxBufferedBytes: 300))
    var generator = SeededGenerator(state: 2026)
    var refused = 0
    for _ in 0..<1_500 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: bytes[at] = UInt8.random(in: 0...255, using: &generator)
        case 1: bytes.remove(at: at)
        case 2: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: at)
        default: bytes.removeSubrange(at...)
        }
        if bytes.isEmpty { break }
      }
      guard let reader = try? TraceReader(bytes: bytes, name: "mangled") else {
        refused += 1
        continue
      }
      var read: [TraceEvent] = []
      var skips = 0
      while skips < 16 {
        do throws(TraceError) {
          guard let frame = try reader.nextFrame() else { break }
          read += frame.events
        } catch {
          #expect(error.offset != nil, "\(error)")
          #expect(error.offset.map { $0 <= bytes.count } ?? false, "\(error)")
          skips += 1
          guard try reader.skipDamagedFrame() else { break }
        }
      }
      // Every event read was recorded (an intact frame's content is checksummed).
      #expect(read.allSatisfy { events.contains($0) })
    }
    #expect(refused > 0)
  }
}
