/// Settling times already computed by one animator, keyed by the exact bits of the spring, the release
/// displacement and velocity and the tolerance.
///
/// ``SpringMotion/settlingTime(epsilon:)`` bisects to the last bit (dozens of `exp` and `log` calls), and
/// an animator starts the same motions again and again: a row of controls shifted by the same distance,
/// grid columns that all change width alike, every fade-in and fade-out from rest (opacity 0 → 1 and
/// 1 → 0 on the same spring), a fold that comes back to an earlier layout. The memo returns the value the
/// computation gave for bit-identical inputs, so results are unchanged.
///
/// It is a direct-mapped table of ``capacity`` slots (a power of two): the key's bits pick one slot, a
/// miss overwrites it. The slot choice is a fixed mix of the bits (no per-process seed), though no output
/// depends on it: a hit and a miss give the same value.
///
/// The memo is a cache, not state: it takes no part in equality or hashing, so two animators with the
/// same tracks are equal whatever each has computed before.
struct SettlingMemo: Sendable, Hashable {
  private struct Key: Equatable, Sendable {
    var duration: UInt64
    var bounce: UInt64
    var displacement: UInt64
    var velocity: UInt64
    var epsilon: UInt64

    init(_ motion: SpringMotion, epsilon: Double) {
      duration = motion.spring.duration.bitPattern
      bounce = motion.spring.bounce.bitPattern
      displacement = motion.displacement.bitPattern
      velocity = motion.velocity.bitPattern
      self.epsilon = epsilon.bitPattern
    }

    /// The all-zero key of an empty slot: no spring has duration 0 (see ``Spring/minimumDuration``).
    static let empty = Key(duration: 0, bounce: 0, displacement: 0, velocity: 0, epsilon: 0)

    private init(duration: UInt64, bounce: UInt64, displacement: UInt64, velocity: UInt64, epsilon: UInt64) {
      self.duration = duration
      self.bounce = bounce
      self.displacement = displacement
      self.velocity = velocity
      self.epsilon = epsilon
    }

    /// A fixed multiplicative mix of the five bit patterns (Fibonacci hashing, Knuth TAOCP vol. 3,
    /// §6.4): deterministic across runs.
    var mixed: UInt64 {
      var hash = duration &* 0x9E37_79B9_7F4A_7C15
      hash = (hash ^ bounce) &* 0xBF58_476D_1CE4_E5B9
      hash = (hash ^ displacement) &* 0x94D0_49BB_1331_11EB
      hash = (hash ^ velocity) &* 0x9E37_79B9_7F4A_7C15
      hash = (hash ^ epsilon) &* 0xBF58_476D_1CE4_E5B9
      return hash ^ (hash >> 29)
    }
  }

  private struct Slot: Sendable {
    var key: Key
    /// The settling time in seconds; NaN when only ``nanoseconds`` is known.
    var value: Double
    /// The settling time rounded up to whole nanoseconds (``SpringMotion/settlingNanoseconds(epsilon:)``).
    var nanoseconds: Double
  }

  /// The number of slots: 0 (compute every time) or a power of two.
  let capacity: Int
  /// The slots, allocated at the first store.
  private var slots: [Slot] = []

  /// Creates an empty memo.
  ///
  /// - Parameter capacity: The number of slots, 0 (compute every time) or a power of two; default 256.
  init(capacity: Int = 256) {
    precondition(capacity >= 0 && capacity & (capacity &- 1) == 0, "capacity must be 0 or a power of two")
    self.capacity = capacity
  }

  /// `motion.settlingTime(epsilon: epsilon)`, computed once per distinct input while its slot keeps it.
  ///
  /// - Complexity: O(1), plus the computation on a miss.
  mutating func settlingTime(of motion: SpringMotion, epsilon: Double) -> Double {
    // A motion at rest settles at once: nothing to save.
    guard capacity > 0, motion.displacement != 0 || motion.velocity != 0 else {
      return motion.settlingTime(epsilon: epsilon)
    }
    let (motion, key, index) = slot(of: motion, epsilon: epsilon)
    // A slot filled with nanoseconds only (NaN seconds) is a miss here.
    if !slots.isEmpty, slots[index].key == key, !slots[index].value.isNaN { return slots[index].value }
    let value = motion.settlingTime(epsilon: epsilon)
    store(Slot(key: key, value: value, nanoseconds: (value * 1e9).rounded(.up)), at: index)
    return value
  }

  /// `(motion.settlingTime(epsilon: epsilon) × 10⁹).rounded(.up)`, the settling time in whole
  /// nanoseconds as ``AnimatedValue`` schedules its rest: computed once per distinct input while its slot
  /// keeps it, on a miss by ``SpringMotion/settlingNanoseconds(epsilon:)`` (bounds instead of the search
  /// when they decide the nanosecond).
  ///
  /// - Complexity: O(1), plus the computation on a miss.
  mutating func settlingNanoseconds(of motion: SpringMotion, epsilon: Double) -> Double {
    guard capacity > 0, motion.displacement != 0 || motion.velocity != 0 else {
      return motion.settlingNanoseconds(epsilon: epsilon)
    }
    let (motion, key, index) = slot(of: motion, epsilon: epsilon)
    if !slots.isEmpty, slots[index].key == key { return slots[index].nanoseconds }
    let nanoseconds = motion.settlingNanoseconds(epsilon: epsilon)
    store(Slot(key: key, value: .nan, nanoseconds: nanoseconds), at: index)
    return nanoseconds
  }

  /// The motion as the memo keys it, its key and its slot's index.
  ///
  /// A motion and its mirror image (−x₀, −v₀) settle at the same time to the last bit: every envelope
  /// term is an absolute value of a sum of products that all change sign exactly (see
  /// ``SpringMotion/envelopes``). So a mirrored motion is keyed, and computed, as its mirror: moves back
  /// and forth by the same distance share one entry.
  @inline(__always)
  private func slot(of motion: SpringMotion, epsilon: Double) -> (motion: SpringMotion, key: Key, index: Int)
  {
    let mirrored = motion.displacement < 0 || (motion.displacement == 0 && motion.velocity < 0)
    let motion =
      mirrored
      ? SpringMotion(spring: motion.spring, displacement: -motion.displacement, velocity: -motion.velocity)
      : motion
    let key = Key(motion, epsilon: epsilon)
    return (motion, key, Int(truncatingIfNeeded: key.mixed & UInt64(capacity - 1)))
  }

  /// Writes `slot` at `index`, allocating the slots at the first store.
  @inline(__always)
  private mutating func store(_ slot: Slot, at index: Int) {
    if slots.isEmpty {
      slots = Array(repeating: Slot(key: .empty, value: 0, nanoseconds: 0), count: capacity)
    }
    slots[index] = slot
  }

  /// Always true: a cache does not make two animators differ.
  static func == (lhs: Self, rhs: Self) -> Bool { true }

  /// Hashes nothing (see ``==(_:_:)``).
  func hash(into hasher: inout Hasher) {}
}
