import LayoutCore
import ReferenceScreen
import Testing

/// Proof that the property tests have power: each runs them against a deliberately broken policy and
/// expects a counterexample. If one of these passes without finding one, the property is too weak.
@Suite struct LayoutPropertyPowerTests {
  /// Plans as if no occlusion were active (the camera is ignored).
  struct IgnoresOcclusions: LayoutPolicy {
    func plan(for context: LayoutContext) -> LayoutPlan {
      var blind = context
      blind.occlusions = []
      return ReferenceScreenLayout().plan(for: blind)
    }
  }

  /// Plans as if the device never folded (the fold is ignored).
  struct IgnoresFolds: LayoutPolicy {
    func plan(for context: LayoutContext) -> LayoutPlan {
      var blind = context
      blind.activeDivisions = []
      return ReferenceScreenLayout().plan(for: blind)
    }
  }

  /// Assumes the safe area is symmetric: uses the leading inset on both sides.
  struct AssumesSymmetricSafeArea: LayoutPolicy {
    func plan(for context: LayoutContext) -> LayoutPlan {
      var blind = context
      blind.safeArea.trailing = blind.safeArea.leading
      return ReferenceScreenLayout().plan(for: blind)
    }
  }

  /// Drops overflowed actions instead of stowing them: a feature disappears on small screens.
  struct DropsOverflow: LayoutPolicy {
    func plan(for context: LayoutContext) -> LayoutPlan {
      var plan = ReferenceScreenLayout().plan(for: context)
      plan.actions.removeAll { plan.overflow.contains($0) }
      plan.overflow = []
      return plan
    }
  }

  /// Lets the detail pane slide 10 pt under the list.
  struct OverlappingPanes: LayoutPolicy {
    func plan(for context: LayoutContext) -> LayoutPlan {
      var plan = ReferenceScreenLayout().plan(for: context)
      if let i = plan.elements.firstIndex(where: { $0.id == "detail" }) {
        plan.elements[i].frame = plan.elements[i].frame.translatedBy(dx: -10, dy: 0)
          .horizontalSpan(from: context.safeFrame.minX, to: context.safeFrame.maxX)
      }
      return plan
    }
  }

  /// A breakpoint-style grid: more columns for "small devices", fewer for large.
  struct BreakpointColumns: LayoutPolicy {
    func plan(for context: LayoutContext) -> LayoutPlan {
      var plan = ReferenceScreenLayout().plan(for: context)
      plan.columns = context.size.width > 700 && context.size.width < 1000 ? 1 : plan.columns + 1
      return plan
    }
  }

  @Test func invariantsCatchIgnoredOcclusions() {
    let found = LayoutProperties.invariants(IgnoresOcclusions(), seed: 1, count: 1500)
    #expect(found?.reason.contains("intersects reserved region") == true, "\(String(describing: found))")
  }

  @Test func invariantsCatchIgnoredFolds() {
    let found = LayoutProperties.invariants(IgnoresFolds(), seed: 1, count: 1500)
    #expect(found?.reason.contains("intersects reserved region") == true, "\(String(describing: found))")
  }

  @Test func invariantsCatchSymmetricSafeAreaAssumption() {
    let found = LayoutProperties.invariants(AssumesSymmetricSafeArea(), seed: 1, count: 1500)
    #expect(found?.reason.contains("outside the safe frame") == true, "\(String(describing: found))")
  }

  @Test func invariantsCatchOverlappingPanes() {
    let found = LayoutProperties.invariants(OverlappingPanes(), seed: 1, count: 1500)
    #expect(found?.reason.contains("overlap") == true, "\(String(describing: found))")
  }

  @Test func sameActionsCatchesDroppedOverflow() {
    let found = LayoutProperties.sameActions(DropsOverflow(), seed: 1, count: 300)
    #expect(found?.reason.contains("action sets differ") == true, "\(String(describing: found))")
  }

  @Test func monotoneColumnsCatchesBreakpoints() {
    let found = LayoutProperties.columnsMonotone(BreakpointColumns(), seed: 1, count: 60)
    #expect(found?.reason.contains("columns fell") == true, "\(String(describing: found))")
  }
}
