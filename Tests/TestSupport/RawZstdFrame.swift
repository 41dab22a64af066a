/// A zstd frame written by hand, for tests that forge trace content no writer produces: single segment,
/// a 4-byte content size, one raw (uncompressed) last block, and the content checksum (RFC 8878 §3.1.1)
/// that FoldTrace's reader requires. No compressor is needed.
public enum RawZstdFrame {
  /// The frame holding `content` (under 128 KiB).
  public static func frame(_ content: [UInt8]) -> [UInt8] {
    precondition(content.count < 128 * 1024)
    let size = UInt32(content.count)
    let blockHeader = 1 | size << 3  // last block, type raw
    let checksum = UInt32(truncatingIfNeeded: xxh64(content))
    // Descriptor 0xA4: single segment, 4-byte content size, content checksum.
    return [0x28, 0xB5, 0x2F, 0xFD, 0xA4] + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
      + (0..<3).map { UInt8(truncatingIfNeeded: blockHeader >> (8 * $0)) } + content
      + (0..<4).map { UInt8(truncatingIfNeeded: checksum >> (8 * $0)) }
  }

  /// XXH64 of `bytes` with seed 0 (the hash zstd's content checksum keeps the low 32 bits of).
  /// - Complexity: O(n).
  public static func xxh64(_ bytes: [UInt8]) -> UInt64 {
    let p1: UInt64 = 11_400_714_785_074_694_791
    let p2: UInt64 = 14_029_467_366_897_019_727
    let p3: UInt64 = 1_609_587_929_392_839_161
    let p4: UInt64 = 9_650_029_242_287_828_579
    let p5: UInt64 = 2_870_177_450_012_600_261
    func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }
    func read64(_ i: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[i + $1]) << (8 * UInt64($1)) } }
    func read32(_ i: Int) -> UInt64 { (0..<4).reduce(0) { $0 | UInt64(bytes[i + $1]) << (8 * UInt64($1)) } }
    func round(_ acc: UInt64, _ input: UInt64) -> UInt64 { rotl(acc &+ input &* p2, 31) &* p1 }
    func merge(_ acc: UInt64, _ value: UInt64) -> UInt64 { (acc ^ round(0, value)) &* p1 &+ p4 }
    var i = 0
    var hash: UInt64
    if bytes.count >= 32 {
      var v = [p1 &+ p2, p2, 0, 0 &- p1]
      while i + 32 <= bytes.count {
        for lane in 0..<4 { v[lane] = round(v[lane], read64(i + 8 * lane)) }
        i += 32
      }
      hash = rotl(v[0], 1) &+ rotl(v[1], 7) &+ rotl(v[2], 12) &+ rotl(v[3], 18)
      for lane in 0..<4 { hash = merge(hash, v[lane]) }
    } else {
      hash = p5
    }
    hash &+= UInt64(bytes.count)
    while i + 8 <= bytes.count {
      hash = rotl(hash ^ round(0, read64(i)), 27) &* p1 &+ p4
      i += 8
    }
    if i + 4 <= bytes.count {
      hash = rotl(hash ^ (read32(i) &* p1), 23) &* p2 &+ p3
      i += 4
    }
    while i < bytes.count {
      hash = rotl(hash ^ (UInt64(bytes[i]) &* p5), 11) &* p1
      i += 1
    }
    hash ^= hash >> 33
    hash &*= p2
    hash ^= hash >> 29
    hash &*= p3
    hash ^= hash >> 32
    return hash
  }
}
