import LayoutCore

/// Something a check finds by its string id (a motion track).
protocol StringKeyed {
  /// The id.
  var id: String { get }
}

/// The position of each id among the first ``count`` values of a list: an open-addressing table of
/// positions, probed linearly, hashed as LayoutCore's scroll layouts and animator hash ids: FNV-1a 64
/// over the id's UTF-8 bytes, in NFC form when it has non-ASCII bytes, so that every id `==` to it is
/// found (Fowler–Noll–Vo, IETF draft `draft-eastlake-fnv`).
///
/// The motion check adds the tracks of a retarget's new elements and looks up elements whose place in a
/// sample moved: a short id hashes in a few dozen instructions (a `[String: Int]` would run the seeded
/// SipHash, several hundred), and ids are compared only on a probe's hit. The hash is unseeded, which is
/// fine for a table that is never iterated (no output depends on its layout).
///
/// The list is any random-access collection indexed from 0 (an array, its span's owner, a buffer).
///
/// Values appended to the list after the table was built are not in it: ``position(of:in:)`` looks
/// for them by comparing ids, and ``rebuild(_:)`` takes them in. Slots hold position + 1 (0 is empty);
/// the table is at most half full. An empty table holds no storage.
struct IDTable {
  /// Position + 1 per slot, 0 for an empty slot; the count is a power of two (or 0 for no values).
  private var slots: [Int32] = []
  /// How many values of the list the table indexes (the first ones).
  private(set) var count = 0

  /// Indexes every value of `values`, each id at its first position.
  ///
  /// - Complexity: O(n) in the number of values (expected; each id hashed once).
  mutating func rebuild<Values: RandomAccessCollection>(_ values: Values)
  where Values.Element: StringKeyed, Values.Index == Int {
    precondition(values.count < Int(Int32.max) / 2, "too many values to index")
    var capacity = 8
    while capacity < 2 * values.count { capacity *= 2 }
    let mask = capacity - 1
    var slots = [Int32](repeating: 0, count: capacity)
    for position in 0..<values.count {
      var slot = Self.slot(of: values[position].id, mask: mask)
      while slots[slot] != 0 {
        // A repeated id keeps its first position.
        if values[Int(slots[slot]) - 1].id == values[position].id { break }
        slot = (slot + 1) & mask
      }
      if slots[slot] == 0 { slots[slot] = Int32(position + 1) }
    }
    self.slots = slots
    count = values.count
  }

  /// The first position of `id` in `values` (the list this table was built from, perhaps since grown):
  /// looked up among the indexed values, then searched among those appended since.
  ///
  /// - Complexity: O(1) expected, plus O(a) id comparisons for a values appended since the last
  ///   ``rebuild(_:)``.
  func position<Values: RandomAccessCollection>(of id: String, in values: Values) -> Int?
  where Values.Element: StringKeyed, Values.Index == Int {
    if count > 0 {
      let mask = slots.count - 1
      var slot = Self.slot(of: id, mask: mask)
      let slots = self.slots.span
      while true {
        let entry = Int(slots[slot])
        if entry == 0 { break }
        if values[entry - 1].id == id { return entry - 1 }
        slot = (slot + 1) & mask
      }
    }
    for position in count..<values.count where values[position].id == id { return position }
    return nil
  }

  /// The first slot probed for `id`.
  private static func slot(of id: String, mask: Int) -> Int { IDIndex.hash(id) & mask }
}
