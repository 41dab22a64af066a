import LayoutCore
import ReferenceScreen
import TestSupport
import Testing

/// Seeded property tests over random contexts (see ``ContextGenerator`` for the domain). Each runs a
/// fixed seed, so a failure reproduces exactly; the counterexample names the context.
@Suite struct LayoutPropertyTests {
  static let seeds: [UInt64] = [1, 0xF01D, 0x5EED_CAFE]
  let policy = ReferenceScreenLayout()

  @Test(arguments: seeds)
  func everyPlanKeepsItsInvariants(seed: UInt64) {
    // No interactive element in an active reserved region, everything in the safe area, panes disjoint,
    // every action reachable.
    let found = LayoutProperties.invariants(policy, seed: seed, count: 1500)
    #expect(found == nil, "\(found.map(String.init(describing:)) ?? "")")
  }

  @Test(arguments: seeds)
  func actionSetIsIdenticalAcrossPresentations(seed: UInt64) {
    let found = LayoutProperties.sameActions(policy, seed: seed, count: 300)
    #expect(found == nil, "\(found.map(String.init(describing:)) ?? "")")
  }

  @Test(arguments: seeds)
  func columnCountNeverDecreasesAsWidthGrows(seed: UInt64) {
    let found = LayoutProperties.columnsMonotone(policy, seed: seed, count: 60)
    #expect(found == nil, "\(found.map(String.init(describing:)) ?? "")")
  }

  @Test func generatorCoversTheCasesThatMatter() {
    // The properties only have power if the domain contains folds, occlusions, vertical bars, RTL and
    // accessibility sizes, and the policy's rules fire on it: count them over one seed.
    var gen = ContextGenerator(seed: 1)
    var folded = 0
    var occluded = 0
    var vertical = 0
    var rtl = 0
    var accessibility = 0
    var displaced = 0
    var overflowed = 0
    for _ in 0..<1500 {
      let c = gen.next()
      folded += c.isFolded ? 1 : 0
      occluded += c.occlusions.isEmpty ? 0 : 1
      vertical += c.toolbarVerticalEdge == nil ? 0 : 1
      rtl += c.layoutDirection == .rightToLeft ? 1 : 0
      accessibility += c.dynamicTypeSize.isAccessibilitySize ? 1 : 0
      let plan = policy.plan(for: c)
      var unobstructed = c
      unobstructed.occlusions = []
      unobstructed.activeDivisions = []
      if policy.plan(for: unobstructed).element("toolbar")?.frame != plan.element("toolbar")?.frame {
        displaced += 1
      }
      overflowed += plan.overflow.isEmpty ? 0 : 1
    }
    #expect(folded > 300 && occluded > 500 && vertical > 800 && rtl > 600 && accessibility > 500)
    #expect(displaced > 100, "displacement fired \(displaced) times")
    #expect(overflowed > 100, "overflow fired \(overflowed) times")
  }
}
