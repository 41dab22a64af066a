/// The 64-bit FNV-1a hash (Fowler, Noll, Vo; IETF draft `draft-eastlake-fnv`): from the offset basis
/// `0xcbf29ce484222325`, for each byte `hash ^= byte; hash &*= 0x100000001b3`.
///
/// The one implementation of the hash in the package: LayoutCore's id index hashes ids with it, and the
/// replay's digest (FoldReplay's `FNV1a64`) fingerprints output with it. Not cryptographic; unseeded, so
/// the same bytes hash the same in every process. Public and inlinable so that the replay's per-sample
/// digest inlines its steps (a `package` function is not inlined across modules).
public enum FNV1a {
  /// The offset basis: the hash of no bytes.
  @inlinable public static var offsetBasis: UInt64 { 0xcbf2_9ce4_8422_2325 }
  /// The 64-bit FNV prime.
  @inlinable public static var prime: UInt64 { 0x100_0000_01b3 }

  /// `hash` after one more byte.
  @inlinable @inline(__always)
  public static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* prime }

  /// `hash` after `bytes`, in order.
  ///
  /// - Complexity: O(b) in the byte count.
  @inlinable @inline(__always)
  public static func hash(_ bytes: Span<UInt8>, from hash: UInt64 = offsetBasis) -> UInt64 {
    var hash = hash
    for index in bytes.indices { hash = step(hash, bytes[index]) }
    return hash
  }

  /// `hash` after the UTF-8 bytes of `text`.
  ///
  /// - Complexity: O(b) in the byte count.
  @inlinable @inline(__always)
  public static func hash(_ text: String, from hash: UInt64 = offsetBasis) -> UInt64 {
    var hash = hash
    for byte in text.utf8 { hash = step(hash, byte) }
    return hash
  }

  /// `hash` after the 8 bytes of `value`, least significant first.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public static func hash(_ value: UInt64, from hash: UInt64 = offsetBasis) -> UInt64 {
    var hash = hash
    for shift in stride(from: 0 as UInt64, to: 64, by: 8) {
      hash = step(hash, UInt8(truncatingIfNeeded: value >> shift))
    }
    return hash
  }

  /// `hash` after `word` as one unit: FNV-1a's step with a 64-bit word in place of a byte (one multiply
  /// per word; still a bijection of the hash, so any change to the word changes it).
  @inlinable @inline(__always)
  public static func mixWord(_ word: UInt64, into hash: UInt64) -> UInt64 { (hash ^ word) &* prime }
}
