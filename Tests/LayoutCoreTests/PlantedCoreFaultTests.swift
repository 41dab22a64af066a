import FoldSim
import Foundation
import Testing

@testable import LayoutCore

/// The parts of LayoutCore the spring and anchoring checks below judge, replaceable one at a time so a
/// planted fault breaks exactly one of them.
struct CoreUnderTest: Sendable {
  /// The displacement and velocity of `spring` released from (x₀, v₀), `t` seconds later.
  var sample: @Sendable (_ spring: Spring, _ x0: Double, _ v0: Double, _ t: Double) -> (Double, Double)
  /// The settling duration of `spring` (unit displacement from rest, ε = 0.001), in seconds.
  var settlingDuration: @Sendable (Spring) -> Double
  /// The index of the anchor item in `layout` at `offset` in `viewport`, `priority` preferred.
  var selectAnchor: @Sendable (ScrollLayout, ScrollViewport, Double, String?) -> Int?

  static let real = CoreUnderTest(
    sample: { spring, x0, v0, t in
      let motion = SpringMotion(spring: spring, displacement: x0, velocity: v0)
      return (motion.displacement(at: t), motion.velocity(at: t))
    },
    settlingDuration: { $0.settlingDuration(epsilon: 0.001) },
    selectAnchor: { ScrollAnchor.selectIndex(in: $0, viewport: $1, contentOffset: $2, priority: $3) })
}

/// A check on a ``CoreUnderTest``, with the number of cases it found wrong.
enum CoreCheck: String, CaseIterable, Sendable {
  /// Every spring sample is finite for every bounce in −1…1.
  case finiteSamples
  /// The settling duration is within 1% of the critically damped one, −(1 + W₋₁(−ε/e))/ω₀, for
  /// |bounce| ≤ 10⁻⁶.
  case settlingContinuity
  /// The anchor is CSS's: the visible priority candidate, else the first item not fully clipped.
  case anchorSelection

  func failures(of core: CoreUnderTest) -> Int {
    switch self {
    case .finiteSamples: return Self.nonFiniteSamples(core)
    case .settlingContinuity: return Self.settlingGaps(core)
    case .anchorSelection: return Self.anchorMismatches(core)
    }
  }

  private static func nonFiniteSamples(_ core: CoreUnderTest) -> Int {
    let bounces = SpringNearCriticalTests.bounces + stride(from: -1.0, through: 1.0, by: 0.125).map { $0 }
    var count = 0
    for bounce in bounces {
      let spring = Spring(duration: 0.4, bounce: bounce)
      for (x0, v0) in [(100.0, 0.0), (-50.0, 300.0), (0.0, 5000.0)] {
        for t in stride(from: 0.0, through: 2.0, by: 0.05) {
          let (x, v) = core.sample(spring, x0, v0, t)
          if !x.isFinite || !v.isFinite { count += 1 }
        }
      }
    }
    return count
  }

  private static func settlingGaps(_ core: CoreUnderTest) -> Int {
    let omega = 5 * Double.pi
    let critical = (-1 - SpringNearCriticalTests.lambertWMinus1(-0.001 / exp(1))) / omega
    let near = [1e-6, 1e-9, 1e-12, 0.1 + 0.2 - 0.3, 1e-300]
    return (near + near.map { -$0 }).count { bounce in
      !(abs(core.settlingDuration(Spring(duration: 0.4, bounce: bounce)) / critical - 1) < 0.01)
    }
  }

  private static func anchorMismatches(_ core: CoreUnderTest) -> Int {
    var random = SplitMix64(seed: 0xC55_A2C4)
    var mismatches = 0
    for _ in 0..<60 {
      let items = (0..<Int(random.next() % 120 + 1)).map {
        ScrollItem(id: "i\($0)", content: .fixed(height: random.double(in: 0...300)))
      }
      let viewport = ScrollViewport(size: Size(width: 400, height: random.double(in: 100...900)))
      let layout = ScrollLayout(items: items, viewport: viewport, configuration: ScrollConfiguration())
      for _ in 0..<10 {
        let offset = random.double(in: 0...max(1, layout.contentHeight))
        let priority = random.chance(0.3) ? random.pick(items).id : nil
        let expected = ScrollSearchEquivalenceTests.referenceAnchor(
          in: layout, viewport: viewport, offset: offset, priority: priority)
        let actual = core.selectAnchor(layout, viewport, offset, priority).map {
          ScrollAnchor(itemID: layout.items[$0].id, offsetFromViewportTop: layout.frames[$0].minY - offset)
        }
        if actual != expected { mismatches += 1 }
      }
    }
    return mismatches
  }
}

/// A LayoutCore part with a planted defect, and the check that must catch it.
struct PlantedCoreFault: Sendable, CustomTestStringConvertible {
  var name: String
  var check: CoreCheck
  var core: CoreUnderTest
  var testDescription: String { name }

  static let all: [PlantedCoreFault] = [
    PlantedCoreFault(name: "spring sampled with ζ from the rounded damping ratio", check: .finiteSamples) {
      $0.sample = PlantedCoreFault.naiveSample
    },
    PlantedCoreFault(name: "settling from the regime's own envelope only", check: .settlingContinuity) {
      $0.settlingDuration = { spring in
        let motion = SpringMotion(spring: spring, displacement: 1, velocity: 0)
        let (position, speed) = motion.envelopes
        return max(
          SpringMotion.lastCrossing(of: position, below: 0.001),
          SpringMotion.lastCrossing(of: speed, below: 0.001 * spring.angularFrequency))
      }
    },
    PlantedCoreFault(name: "anchor chosen as the first fully visible item", check: .anchorSelection) {
      $0.selectAnchor = PlantedCoreFault.fullyVisibleFirst
    },
  ]

  init(name: String, check: CoreCheck, plant: (inout CoreUnderTest) -> Void) {
    self.name = name
    self.check = check
    var core = CoreUnderTest.real
    plant(&core)
    self.core = core
  }

  /// The closed forms with ω_d = ω₀√(1 − ζ²) and d = r₂ − r₁ taken from ζ: both round to 0 when
  /// |bounce| < 2⁻⁵³, and the samples become ±∞·0 = NaN.
  static func naiveSample(_ spring: Spring, _ x0: Double, _ v0: Double, _ t: Double) -> (Double, Double) {
    let omega = spring.angularFrequency
    let zeta = spring.dampingRatio
    switch spring.regime {
    case .criticallyDamped:
      let b = v0 + omega * x0
      return ((x0 + b * t) * exp(-omega * t), (v0 - omega * b * t) * exp(-omega * t))
    case .underDamped:
      let lambda = zeta * omega
      let omegaD = omega * (1 - zeta * zeta).squareRoot()
      let b = (v0 + lambda * x0) / omegaD
      let decay = exp(-lambda * t)
      return (
        decay * (x0 * cos(omegaD * t) + b * sin(omegaD * t)),
        decay * (v0 * cos(omegaD * t) - (x0 * omegaD + lambda * b) * sin(omegaD * t))
      )
    case .overDamped:
      let root = (zeta * zeta - 1).squareRoot()
      let r1 = -omega * (zeta - root)
      let r2 = -omega * (zeta + root)
      let c2 = (v0 - r1 * x0) / (r2 - r1)
      let c1 = x0 - c2
      return (c1 * exp(r1 * t) + c2 * exp(r2 * t), r1 * c1 * exp(r1 * t) + r2 * c2 * exp(r2 * t))
    }
  }

  /// The priority candidate when visible, else the first fully visible item, else the first partially
  /// visible one: a partly scrolled-off top row is passed over.
  static func fullyVisibleFirst(
    _ layout: ScrollLayout, _ viewport: ScrollViewport, _ offset: Double, _ priority: String?
  ) -> Int? {
    let bottom = offset + viewport.visibleHeight
    func partially(_ frame: Rect) -> Bool { frame.minY < bottom && frame.maxY > offset }
    if let priority, let index = layout.index(of: priority) {
      let frame = layout.frames[index]
      if partially(frame) || (frame.minY >= offset && frame.maxY <= bottom) { return index }
    }
    return layout.frames.firstIndex { $0.minY >= offset && $0.maxY <= bottom }
      ?? layout.frames.firstIndex(where: partially)
  }
}

/// Proves the spring and anchoring checks have power: the real core passes each, and each planted fault
/// fails exactly the check that names its defect.
@Suite struct PlantedCoreFaultTests {
  @Test func theRealCorePassesEveryCheck() {
    for check in CoreCheck.allCases {
      #expect(check.failures(of: .real) == 0, "\(check)")
    }
  }

  @Test(arguments: PlantedCoreFault.all)
  func faultFailsExactlyItsOwnCheck(_ fault: PlantedCoreFault) {
    let failed = Set(CoreCheck.allCases.filter { $0.failures(of: fault.core) > 0 })
    #expect(failed == [fault.check])
  }
}
