import Testing

@testable import FoldTrace

/// The reader's fast decode path: `ByteReader`'s varint (a word at a time) against LEB128 read byte by
/// byte, and strings reused from the previous record.
@Suite struct DecodePathTests {
  /// LEB128 of `value`.
  static func leb128(_ value: UInt64) -> [UInt8] {
    var out: [UInt8] = []
    var v = value
    repeat {
      out.append(UInt8(v & 0x7F) | (v >= 0x80 ? 0x80 : 0))
      v >>= 7
    } while v != 0
    return out
  }

  /// Varints of every length, followed by 0…11 more bytes (so both the eight-byte word path and the
  /// byte-at-a-time path run), plus malformed ones: too long, over 64 bits, cut short.
  static var varintInputs: [[UInt8]] {
    var values: [UInt64] = [0, 1, 127, 128, 300, 8_333_333, .max, 1 << 63, (1 << 56) - 1, 1 << 56]
    for bits in stride(from: 7, through: 63, by: 7) {
      values += [(1 << UInt64(bits)) - 1, 1 << UInt64(bits)]
    }
    var inputs: [[UInt8]] = []
    for value in values {
      for padding in 0...11 { inputs.append(leb128(value) + Array(repeating: 0xFF, count: padding)) }
    }
    let malformed: [[UInt8]] = [
      Array(repeating: 0x80, count: 10) + [0], Array(repeating: 0xFF, count: 9) + [0x02],
      Array(repeating: 0xFF, count: 9) + [0x01], Array(repeating: 0x80, count: 3), [],
    ]
    for bytes in malformed {
      for padding in 0...11 { inputs.append(bytes + Array(repeating: 0x00, count: padding)) }
    }
    return inputs
  }

  /// What reading one varint gives: the value and the position after it, or the failure's reason.
  static func outcome(_ read: () throws -> (UInt64, Int)) -> String {
    do {
      let (value, position) = try read()
      return "\(value) at \(position)"
    } catch let failure as ByteReader.Failure {
      return failure.reason
    } catch {
      return "\(error)"
    }
  }

  /// LEB128 read one byte at a time with the format's rules (at most 10 bytes, no bits beyond 64), as
  /// the format defines it: the reference for the reader's varint.
  static func referenceVarint(_ input: [UInt8]) throws -> (UInt64, Int) {
    var value: UInt64 = 0
    for i in 0..<10 {
      guard i < input.count else { throw ByteReader.Failure(reason: "unexpected end of data") }
      let bits = UInt64(input[i] & 0x7F)
      if i == 9 && bits > 1 { throw ByteReader.Failure(reason: "varint overflows 64 bits") }
      value |= bits << (7 * UInt64(i))
      if input[i] & 0x80 == 0 { return (value, i + 1) }
    }
    throw ByteReader.Failure(reason: "varint longer than 10 bytes")
  }

  @Test func varintsReadAsTheFormatDefinesThem() {
    for input in Self.varintInputs {
      let expected = Self.outcome { try Self.referenceVarint(input) }
      let actual = input.withUnsafeBytes { raw in
        Self.outcome {
          var reader = ByteReader(raw)
          return (try reader.varint(), reader.position)
        }
      }
      #expect(actual == expected, "\(input)")
    }
  }

  @Test func aWordOfContinuationBytesReadsEveryGroup() throws {
    // 2^56 + 5 takes nine bytes: the word path must hand it to the checked loop.
    let bytes = Self.leb128((1 << 56) + 5) + [0, 0, 0]
    let read = bytes.withUnsafeBytes { raw in
      Self.outcome {
        var reader = ByteReader(raw)
        return (try reader.varint(), reader.position)
      }
    }
    #expect(read == "\((1 << 56) + 5) at 9")
  }

  /// Anchors and items that repeat, change at the same length, vanish and come back, and are not ASCII
  /// read back exactly: a string is reused only when its bytes repeat.
  @Test func repeatedAnchorsAndItemsReadBackExactly() throws {
    let scene = SceneID(1)
    let anchors: [String?] = [
      "item-1", "item-1", "item-2", "item-1", nil, "item-1", "item-10", "item-10", "ítem-1", "ítem-1",
      "", "", "item-1234567890-abcdefgh", "item-1234567890-abcdefgi", "item-1234567890-abcdefgi",
    ]
    var events = [TraceEvent(time: 0, .sceneConnected(scene: scene, display: .internal, scale: 3))]
    for (k, anchor) in anchors.enumerated() {
      let time = UInt64(k + 1) * 8_333_333
      events.append(
        TraceEvent(time: time, .scroll(scene: scene, offset: TracePoint(x: 0, y: 88), anchor: anchor)))
      events.append(TraceEvent(time: time, .selection(scene: scene, item: anchor.map { $0 + "!" })))
    }
    let bytes = try TraceSamples.bytes(events)
    let (_, read) = try TraceReader.readAll(bytes: bytes, name: "anchors")
    #expect(read == events)
  }
}
