import FoldSim
import TestSupport
import Testing

@testable import LayoutCore

/// `PlanAnimator.update(to:context:at:)` updates the tracks where they stand when the plan names the
/// first tracks in order, and rebuilds them otherwise; both paths, and the settling-time memo the
/// animator keeps across updates, must give the same animation to the last bit.
@Suite struct AnimatorUpdatePathTests {
  static let ids = ["bar", "list", "detail", "inspector", "toolbar", "badge"]

  /// A plan of some of ``ids``: mostly the same elements in the same order (the in-place path), at
  /// times a reordering, an element gone or back.
  static func plan(_ random: inout SplitMix64, previous: [String]) -> LayoutPlan {
    var names = previous.isEmpty ? Array(ids.prefix(4)) : previous
    if random.chance(0.15) { names.shuffle(using: &random) }
    if random.chance(0.1), names.count > 1 { names.removeLast() }
    if random.chance(0.1), let missing = ids.first(where: { !names.contains($0) }) { names.append(missing) }
    let elements = names.map { id in
      LayoutElement(
        id: id,
        frame: Rect(
          x: random.pick([0, 120, 300.5]), y: random.pick([0, 44, 60]),
          width: random.pick([300, 420.25, 700]), height: random.pick([800, 756])))
    }
    return LayoutPlan(shape: .regularWide, presentation: .split, columns: 2, elements: elements, actions: [])
  }

  @Test(arguments: [1, 2, 3, 4])
  func inPlaceUpdatesEqualRebuiltOnesBitForBit(seed: UInt64) {
    var random = SplitMix64(seed: 0xA11_0CA7E &+ seed)
    var inPlace = PlanAnimator()
    var rebuilt = PlanAnimator()
    rebuilt.updatesInPlace = false
    var time: UInt64 = 0
    var names: [String] = []
    var compared = 0
    var differences = 0
    for _ in 0..<300 {
      let plan = Self.plan(&random, previous: names)
      names = plan.elements.map(\.id)
      let context = LayoutContext(
        shape: .regularWide, size: Size(width: random.pick([1000, 1010, 1180]), height: 800),
        reduceMotion: random.chance(0.1), isInteractivelyResizing: random.chance(0.3))
      inPlace.update(to: plan, context: context, at: time)
      rebuilt.update(to: plan, context: context, at: time)
      for _ in 0..<3 {
        time += random.pick([0, 8_333_333, 50_000_000, 400_000_000])
        let a = inPlace.presentations(at: time)
        let b = rebuilt.presentations(at: time)
        compared += 1
        if a != b || inPlace.isSettled(at: time) != rebuilt.isSettled(at: time) { differences += 1 }
      }
    }
    rebuilt.updatesInPlace = true
    #expect(compared == 900)
    #expect(differences == 0)
    #expect(inPlace == rebuilt)
  }

  @Test func aRepeatedIDIsTakenOnceWhetherNewOrKnown() {
    var animator = PlanAnimator()
    let context = LayoutContext(shape: .regularWide, size: Size(width: 1000, height: 800))
    func plan(_ ids: [String]) -> LayoutPlan {
      LayoutPlan(
        shape: .regularWide, presentation: .split, columns: 2,
        elements: ids.enumerated().map {
          LayoutElement(id: $1, frame: Rect(x: Double($0) * 10, y: 0, width: 5, height: 5))
        },
        actions: [])
    }
    animator.update(to: plan(["list", "list", "bar"]), context: context, at: 0)
    #expect(animator.presentations(at: 0).map(\.id) == ["list", "bar"])
    // "new" is new and repeated; "list" is known and repeated: each once, the first frame kept.
    animator.update(to: plan(["new", "list", "new", "list", "bar"]), context: context, at: 1_000_000)
    #expect(animator.presentations(at: 1_000_000).map(\.id) == ["new", "list", "bar"])
    #expect(animator.presentation(of: "new", at: 1_000_000)?.frame.x == 0)
  }

  @Test func aMemoSmallerThanItsMotionsStillGivesComputedTimes() {
    // Four slots for 200 distinct motions: most lookups land on a slot another motion holds.
    var memo = SettlingMemo(capacity: 4)
    var random = SplitMix64(seed: 0x5107)
    var differences = 0
    for _ in 0..<400 {
      let motion = SpringMotion(
        spring: Spring(duration: random.pick([0.25, 0.4]), bounce: random.pick([0, 0.3, -0.4])),
        displacement: random.pick([0, 1, -1, 12.5, -80, 300, 0.25]),
        velocity: random.pick([0, 150, -900, 3.5]))
      let epsilon = random.pick([0.001, 0.0001])
      let expected = motion.settlingTime(epsilon: epsilon)
      if memo.settlingTime(of: motion, epsilon: epsilon).bitPattern != expected.bitPattern {
        differences += 1
      }
    }
    #expect(differences == 0)
  }

  @Test(arguments: [-0.6, 0, 0.4])
  func aMirroredMotionSettlesAtTheSameTimeToTheLastBit(bounce: Double) {
    // The memo keeps one entry for (x₀, v₀) and (−x₀, −v₀); the two must settle alike, signed zeros too.
    var random = SplitMix64(seed: 0x313_3404 &+ UInt64(bitPattern: Int64(bounce * 10)))
    var differences = 0
    for _ in 0..<600 {
      let spring = Spring(duration: random.double(in: 0.05...1.5), bounce: bounce)
      let x0 = random.pick([0, -0.0, random.double(in: -900...900), random.double(in: -1...1)])
      let v0 = random.pick([0, -0.0, random.double(in: -6000...6000)])
      let epsilon = random.pick([0.001, 0.0001, 0.5])
      let motion = SpringMotion(spring: spring, displacement: x0, velocity: v0)
      let mirror = SpringMotion(spring: spring, displacement: -x0, velocity: -v0)
      if motion.settlingTime(epsilon: epsilon).bitPattern != mirror.settlingTime(epsilon: epsilon).bitPattern
      {
        differences += 1
      }
    }
    #expect(differences == 0)
  }

  @Test func theMemoTakesNoPartInEquality() {
    var used = SettlingMemo()
    _ = used.settlingTime(of: SpringMotion(spring: .reflow, displacement: 300, velocity: 0), epsilon: 0.001)
    #expect(used == SettlingMemo())
    #expect(used.hashValue == SettlingMemo().hashValue)
  }
}
