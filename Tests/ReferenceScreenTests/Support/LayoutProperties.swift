import LayoutCore
import ReferenceScreen
import TestSupport

/// The layout properties the issue asks for, as functions that return the first counterexample, so the
/// same code checks the real policy (expecting none) and deliberately broken ones (expecting one).
enum LayoutProperties {
  /// A property that failed: which context, and why.
  struct Counterexample: CustomStringConvertible {
    var index: Int
    var context: LayoutContext
    var reason: String
    var description: String { "context #\(index): \(reason)\n  \(context)" }
  }

  /// Per-plan invariants (``LayoutPlan/violations(in:)``: reserved regions, safe area, pane overlap,
  /// reachable actions, flags) over `count` random contexts.
  static func invariants(_ policy: some LayoutPolicy, seed: UInt64, count: Int) -> Counterexample? {
    var gen = ContextGenerator(seed: seed)
    for i in 0..<count {
      let context = gen.next()
      let found = policy.plan(for: context).violations(in: context, vocabulary: .referenceScreen)
      if let first = found.first { return Counterexample(index: i, context: context, reason: "\(first)") }
    }
    return nil
  }

  /// The action set is identical across all five shapes (hence all three presentations).
  static func sameActions(_ policy: some LayoutPolicy, seed: UInt64, count: Int) -> Counterexample? {
    var gen = ContextGenerator(seed: seed)
    for i in 0..<count {
      let context = gen.next()
      let sets = LayoutShape.allCases.map { shape -> [String] in
        let plan = policy.plan(for: context.with(shape: shape))
        return plan.actions
      }
      if Set(sets.map { $0 }).count != 1 {
        return Counterexample(index: i, context: context, reason: "action sets differ: \(sets)")
      }
    }
    return nil
  }

  /// The column count never decreases as the width grows: each random context is swept from 320 pt to
  /// 1600 pt in 16 pt steps with everything else fixed (folds removed, so the only even-count effect is
  /// `canFold`, which the sweep keeps constant).
  static func columnsMonotone(_ policy: some LayoutPolicy, seed: UInt64, count: Int) -> Counterexample? {
    var gen = ContextGenerator(seed: seed)
    for i in 0..<count {
      var base = gen.next()
      base.activeDivisions = []
      base.occlusions = []
      var previous: (width: Double, columns: Int, shape: LayoutShape)?
      for step in 0...80 {
        let context = base.with(width: 320 + Double(step) * 16)
        let columns = policy.plan(for: context).columns
        if let p = previous, p.shape == context.shape, columns < p.columns {
          return Counterexample(
            index: i, context: context,
            reason:
              "columns fell from \(p.columns) at \(p.width) pt to \(columns) at \(context.size.width) pt")
        }
        previous = (context.size.width, columns, context.shape)
      }
    }
    return nil
  }
}
