/// Reads the format's primitive values from a byte buffer, throwing ``ByteReader/Failure`` with a
/// reason when the bytes run out or break a rule (<doc:TraceFormat>).
struct ByteReader {
  /// Why the bytes could not be read.
  struct Failure: Error {
    var reason: String
    /// Whether the bytes are well formed but exceed a reader limit (``TraceReaderLimits``).
    var exceedsLimit = false
  }

  let bytes: ArraySlice<UInt8>
  /// The index of the next byte to read, in `bytes`' indices.
  var position: Int

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    self.position = bytes.startIndex
  }

  init(_ bytes: [UInt8]) { self.init(bytes[...]) }

  var isAtEnd: Bool { position >= bytes.endIndex }
  var remaining: Int { bytes.endIndex - position }

  mutating func u8() throws(Failure) -> UInt8 {
    guard position < bytes.endIndex else { throw Failure(reason: "unexpected end of data") }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func take(_ count: Int) throws(Failure) -> ArraySlice<UInt8> {
    guard count >= 0, count <= remaining else {
      throw Failure(reason: "needs \(count) bytes, \(remaining) left")
    }
    defer { position += count }
    return bytes[position..<position + count]
  }

  mutating func fixed(_ width: Int) throws(Failure) -> UInt64 {
    let slice = try take(width)
    var value: UInt64 = 0
    for (i, byte) in slice.enumerated() { value |= UInt64(byte) << (8 * UInt64(i)) }
    return value
  }

  mutating func u16() throws(Failure) -> UInt16 { UInt16(try fixed(2)) }
  mutating func u32() throws(Failure) -> UInt32 { UInt32(try fixed(4)) }
  mutating func u64() throws(Failure) -> UInt64 { try fixed(8) }

  /// Unsigned LEB128; more than 10 bytes or bits beyond 64 are refused.
  mutating func varint() throws(Failure) -> UInt64 {
    var value: UInt64 = 0
    for i in 0..<10 {
      let byte = try u8()
      let bits = UInt64(byte & 0x7F)
      if i == 9 && bits > 1 { throw Failure(reason: "varint overflows 64 bits") }
      value |= bits << (7 * UInt64(i))
      if byte & 0x80 == 0 { return value }
    }
    throw Failure(reason: "varint longer than 10 bytes")
  }

  /// A varint that must fit in `Int` and not exceed `limit`.
  mutating func count(limit: Int) throws(Failure) -> Int {
    let value = try varint()
    guard value <= UInt64(limit) else { throw Failure(reason: "length \(value) exceeds \(limit)") }
    return Int(value)
  }

  mutating func string() throws(Failure) -> String {
    let length = try count(limit: remaining)
    return try utf8(try take(length))
  }

  private func utf8(_ slice: ArraySlice<UInt8>) throws(Failure) -> String {
    // ASCII (anchors, item ids) is valid UTF-8 as it stands; the generic validating initializer costs
    // a metadata lookup per call.
    let string: String? = slice.withUnsafeBufferPointer { buffer in
      var bits: UInt8 = 0
      for byte in buffer { bits |= byte }
      return bits < 0x80 ? String(decoding: buffer, as: UTF8.self) : String(validating: buffer, as: UTF8.self)
    }
    guard let string else { throw Failure(reason: "string is not valid UTF-8") }
    return string
  }

}
