import LayoutCore

/// The 64-bit FNV-1a hash (Fowler, Noll, Vo; https://www.ietf.org/archive/id/draft-eastlake-fnv-21.html):
/// for each byte, `hash ^= byte; hash &*= 0x100000001b3`, from the offset basis `0xcbf29ce484222325`.
///
/// Not cryptographic: it fingerprints replay output so a golden file can say "the same bytes" in 16 hex
/// digits. The hash's steps are LayoutCore's (the package's one FNV-1a, which also hashes ids); this type
/// holds the state and the replay's ways of feeding it.
public struct FNV1a64: Sendable, Hashable {
  /// The hash so far.
  public private(set) var value: UInt64 = FNV1a.offsetBasis

  /// Creates a hash of nothing (the offset basis).
  public init() {}

  /// Creates a hash whose state is `value` (a hash continued elsewhere).
  init(value: UInt64) { self.value = value }

  /// Hashes the UTF-8 bytes of `text`.
  ///
  /// - Complexity: O(n) in the byte count.
  public mutating func combine(_ text: String) { value = FNV1a.hash(text, from: value) }

  /// Hashes the 8 bytes of `value`, least significant first.
  ///
  /// - Complexity: O(1).
  public mutating func combine(_ value: Int64) {
    self.value = FNV1a.hash(UInt64(bitPattern: value), from: self.value)
  }

  /// Hashes a sampled frame: per element the FNV-1a 64 hash of its id's UTF-8 bytes (``idWord(_:)``),
  /// then the tick time (ns), the scene, the frame and target (x, y, w, h) and the opacity, each in
  /// thousandths (of a point, of full opacity, rounded half away from zero) as a 64-bit integer, each of
  /// these folded in as one word (`hash ^= UInt64(bitPattern: n); hash &*= 0x100000001b3`, FNV-1a over
  /// 64-bit words).
  ///
  /// The same numbers the `frame` JSON Lines record prints, without formatting them: frames are by far
  /// the most numerous records. One multiply per number (not one per byte); any change to one number
  /// still changes the hash (each step is a bijection of the hash). The id enters as its own hash, one word,
  /// so a replay that samples the same elements tick after tick hashes each id once (see ``FrameDigest``);
  /// any other id still changes the hash unless its 64-bit hash collides.
  ///
  /// - Complexity: O(e + b) in the sample's elements and the bytes of their ids.
  public mutating func combine(_ sample: FrameSample) {
    let time = Int64(bitPattern: sample.time)
    let scene = Int64(sample.scene.rawValue)
    // Reads each presentation in place through a slice's span (an Array's own span is newer than the
    // deployment targets): no copy of it, no retain of its id.
    let sampleElements = sample.elements[...]
    let elements = sampleElements.span
    for index in elements.indices {
      var hash = Self.mixWord(Self.idWord(elements[index].id), into: value)
      hash = Self.mixWord(time, into: hash)
      hash = Self.mixWord(scene, into: hash)
      hash = Self.mixWords(elements[index].frame, into: hash)
      hash = Self.mixWords(elements[index].target, into: hash)
      hash = Self.mixWord(Self.thousandths(elements[index].opacity), into: hash)
      value = hash
    }
  }

  /// The word an element id enters a frame hash as: the FNV-1a 64 hash of its UTF-8 bytes, from the
  /// offset basis.
  static func idWord(_ id: String) -> Int64 { Int64(bitPattern: FNV1a.hash(id)) }

  /// `hash` after `value` as one 64-bit word: FNV-1a's step with the word in place of a byte.
  @inline(__always)
  static func mixWord(_ value: Int64, into hash: UInt64) -> UInt64 {
    FNV1a.mixWord(UInt64(bitPattern: value), into: hash)
  }

  /// `hash` after the thousandths of x, y, width and height, one word each.
  @inline(__always)
  private static func mixWords(_ rect: Rect, into hash: UInt64) -> UInt64 {
    var hash = mixWord(thousandths(rect.x), into: hash)
    hash = mixWord(thousandths(rect.y), into: hash)
    hash = mixWord(thousandths(rect.width), into: hash)
    return mixWord(thousandths(rect.height), into: hash)
  }

  /// `value` × 1000 rounded, or `Int64.min` when that is not finite or does not fit.
  ///
  /// Rounds without a call into libm: the truncated integer plus one step away from zero when the
  /// fraction (exact: `scaled − trunc(scaled)` loses no bit below 2⁵³, and above it every Double is an
  /// integer) is at least one half — the same result as `rounded()`, nine times per sampled element.
  @inline(__always)
  static func thousandths(_ value: Double) -> Int64 {
    let scaled = value * 1000
    // NaN fails the comparison; ±∞ and values whose rounding would not fit in Int64 exceed it.
    guard abs(scaled) < 9e18 else { return .min }
    let whole = Int64(scaled)
    let fraction = scaled - Double(whole)
    return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
  }

  /// The hash as 16 lowercase hex digits.
  public var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
