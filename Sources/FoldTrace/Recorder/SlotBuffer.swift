import Synchronization

/// A fixed number of slots in memory allocated once, filled from the front: the recorder's event buffer.
///
/// An `Array` checks on every `append` that its storage is unique and has room, and copies the element
/// through its value witness; a ``SessionRecorder`` knows both already (the buffer is its own, and it
/// counts the room itself), so it writes the event into the next slot, or moves it there bitwise.
///
/// A slot can also be taken under the recorder's lock and filled after it (``reserve()``,
/// ``Reservation/fill(_:)``): the 120-byte store then happens outside the locked section. Each
/// slot has a flag that its filling sets with release ordering, and the reading side, which takes the
/// buffer under the same lock, waits for the flags of every slot it reads (``waitUntilFilled()``).
///
/// **Memory safety.** The type is noncopyable, so exactly one value owns the allocations, and they are
/// released exactly once, in `deinit`. Slots `0..<count` are taken: each is initialized, or reserved and
/// about to be filled by the thread that reserved it, which sets its flag after the element's stores.
/// Slots from `count` on are uninitialized with their flags clear. ``append(_:)`` and ``reserve()``
/// take slot `count` after checking it is below `capacity` (a precondition, so a bug traps instead of
/// writing past the allocation). Elements are read (``subscript(_:)``, ``withElements(_:)``) and
/// deinitialized (``removeAll()``, `deinit`) only after ``waitUntilFilled()`` saw every flag of
/// `0..<count` set (the acquiring load orders the element's stores before the read), through borrows
/// that end before any mutation, so no pointer into the slots escapes but a ``Reservation``'s.
/// A reservation's pointers stay valid while the buffer value lives, wherever it is moved (the
/// allocations never move), and the ``SessionRecorder`` that reserves keeps its buffers alive for as
/// long as a call that holds one runs; every reservation is filled, on every path, right after the
/// lock is released.
struct SlotBuffer<Element>: ~Copyable {
  private let base: UnsafeMutablePointer<Element>
  /// One flag per slot: set once the slot's element is stored.
  private let filled: UnsafeMutablePointer<Atomic<Bool>>
  /// The number of slots.
  let capacity: Int
  /// The number of taken slots (initialized or reserved), from the front.
  private(set) var count = 0

  /// Allocates `capacity` uninitialized slots.
  ///
  /// - Parameter capacity: At least 1.
  init(capacity: Int) {
    precondition(capacity > 0, "a slot buffer needs at least one slot")
    self.capacity = capacity
    self.base = .allocate(capacity: capacity)
    self.filled = .allocate(capacity: capacity)
    for index in 0..<capacity { (filled + index).initialize(to: Atomic(false)) }
  }

  deinit {
    // No call holds a reservation when the buffer goes (its recorder is alive while one does).
    for index in 0..<count {
      precondition(filled[index].load(ordering: .acquiring), "a reserved slot was never filled")
    }
    base.deinitialize(count: count)
    base.deallocate()
    filled.deinitialize(count: capacity)
    filled.deallocate()
  }

  var isEmpty: Bool { count == 0 }

  /// Whether every slot is initialized.
  var isFull: Bool { count == capacity }

  /// Initializes the next slot with an element.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  mutating func append(_ element: consuming Element) {
    reserve().fill(element)
  }

  /// The next slot, taken for an element to be stored by ``Reservation/fill(_:)``.
  ///
  /// - Returns: The slot; the caller must fill it, once, before it does anything that could wait for
  ///   this buffer's reader (the reader waits for it).
  /// - Complexity: O(1).
  @inline(__always)
  mutating func reserve() -> Reservation {
    precondition(count < capacity, "slot buffer overflow")
    defer { count += 1 }
    return Reservation(slot: base + count, flag: filled + count)
  }

  /// A slot taken by ``reserve()``, to be filled exactly once.
  ///
  /// Unchecked `Sendable` so that it can leave the locked section that reserved it; sound, since only
  /// the thread that reserved the slot touches it until the flag is set, and readers wait for the flag.
  struct Reservation: @unchecked Sendable {
    fileprivate let slot: UnsafeMutablePointer<Element>
    fileprivate let flag: UnsafeMutablePointer<Atomic<Bool>>

    /// Stores the element in the slot, then sets the slot's flag with release ordering.
    ///
    /// - Parameter element: Moved in: a value at its last use is not copied (no retain).
    /// - Complexity: O(1).
    @inline(__always)
    func fill(_ element: consuming Element) {
      slot.initialize(to: element)
      flag.pointee.store(true, ordering: .releasing)
    }
  }

  /// Waits until every taken slot is filled: a reservation is filled within nanoseconds of the lock's
  /// release, unless its thread was preempted in between, so this spins briefly, then yields.
  ///
  /// - Complexity: O(count) when every slot is filled.
  func waitUntilFilled() {
    for index in 0..<count {
      var spins = 0
      while !filled[index].load(ordering: .acquiring) {
        spins += 1
        if spins > 100 { yieldThread() }
      }
    }
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
  /// Call ``waitUntilFilled()`` first when slots may have been reserved since the buffer was taken.
  ///
  /// - Complexity: O(n).
  mutating func removeAll() {
    base.deinitialize(count: count)
    for index in 0..<count { filled[index].store(false, ordering: .relaxed) }
    count = 0
  }
}

// Unchecked because of the pointers, and sound: the buffer is noncopyable and its pointers escape it
// only in a `Reservation`, whose slot no one else touches before its flag is set; so a value sent to
// another thread takes the only other access to the slots with it, and the elements themselves are
// `Sendable`. (The recorder keeps one buffer in its mutex and one on its writer queue, and swaps them
// under the lock.)
extension SlotBuffer: @unchecked Sendable where Element: Sendable {}
