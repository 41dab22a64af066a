import Testing

@testable import FoldTrace

/// The reader's fast path for scroll and hinge records (`ByteReader`'s plain-form reads,
/// `RecordCodec.scanCommonRecord`)
/// against the checked path it stands in for, at the edges its unchecked loads rely on: varints and
/// strings cut by a record's end or ending exactly at the content's end, words loaded past a record's
/// end, and small strings built from their bytes.
@Suite struct CommonRecordPathTests {
  /// What the plain-form reads read from the first `limit` bytes of `input` (loads may reach all of `input`):
  /// the value and the next position, or nil.
  static func scanned<T>(
    _ input: [UInt8], limit: Int, _ read: (ByteReader, inout Int, Int) -> T?
  ) -> (T, Int)? {
    input.withUnsafeBytes { raw -> (T, Int)? in
      guard !raw.isEmpty else { return nil }
      var p = 0
      return read(ByteReader(raw), &p, limit).map { ($0, p) }
    }
  }

  /// What the checked reads of `ByteReader` read from the first `limit` bytes of `input`, or nil when it
  /// throws.
  static func checked<T>(_ input: [UInt8], limit: Int, _ read: (inout ByteReader) throws -> T) -> (
    T, Int
  )? {
    input.withUnsafeBytes { raw -> (T, Int)? in
      var reader = ByteReader(UnsafeRawBufferPointer(rebasing: raw[..<limit]))
      guard let value = try? read(&reader) else { return nil }
      return (value, reader.position)
    }
  }

  /// Every varint input, cut at every length (the cut bytes stay loadable, as the rest of a frame's
  /// content after a record's end does): what the scanner accepts, the checked reader reads the same;
  /// a varint the cut truncates is never accepted.
  @Test func varintsAgreeWithTheCheckedReaderAtEveryCut() {
    var accepted = 0
    var truncated = 0
    for input in DecodePathTests.varintInputs where !input.isEmpty {
      for limit in 0...input.count {
        let fast = Self.scanned(input, limit: limit) { s, p, l in s.varint(&p, limit: l) }
        let slow = Self.checked(input, limit: limit) { try $0.varint() }
        if let fast {
          accepted += 1
          #expect(slow.map { "\($0.0) at \($0.1)" } == "\(fast.0) at \(fast.1)", "\(input) cut at \(limit)")
        } else if slow == nil && Self.checked(input, limit: input.count, { try $0.varint() }) != nil {
          truncated += 1
        }
      }
    }
    // Both outcomes happen: the test has cases on each side.
    #expect(accepted > 500)
    #expect(truncated > 500)
  }

  /// Doubles in both forms at scales 1, 2 and 3, cut at every length.
  @Test func doublesAgreeWithTheCheckedReaderAtEveryCut() {
    let values: [Double] = [
      0, -0.0, 1, -1, 88, 1.0 / 3, 2.0 / 3, 100.5, -2_000.25, 1e300, .nan, .infinity, 0.1,
    ]
    var accepted = 0
    for scale in [1.0, 2, 3] {
      for value in values {
        var writer = ByteWriter()
        writer.double(value, scale: scale)
        let input = writer.bytes + [0x55, 0x80, 0x80]
        for limit in 0...input.count {
          let fast = Self.scanned(input, limit: limit) { s, p, l in s.double(&p, limit: l, scale: scale) }
          let slow = Self.checked(input, limit: limit) { try $0.double(scale: scale) }
          if let fast {
            accepted += 1
            #expect(slow.map { "\($0.0.bitPattern) at \($0.1)" } == "\(fast.0.bitPattern) at \(fast.1)")
          }
        }
      }
    }
    #expect(accepted >= 3 * values.count)
  }

  /// Optional strings whose bytes end exactly at the content's end, or are cut by the record's end.
  @Test func optionalStringsEndingAtTheContentEnd() {
    for count in [0, 1, 5, 7, 8, 9, 15, 16, 200] {
      let input =
        [0x09] + TraceCrafting.varint(UInt64(count + 1)) + Array(repeating: UInt8(ascii: "a"), count: count)
      for limit in 0...input.count {
        let fast = Self.scanned(input, limit: limit) { s, p, l -> (Int, Int)? in
          p = 1
          return s.optionalStringBytes(&p, limit: l).map { ($0.start, $0.count) }
        }
        if limit == input.count {
          #expect(fast?.0.0 == input.count - count && fast?.0.1 == count && fast?.1 == input.count)
        } else {
          #expect(fast == nil, "a string cut at \(limit) of \(input.count) bytes")
        }
      }
    }
  }

  /// ASCII strings read from their bytes equal the standard library's, at every length from 0 to 16
  /// (small and not) and every position, ending at the buffer's end included.
  @Test func asciiStringsEqualTheStandardLibrarys() throws {
    let text = Array("item-1234567890-abcdefghij".utf8)
    for count in 0...16 {
      for start in 0...(text.count - count) {
        let expected = String(decoding: text[start..<start + count], as: UTF8.self)
        let string = try text.withUnsafeBytes { raw in
          try ByteReader(raw).string(at: start, count: count)
        }
        #expect(string == expected)
        #expect(Array(string.utf8) == Array(text[start..<start + count]))
        #expect(string.hashValue == expected.hashValue)
        #expect(string + "!" == expected + "!")
        #expect(string.utf8.count == count)
      }
    }
    // Not ASCII: built the general way, and still checked.
    let accented = Array("ítem-1".utf8)
    #expect(
      try accented.withUnsafeBytes { try ByteReader($0).string(at: 0, count: accented.count) }
        == "ítem-1")
    let invalid: [UInt8] = [0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0xFF, 0x61]
    #expect(throws: ByteReader.Failure.self) {
      try invalid.withUnsafeBytes { try ByteReader($0).string(at: 0, count: invalid.count) }
    }
  }

  /// Scroll and hinge records, well formed and damaged in every field, cut at every length, alone and
  /// followed by more content, after an early time and one that the delta overflows: what the fast
  /// path accepts, the checked path (`decodeRecord`, then the writer's rules) decodes to the same
  /// event, time and next record; it accepts nothing the checked path refuses.
  @Test func recordsAgreeWithTheCheckedPath() {
    var accepted = 0
    var declined = 0
    for record in Self.records {
      for tail in [[], [0x07, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x08]] as [[UInt8]] {
        for cut in 1...record.count {
          for time in [1_000_000_000, UInt64.max - 1_000] as [UInt64] {
            let content = Array(record[..<cut]) + tail
            let fast = Self.fastOutcome(content, time: time)
            let slow = Self.checkedOutcome(content, time: time)
            if let fast {
              accepted += 1
              #expect(slow == fast, "\(content)")
            } else {
              declined += 1
            }
          }
        }
      }
    }
    #expect(accepted >= 14)
    #expect(declined > 100)
  }

  /// The event, its time and the next record's offset from the fast path, or nil where it declines.
  static func fastOutcome(_ content: [UInt8], time: UInt64) -> String? {
    content.withUnsafeBytes { raw -> String? in
      guard !raw.isEmpty else { return nil }
      let reader = ByteReader(raw)
      var codec = RecordCodec()
      var outcome: String?
      _ = [TraceEvent](unsafeUninitializedCapacity: 1) { buffer, initialized in
        var sink = EventSink(base: buffer.baseAddress, capacity: 1)
        var p = 0
        let sum = codec.scanCommonRecord(reader, at: &p, time: time, into: &sink)
        initialized = sink.count
        if let sum {
          #expect(sink.count == 1)
          outcome = "\(buffer[0]) at \(sum) next \(p)"
        } else {
          #expect(sink.count == 0, "nothing appended when the fast path declines")
        }
      }
      return outcome
    }
  }

  /// The same from the checked path, or nil where it fails.
  static func checkedOutcome(_ content: [UInt8], time: UInt64) -> String? {
    content.withUnsafeBytes { raw -> String? in
      var r = ByteReader(raw)
      var codec = RecordCodec()
      var outcome: String?
      _ = [TraceEvent](unsafeUninitializedCapacity: 1) { buffer, initialized in
        var sink = EventSink(base: buffer.baseAddress, capacity: 1)
        defer { initialized = sink.count }
        guard let tag = try? r.u8(), let delta = try? r.varint(),
          let length = try? r.count(limit: r.remaining),
          var body = try? r.body(length)
        else { return }
        let (sum, overflow) = time.addingReportingOverflow(delta)
        var items = 0
        guard
          (try? codec.decodeRecord(
            tag: tag, from: &body, time: sum, into: &sink, maxRegions: 128, items: &items)) == true,
          !overflow, TraceReader.isWritable(sink, tag: tag, connected: codec.connectedSceneCount)
        else { return }
        outcome = "\(buffer[0]) at \(sum) next \(r.position)"
      }
      return outcome
    }
  }

  /// Scroll and hinge records as writers write them, and with each field damaged.
  static var records: [[UInt8]] {
    typealias C = TraceCrafting
    let delta: UInt64 = 8_333_333
    func scroll(_ scene: [UInt8], _ x: [UInt8], _ y: [UInt8], _ anchor: [UInt8], extra: [UInt8] = [])
      -> [UInt8]
    {
      C.record(tag: TraceEvent.Kind.scroll.rawValue, delta: delta, body: scene + x + y + anchor + extra)
    }
    func compact(_ numerator: Int64) -> [UInt8] { C.varint(CompactDouble.zigzag(numerator) << 1) }
    func raw(_ value: Double) -> [UInt8] {
      [1] + withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) }
    }
    func anchor(_ text: String?) -> [UInt8] {
      guard let text else { return [0] }
      return C.varint(UInt64(text.utf8.count + 1)) + Array(text.utf8)
    }
    func hinge(_ status: UInt8, _ flags: UInt8, _ angle: [UInt8], extra: [UInt8] = []) -> [UInt8] {
      C.record(tag: TraceEvent.Kind.hinge.rawValue, delta: delta, body: [status, flags] + angle + extra)
    }
    return [
      scroll([1], compact(0), compact(264), anchor("item-3")),
      scroll([1], compact(0), compact(-5), anchor(nil)),
      scroll([1], compact(7), compact(40_000), anchor("item-123456789012")),
      scroll([1], raw(0.1), raw(-3.5), anchor("ítem-1")),
      scroll([1], compact(0), compact(9), anchor(""), extra: [1, 2, 3]),
      scroll([1], compact(0), compact(1 << 40), anchor("a")),
      scroll([0x80, 0x80, 0x80, 0x80, 0x10], compact(0), compact(3), anchor("x")),  // scene id over 32 bits
      scroll([1], [3], compact(3), anchor("x")),  // an odd double form
      scroll([1], raw(.nan), compact(3), anchor("x")),
      scroll([1], compact(0), raw(.infinity), anchor(nil)),
      scroll([1], compact(0), compact(3), [0x05, 0x61]),  // a string longer than its record
      scroll([1], compact(0), compact(3), [0x03, 0xFF, 0xFE]),  // not UTF-8
      scroll([1], compact(0), Array(repeating: 0x80, count: 9) + [0x01], anchor("x")),  // a ten-byte varint
      hinge(2, 1, raw(180)),
      hinge(1, 0, []),
      hinge(3, 3, compact(90)),
      hinge(0, 1, raw(42.5), extra: [9, 9]),
      hinge(4, 0, []),  // an unknown status
      hinge(2, 1, raw(360.5)),
      hinge(2, 1, raw(-.nan)),
      hinge(2, 1, [2]),  // an odd double form
      C.record(tag: TraceEvent.Kind.marker.rawValue, delta: delta, body: [1, 0x61]),  // another kind
      // A delta of 2⁶³ or more: a ten-byte varint.
      [TraceEvent.Kind.scroll.rawValue] + Array(repeating: 0xFF, count: 9) + [0x01, 0x01, 0x01],
    ]
  }
}
