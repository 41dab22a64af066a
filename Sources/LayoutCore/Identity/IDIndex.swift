import Foundation

/// Something found by a string id: a scroll item, an animator's track, a check's track.
package protocol StringIdentified {
  /// The id.
  var id: String { get }
}

extension ScrollItem: StringIdentified {}

/// The position of each id among the first ``count`` values of a list: an open-addressing table of
/// positions, probed linearly, hashed with FNV-1a (``FNV1a``) over the id's UTF-8 bytes, in NFC form when
/// it has non-ASCII bytes, so that every id `==` to it is found.
///
/// A `[String: Int]` hashes every id with the standard library's seeded SipHash, several hundred
/// instructions for a short id; a scroll view looks ids up at every user scroll (the anchor's and the
/// selection's) and builds the index for every new scene's content, an animator re-indexes its tracks
/// whenever elements come and go, and the replay's motion check finds each sampled element's track. This
/// table hashes a short id in a few dozen instructions and compares ids only on a probe's hit. Its hash is
/// unseeded, which is fine for a table that is never iterated (no output depends on its layout); ids are
/// the app's own.
///
/// Values appended to the list after the index was built are not in the table: a lookup searches them by
/// comparing ids, and ``rebuild(_:)`` takes them in.
///
/// Invariants: the slot count is a power of two, or 0 when no value is indexed; an empty slot holds 0,
/// any other one a position below ``count`` plus one; the table is at most half full.
package struct IDIndex: Sendable, Hashable {
  /// Position + 1 per slot, 0 for an empty slot.
  private var slots: ContiguousArray<Int32> = []
  /// How many values of the list the index holds (the first ones).
  package private(set) var count = 0
  /// True when no id among the indexed values is repeated.
  package private(set) var hasUniqueIDs = true

  /// An index of no values.
  package init() {}

  /// Indexes `items`: each id at its first position.
  ///
  /// - Complexity: O(n) in the number of items (expected; each id hashed once).
  package init<Item: StringIdentified>(_ items: [Item]) {
    let items = items[...]
    rebuild(items.span)
  }

  /// Indexes every value of `items` (replacing what the index held), each id at its first position.
  ///
  /// - Complexity: O(n) in the number of items (expected; each id hashed once).
  package mutating func rebuild<Item: StringIdentified>(_ items: Span<Item>) {
    precondition(items.count < Int(Int32.max) / 2, "too many items to index")
    guard !items.isEmpty else {
      self = IDIndex()
      return
    }
    var capacity = 8
    while capacity < 2 * items.count { capacity *= 2 }
    let mask = capacity - 1
    var slots = ContiguousArray<Int32>(repeating: 0, count: capacity)
    var hasUniqueIDs = true
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
    self.slots = slots
    self.count = items.count
    self.hasUniqueIDs = hasUniqueIDs
  }

  /// The first position of `id` in `items` (the list this index was built from, perhaps since grown):
  /// looked up among the indexed values, then searched among those appended since.
  ///
  /// - Complexity: O(1) expected, plus O(a) id comparisons for a values appended since the index was
  ///   built.
  package func position<Item: StringIdentified>(of id: String, in items: Span<Item>) -> Int? {
    if count > 0 {
      let slots = self.slots.span
      let mask = slots.count - 1
      var slot = Self.hash(id) & mask
      while true {
        let entry = Int(slots[slot])
        if entry == 0 { break }
        if items[entry - 1].id == id { return entry - 1 }
        slot = (slot + 1) & mask
      }
    }
    var position = count
    while position < items.count {
      if items[position].id == id { return position }
      position += 1
    }
    return nil
  }

  /// The first position of `id` in `items` (the list this index was built from, perhaps since grown).
  ///
  /// - Complexity: O(1) expected, plus O(a) for a values appended since the index was built.
  package func position<Item: StringIdentified>(of id: String, in items: [Item]) -> Int? {
    let items = items[...]
    return position(of: id, in: items.span)
  }

  /// FNV-1a (64-bit) over the UTF-8 bytes, folded so the low bits the mask keeps depend on all of them.
  /// Ids are compared with `==`, canonical equivalence (as a `[String: Int]` finds them), so an id with
  /// non-ASCII bytes is hashed in its NFC form, which every id equal to it shares ("e\u{301}" and "é").
  ///
  /// - Complexity: O(b) in the id's UTF-8 bytes (twice that for a non-ASCII id).
  package static func hash(_ id: String) -> Int {
    var hash = FNV1a.offsetBasis
    // The bytes' bits or-ed together: all ASCII when the high bit stays clear (one `or` per byte).
    var bits: UInt8 = 0
    for byte in id.utf8 {
      bits |= byte
      hash = FNV1a.step(hash, byte)
    }
    if bits >= 0x80 { hash = FNV1a.hash(id.precomposedStringWithCanonicalMapping) }
    return Int(truncatingIfNeeded: hash ^ (hash >> 32))
  }

  /// True when `a` and `b` have the same UTF-8 bytes. `==` also equates canonically equivalent ids,
  /// whose bytes differ ("e\u{301}" and "é"); a value that keeps an id's bytes must compare them.
  ///
  /// The replay calls this for every sampled element of every tick, almost always with the same id on
  /// both sides: two views of the same storage (or the same small string) are recognised without
  /// reading their bytes, by `String._isIdentical(to:)`, which is emitted into the client and so is
  /// available at every deployment target.
  ///
  /// - Complexity: O(1) for the same storage or differing byte counts, otherwise O(b) in the bytes.
  @inlinable
  package static func sameBytes(_ a: String, _ b: String) -> Bool {
    if a._isIdentical(to: b) { return true }
    guard a.utf8.count == b.utf8.count else { return false }
    return a.utf8.elementsEqual(b.utf8)
  }
}
