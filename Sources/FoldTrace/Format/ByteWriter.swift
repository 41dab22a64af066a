/// Appends the format's primitive values to a byte buffer: fixed-width little-endian integers, varints,
/// strings and compact doubles (<doc:TraceFormat>).
struct ByteWriter {
  /// The bytes written so far.
  var bytes: [UInt8] = []

  mutating func u8(_ value: UInt8) { bytes.append(value) }

  mutating func u16(_ value: UInt16) {
    bytes.append(UInt8(truncatingIfNeeded: value))
    bytes.append(UInt8(truncatingIfNeeded: value >> 8))
  }

  mutating func u32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
  }

  mutating func u64(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
  }

  /// Unsigned LEB128, 1 to 10 bytes.
  mutating func varint(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  mutating func string(_ value: String) {
    let utf8 = Array(value.utf8)
    varint(UInt64(utf8.count))
    bytes.append(contentsOf: utf8)
  }

  mutating func optionalString(_ value: String?) {
    guard let value else { return varint(0) }
    let utf8 = Array(value.utf8)
    varint(UInt64(utf8.count) + 1)
    bytes.append(contentsOf: utf8)
  }

  /// A double in the compact form: `n / scale` as an even varint when exact, else `1` and the raw bits.
  mutating func double(_ value: Double, scale: Double) {
    if let n = CompactDouble.numerator(of: value, scale: scale) {
      varint(CompactDouble.zigzag(n) << 1)
    } else {
      varint(1)
      u64(value.bitPattern)
    }
  }
}
