/// Settling times already computed during one ``PlanAnimator/update(to:context:at:)``, keyed by the exact
/// bits of the spring, the release displacement and velocity and the tolerance.
///
/// ``SpringMotion/settlingTime(epsilon:)`` bisects to the last bit (about a hundred `exp` calls), and a
/// relayout often starts many channels on the very same motion: a row of controls shifted by the same
/// distance, grid columns that all change width alike. The memo returns the value the computation gave
/// for bit-identical inputs, so results are unchanged. It lives only for one update and holds at most
/// ``capacity`` entries.
struct SettlingMemo {
  private struct Key: Equatable {
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
  }

  /// The most entries kept (a linear search stays cheaper than one bisection).
  let capacity: Int
  private var keys: [Key] = []
  private var values: [Double] = []

  /// Creates an empty memo.
  ///
  /// - Parameter capacity: The most entries kept; 0 computes every time.
  init(capacity: Int = 64) { self.capacity = capacity }

  /// `motion.settlingTime(epsilon: epsilon)`, computed once per distinct input.
  ///
  /// - Complexity: O(``capacity``) comparisons, plus the computation on a miss.
  mutating func settlingTime(of motion: SpringMotion, epsilon: Double) -> Double {
    // A motion at rest settles at once after one evaluation: nothing to save.
    guard capacity > 0, motion.displacement != 0 || motion.velocity != 0 else {
      return motion.settlingTime(epsilon: epsilon)
    }
    let key = Key(motion, epsilon: epsilon)
    if let index = keys.firstIndex(of: key) { return values[index] }
    let value = motion.settlingTime(epsilon: epsilon)
    if keys.count < capacity {
      keys.append(key)
      values.append(value)
    }
    return value
  }
}
