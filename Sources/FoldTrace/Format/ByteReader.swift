/// Reads the format's primitive values from bytes in memory (<doc:TraceFormat>), throwing
/// ``ByteReader/Failure`` with a reason when the bytes run out or break a rule: the one reader of the
/// format, used for headers, frames and the seek table.
///
/// It reads a raw buffer that the caller keeps alive (`withUnsafeBytes`, or ``read(_:_:)``), so reading
/// a record's body costs no array slice, reference count or copy. Alongside the checked reads, the
/// plain-form reads of `ByteReader+PlainForm.swift` serve the reader's fast path; the checked varint
/// takes its value from the same plain-form decoder.
///
/// Invariant: `0 <= position <= end <= bytes.count` — `end` starts at `bytes.count` and a body's end is
/// its start plus a length already checked against ``remaining``; reads check `position` against `end`
/// before they load, so the loads below need no further check.
struct ByteReader {
  /// Why the bytes could not be read.
  struct Failure: Error {
    var reason: String
    /// Whether the bytes are well formed but exceed a reader limit (``TraceReaderLimits``).
    var exceedsLimit = false
  }

  let bytes: UnsafeRawBufferPointer
  /// The offset of the next byte to read, from the buffer's start.
  private(set) var position: Int
  /// The offset just past the last byte this reader may read.
  let end: Int

  /// A reader of all of `bytes`, which must stay alive while it is read.
  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
    self.position = 0
    self.end = bytes.count
  }

  private init(_ bytes: UnsafeRawBufferPointer, position: Int, end: Int) {
    self.bytes = bytes
    self.position = position
    self.end = end
  }

  /// Calls `body` with a reader of `bytes`, alive for the call.
  ///
  /// - Throws: What `body` throws.
  static func read<T>(_ bytes: ArraySlice<UInt8>, _ body: (inout ByteReader) throws -> T) rethrows -> T {
    // The buffer is the slice's own storage, valid and unchanged for the call; the reader stays in it.
    try bytes.withUnsafeBytes { buffer in
      var reader = ByteReader(buffer)
      return try body(&reader)
    }
  }

  var isAtEnd: Bool { position >= end }
  var remaining: Int { end - position }

  /// The byte at `offset`; the caller checked `offset < end`.
  @inline(__always)
  func byte(at offset: Int) -> UInt8 { bytes.load(fromByteOffset: offset, as: UInt8.self) }

  @inline(__always)
  mutating func u8() throws(Failure) -> UInt8 {
    guard position < end else { throw Failure(reason: "unexpected end of data") }
    defer { position += 1 }
    return byte(at: position)
  }

  /// A reader of the next `count` bytes, which this reader skips: a record's body.
  /// - Throws: ``ByteReader/Failure`` unless `0 <= count <= remaining`.
  @inline(__always)
  mutating func body(_ count: Int) throws(Failure) -> ByteReader {
    guard count >= 0, count <= remaining else {
      throw Failure(reason: "needs \(count) byte\(count == 1 ? "" : "s"), \(remaining) left")
    }
    defer { position += count }
    return ByteReader(bytes, position: position, end: position + count)
  }

  /// Moves to `offset`, between the current position and the end (past records another path read).
  @inline(__always)
  mutating func move(to offset: Int) {
    precondition(offset >= position && offset <= end, "a reader moves forward within its bytes")
    position = offset
  }

  /// The offset of the next `count` bytes, which this reader skips.
  @inline(__always)
  mutating func skip(_ count: Int) throws(Failure) -> Int {
    guard count >= 0, count <= remaining else {
      throw Failure(reason: "needs \(count) byte\(count == 1 ? "" : "s"), \(remaining) left")
    }
    defer { position += count }
    return position
  }

  mutating func u16() throws(Failure) -> UInt16 {
    let start = try skip(2)
    return UInt16(byte(at: start)) | UInt16(byte(at: start + 1)) << 8
  }

  mutating func u32() throws(Failure) -> UInt32 {
    let start = try skip(4)
    return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt32.self))
  }

  @inline(__always)
  mutating func u64() throws(Failure) -> UInt64 {
    let start = try skip(8)
    return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
  }

  /// Unsigned LEB128; more than 10 bytes or bits beyond 64 are refused.
  ///
  /// Up to eight bytes (all but absurd values) are decoded by the plain-form decoder
  /// (``varint(_:limit:)``), a word at a time with no branch per byte; a longer or cut one takes the
  /// checked loop, which reads a nine- or ten-byte varint and reports every broken rule.
  @inline(__always)
  mutating func varint() throws(Failure) -> UInt64 {
    var p = position
    if let value = varint(&p, limit: end) {
      position = p
      return value
    }
    return try checkedVarint()
  }

  /// The value of the LEB128 varint in the low bytes of `word` (little-endian) whose last byte's high
  /// bit is bit `stop` (7, 15, …, 63): the bytes up to it kept, their 7-bit groups packed, with no
  /// branch per byte.
  /// - Complexity: O(1).
  @inline(__always)
  static func varintValue(_ word: UInt64, lastHighBit stop: Int) -> UInt64 {
    var x = word & (UInt64.max &>> UInt64(63 &- stop))
    x = (x & 0x007F_007F_007F_007F) | ((x & 0x7F00_7F00_7F00_7F00) &>> 1)
    x = (x & 0x0000_3FFF_0000_3FFF) | ((x & 0x3FFF_0000_3FFF_0000) &>> 2)
    x = (x & 0x0000_0000_0FFF_FFFF) | ((x & 0x0FFF_FFFF_0000_0000) &>> 4)
    return x
  }

  /// A varint read one byte at a time, with every rule checked.
  @inline(never)
  private mutating func checkedVarint() throws(Failure) -> UInt64 {
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
  @inline(__always)
  mutating func count(limit: Int) throws(Failure) -> Int {
    let value = try varint()
    guard value <= UInt64(limit) else { throw Failure(reason: "length \(value) exceeds \(limit)") }
    return Int(value)
  }

  /// The offset and length of a length-prefixed string's bytes, not yet checked as UTF-8.
  @inline(__always)
  mutating func stringBytes() throws(Failure) -> (start: Int, count: Int) {
    let length = try count(limit: remaining)
    return (try skip(length), length)
  }

  /// A length-prefixed string.
  /// - Throws: ``ByteReader/Failure`` when it overruns the bytes or is not valid UTF-8.
  mutating func string() throws(Failure) -> String {
    let (start, count) = try stringBytes()
    return try string(at: start, count: count)
  }

  /// The offset and length of an optional string's bytes (tag 0: none; n + 1: n bytes), unchecked.
  @inline(__always)
  mutating func optionalStringBytes() throws(Failure) -> (start: Int, count: Int)? {
    let tag = try varint()
    if tag == 0 { return nil }
    guard tag - 1 <= UInt64(remaining) else { throw Failure(reason: "string longer than its record") }
    let length = Int(tag - 1)
    return (try skip(length), length)
  }

  /// The string in `count` bytes at `start`.
  /// - Throws: ``ByteReader/Failure`` when the bytes are not valid UTF-8.
  func string(at start: Int, count: Int) throws(Failure) -> String {
    let buffer = UnsafeRawBufferPointer(rebasing: bytes[start..<start + count])
    guard isASCII(start, count: count) else {
      guard let string = String(validating: buffer.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else {
        throw Failure(reason: "string is not valid UTF-8")
      }
      return string
    }
    // ASCII (anchors, item ids) is valid UTF-8 as it stands. Filling the string's own storage builds
    // one of up to 15 bytes in place (no allocation, no second scan: the initializer checks ASCII
    // from the bytes it holds); `String(decoding:as:)` scanned and copied them through generic calls.
    if count == 0 { return "" }
    return String(unsafeUninitializedCapacity: count) { storage in
      storage.baseAddress.unsafelyUnwrapped.initialize(
        from: buffer.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self), count: count)
      return count
    }
  }

  /// Whether the `count` bytes at `start`, in the buffer, are all ASCII.
  @inline(__always)
  private func isASCII(_ start: Int, count: Int) -> Bool {
    // As in `bytesEqual`: two overlapping words for 4 to 16 bytes, else eight at a time, then bytes.
    if count >= 4 && count <= 8 {
      return (load32(start) | load32(start + count - 4)) & 0x8080_8080 == 0
    }
    if count > 8 && count <= 16 {
      return (load64(start) | load64(start + count - 8)) & 0x8080_8080_8080_8080 == 0
    }
    var bits: UInt64 = 0
    var i = 0
    while count - i >= 8 {
      bits |= load64(start + i)
      i += 8
    }
    while i < count {
      bits |= UInt64(byte(at: start + i))
      i += 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
  }

  /// Whether `count` bytes at `a` and at `b` are equal; both ranges lie in the buffer.
  @inline(__always)
  func bytesEqual(_ a: Int, _ b: Int, count: Int) -> Bool {
    // Anchors and item ids are a few bytes. From 4 to 16 bytes, two loads per side that overlap in
    // the middle cover the range without reading outside it (4…8: two 4-byte words, 9…16: two 8-byte
    // words); longer ranges go eight bytes at a time, shorter ones byte by byte.
    if count >= 4 && count <= 8 {
      let last = count - 4
      return load32(a) == load32(b) && load32(a + last) == load32(b + last)
    }
    if count > 8 && count <= 16 {
      let last = count - 8
      return load64(a) == load64(b) && load64(a + last) == load64(b + last)
    }
    var i = 0
    while count - i >= 8 {
      if load64(a + i) != load64(b + i) { return false }
      i += 8
    }
    while i < count {
      if byte(at: a + i) != byte(at: b + i) { return false }
      i += 1
    }
    return true
  }

  @inline(__always)
  private func load32(_ offset: Int) -> UInt32 {
    bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
  }

  @inline(__always)
  private func load64(_ offset: Int) -> UInt64 {
    bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
  }

  @inline(__always)
  mutating func double(scale: Double) throws(Failure) -> Double {
    let u = try varint()
    if u == 1 { return Double(bitPattern: try u64()) }
    guard u & 1 == 0 else { throw Failure(reason: "invalid double form \(u)") }
    return CompactDouble.value(ofEvenForm: u, scale: scale)
  }

  mutating func bool() throws(Failure) -> Bool {
    switch try u8() {
    case 0: false
    case 1: true
    case let other: throw Failure(reason: "invalid boolean \(other)")
    }
  }
}
