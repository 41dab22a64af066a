import Foundation

/// Something found by a string id: a scroll item, an animator's track.
protocol StringIdentified {
  /// The id.
  var id: String { get }
}

extension ScrollItem: StringIdentified {}

/// The position of each id in a list of identified values: an open-addressing table of positions,
/// probed linearly, hashed with FNV-1a over the id's UTF-8 bytes (Fowler–Noll–Vo, IETF draft
/// `draft-eastlake-fnv`).
///
/// A `[String: Int]` hashes every id with the standard library's seeded SipHash, several hundred
/// instructions for a short id; a scroll view looks ids up at every user scroll (the anchor's and the
/// selection's) and builds the index for every new scene's content, and an animator re-indexes its
/// tracks whenever elements come and go. This table hashes a short id in a few dozen instructions and
/// compares ids only on a probe's hit. Its hash is unseeded, which is fine for a table that is never
/// iterated (no output depends on its layout); ids are the app's own.
///
/// Slots hold position + 1 (0 is empty); the table is at most half full.
package struct IDIndex: Sendable, Hashable {
  /// Position + 1 per slot, 0 for an empty slot; the count is a power of two.
  private let slots: [Int32]
  /// True when no id is repeated.
  let hasUniqueIDs: Bool

  /// An index of no values.
  init() {
    slots = [Int32](repeating: 0, count: 8)
    hasUniqueIDs = true
  }

  /// Indexes `items`: each id at its first position.
  ///
  /// - Complexity: O(n) in the number of items (expected; each id hashed once).
  init<Item: StringIdentified>(_ items: [Item]) {
    precondition(items.count < Int(Int32.max) / 2, "too many items to index")
    var capacity = 8
    while capacity < 2 * items.count { capacity *= 2 }
    let mask = capacity - 1
    var slots = [Int32](repeating: 0, count: capacity)
    var hasUniqueIDs = true
    items.withUnsafeBufferPointer { items in
      for position in items.indices {
        var slot = Self.hash(items[position].id) & mask
        while slots[slot] != 0 {
          // A repeated id keeps its first position.
          if items[Int(slots[slot]) - 1].id == items[position].id {
            hasUniqueIDs = false
            break
          }
          slot = (slot + 1) & mask
        }
        if slots[slot] == 0 { slots[slot] = Int32(position + 1) }
      }
    }
    self.slots = slots
    self.hasUniqueIDs = hasUniqueIDs
  }

  /// The first position of `id` in `items` (the items this index was built from), if present.
  ///
  /// - Complexity: O(1) expected.
  func position<Item: StringIdentified>(of id: String, in items: [Item]) -> Int? {
    let mask = slots.count - 1
    var slot = Self.hash(id) & mask
    return slots.withUnsafeBufferPointer { slots in
      items.withUnsafeBufferPointer { items in
        while true {
          let entry = Int(slots[slot])
          if entry == 0 { return nil }
          if items[entry - 1].id == id { return entry - 1 }
          slot = (slot + 1) & mask
        }
      }
    }
  }

  /// FNV-1a (64-bit) over the UTF-8 bytes, folded so the low bits the mask keeps depend on all of them.
  /// Ids are compared with `==`, canonical equivalence (as a `[String: Int]` finds them), so an id with
  /// non-ASCII bytes is hashed in its NFC form, which every id equal to it shares ("e\u{301}" and "é").
  /// FoldReplay's id tables hash with it too, so that they find ids as this index does.
  ///
  /// - Complexity: O(b) in the id's UTF-8 bytes (twice that for a non-ASCII id).
  package static func hash(_ id: String) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    // The bytes' bits or-ed together: all ASCII when the high bit stays clear (one `or` per byte).
    var bits: UInt8 = 0
    let contiguous: Void? = id.utf8.withContiguousStorageIfAvailable { bytes in
      for byte in bytes {
        bits |= byte
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
    }
    if contiguous == nil {
      for byte in id.utf8 {
        bits |= byte
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
    }
    if bits >= 0x80 {
      hash = 0xcbf2_9ce4_8422_2325
      for byte in id.precomposedStringWithCanonicalMapping.utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
    }
    return Int(truncatingIfNeeded: hash ^ (hash >> 32))
  }

  /// True when `a` and `b` have the same UTF-8 bytes. `==` also equates canonically equivalent ids,
  /// whose bytes differ ("e\u{301}" and "é"); a value that keeps an id's bytes must compare them.
  ///
  /// The replay calls this for every sampled element of every tick, almost always with the same id on
  /// both sides, so two values with the same representation (the same storage, or the same bytes held
  /// inline) are recognised without reading their bytes; others are compared with `memcmp`. (Comparing
  /// `utf8` views byte by byte made the whole replay 40% slower.)
  ///
  /// - Complexity: O(1) for the same storage or differing byte counts, otherwise O(b) in the bytes.
  @inlinable
  package static func sameBytes(_ a: String, _ b: String) -> Bool {
    // Inlined into the callers' loops: an opaque call there made each caller retain and release both
    // ids around it.
    let sameRepresentation = withUnsafeBytes(of: a) { a in
      withUnsafeBytes(of: b) { b in
        a.count == b.count && a.count == 16
          && a.load(as: UInt64.self) == b.load(as: UInt64.self)
          && a.load(fromByteOffset: 8, as: UInt64.self) == b.load(fromByteOffset: 8, as: UInt64.self)
      }
    }
    return sameRepresentation || compareBytes(a, b)
  }

  /// Whether `a` and `b` have the same UTF-8 bytes, compared with `memcmp`.
  @usableFromInline
  package static func compareBytes(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    var a = a
    var b = b
    return a.withUTF8 { a in
      b.withUTF8 { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
    }
  }
}
