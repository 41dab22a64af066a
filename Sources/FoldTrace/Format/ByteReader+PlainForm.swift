/// The plain-form reads of ``ByteReader``, for the reader's fast path over the records that make up
/// nearly all of a session (scroll and hinge samples at 120 Hz; `RecordCodec`'s `scanCommonRecord`), and
/// the decoder ``ByteReader/varint()`` takes its value from.
///
/// Each read is given a position `p` and `limit`, the end of what it may consume (its record's body, or
/// the reader's end), and returns nil instead of throwing when the bytes are anything but the plain
/// form a writer writes: the caller then reads them again with the checked reads, which report every
/// failure. So a read here only has to give the same value as the checked read for what it accepts,
/// never the same failure.
///
/// Memory safety: every position handed in satisfies `p <= limit <= end <= bytes.count`; a read loads a
/// byte only at an offset below `limit`, and an eight-byte word only at an offset `o` with
/// `o + 8 <= bytes.count` (possibly past `limit`: those bytes are in the buffer too, and are masked off).
extension ByteReader {
  /// The byte at `p`, or nil at `limit`.
  @inline(__always)
  func u8(_ p: inout Int, limit: Int) -> UInt8? {
    guard p < limit else { return nil }
    defer { p &+= 1 }  // p < limit <= end: no overflow.
    return byte(at: p)
  }

  /// An unsigned LEB128 of at most eight bytes ending before `limit`; nil for a longer one (which
  /// ``varint()`` reads or refuses) or one that `limit` cuts.
  @inline(__always)
  func varint(_ p: inout Int, limit: Int) -> UInt64? {
    guard p < limit else { return nil }
    let first = byte(at: p)
    if first < 0x80 {
      p &+= 1
      return UInt64(first)
    }
    // The eight bytes at p lie in the buffer (p + 8 <= bytes.count); those past the varint are masked
    // off.
    guard bytes.count &- p >= 8 else { return nil }
    let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: p, as: UInt64.self))
    let stops = ~word & 0x8080_8080_8080_8080
    guard stops != 0 else { return nil }
    let stop = stops.trailingZeroBitCount  // 15, 23, …, 63: the high bit of the varint's last byte
    let length = (stop &+ 1) &>> 3
    guard length <= limit &- p else { return nil }
    p &+= length
    if stop < 32 {
      // Two to four bytes (time deltas, most coordinates): keep them, pack their 7-bit groups.
      let w = UInt32(truncatingIfNeeded: word) & (UInt32.max &>> UInt32(31 &- stop))
      return UInt64(
        (w & 0x7F) | ((w & 0x7F00) &>> 1) | ((w & 0x7F_0000) &>> 2) | ((w & 0x7F00_0000) &>> 3))
    }
    return Self.varintValue(word, lastHighBit: stop)
  }

  /// A double in the format's form (``ByteReader/double(scale:)``): 1 then eight raw bytes, or
  /// an even varint holding a compact numerator of `1 / scale` points.
  @inline(__always)
  func double(_ p: inout Int, limit: Int, scale: Double) -> Double? {
    guard let u = varint(&p, limit: limit) else { return nil }
    if u == 1 {
      guard limit &- p >= 8 else { return nil }
      defer { p &+= 8 }
      return Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: p, as: UInt64.self)))
    }
    guard u & 1 == 0 else { return nil }
    return CompactDouble.value(ofEvenForm: u, scale: scale)
  }

  /// The offset and length of an optional string's bytes (tag 0: none, `count` -1; n + 1: n bytes).
  @inline(__always)
  func optionalStringBytes(_ p: inout Int, limit: Int) -> (start: Int, count: Int)? {
    guard let tag = varint(&p, limit: limit) else { return nil }
    if tag == 0 { return (p, -1) }
    guard tag &- 1 <= UInt64(limit &- p) else { return nil }
    let start = p
    p &+= Int(truncatingIfNeeded: tag &- 1)
    return (start, Int(truncatingIfNeeded: tag &- 1))
  }
}
