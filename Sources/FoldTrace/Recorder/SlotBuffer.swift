/// A fixed number of slots in memory allocated once, filled from the front: the recorder's event buffer.
///
/// An `Array` checks on every `append` that its storage is unique and has room, and copies the element
/// through its value witness; a ``SessionRecorder`` knows both already (the buffer is its own, and it
/// counts the room itself), so it writes the event into the next slot, or moves it there bitwise.
///
/// **Memory safety.** The type is noncopyable, so exactly one value owns the allocation, and it is
/// released exactly once, in `deinit`. Slots `0..<count` are initialized, the rest are not:
/// ``append(_:)`` and ``moveAppend(from:)`` initialize slot `count` after checking it is below
/// `capacity` (a precondition, so a bug traps instead of writing past the allocation), and
/// ``removeAll()`` and `deinit` deinitialize exactly `0..<count`, releasing what the elements reference
/// (an event's strings and region lists). Elements are read only through borrows that end before any
/// mutation (``subscript(_:)``, ``withElements(_:)``), so no pointer into the slots escapes.
struct SlotBuffer<Element>: ~Copyable {
  private let base: UnsafeMutablePointer<Element>
  /// The number of slots.
  let capacity: Int
  /// The number of initialized slots, from the front.
  private(set) var count = 0

  /// Allocates `capacity` uninitialized slots.
  ///
  /// - Parameter capacity: At least 1.
  init(capacity: Int) {
    precondition(capacity > 0, "a slot buffer needs at least one slot")
    self.capacity = capacity
    self.base = .allocate(capacity: capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  var isEmpty: Bool { count == 0 }

  /// Whether every slot is initialized.
  var isFull: Bool { count == capacity }

  /// Initializes the next slot with an element.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  mutating func append(_ element: consuming Element) {
    precondition(count < capacity, "slot buffer overflow")
    (base + count).initialize(to: element)
    count += 1
  }

  /// Moves the element at `source` into the next slot, bitwise: nothing is retained or released.
  ///
  /// - Parameter source: An initialized element, left uninitialized: the caller must initialize or
  ///   forget it before anything else reads or destroys it.
  /// - Complexity: O(1).
  @inline(__always)
  mutating func moveAppend(from source: UnsafeMutablePointer<Element>) {
    precondition(count < capacity, "slot buffer overflow")
    (base + count).moveInitialize(from: source, count: 1)
    count += 1
  }

  /// The element in an initialized slot.
  ///
  /// - Parameter index: In `0..<count`.
  subscript(index: Int) -> Element {
    @inline(__always) unsafeAddress {
      precondition(index >= 0 && index < count, "slot index out of range")
      return UnsafePointer(base + index)
    }
  }

  /// Calls `body` with the initialized slots; the buffer pointer must not escape it.
  func withElements<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
    try body(UnsafeBufferPointer(start: base, count: count))
  }

  /// Deinitializes every element (releasing what they reference) and keeps the slots.
  ///
  /// - Complexity: O(n).
  mutating func removeAll() {
    base.deinitialize(count: count)
    count = 0
  }
}

// Unchecked because of the pointer, and sound: the buffer is noncopyable and the pointer never escapes
// it, so a value sent to another thread takes the only access to the slots with it, and the elements
// themselves are `Sendable`. (The recorder keeps one buffer in its mutex and one on its writer queue,
// and swaps them under the lock.)
extension SlotBuffer: @unchecked Sendable where Element: Sendable {}
