/// The 64-bit FNV-1a hash (Fowler, Noll, Vo; https://www.ietf.org/archive/id/draft-eastlake-fnv-21.html):
/// for each byte, `hash ^= byte; hash &*= 0x100000001b3`, from the offset basis `0xcbf29ce484222325`.
///
/// Not cryptographic: it fingerprints replay output so a golden file can say "the same bytes" in 16 hex
/// digits.
public struct FNV1a64: Sendable, Hashable {
  /// The hash so far.
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Creates a hash of nothing (the offset basis).
  public init() {}

  /// Hashes the UTF-8 bytes of `text`.
  ///
  /// - Complexity: O(n) in the byte count.
  public mutating func combine(_ text: String) {
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value &*= 0x100_0000_01b3
    }
  }

  /// The hash as 16 lowercase hex digits.
  public var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
