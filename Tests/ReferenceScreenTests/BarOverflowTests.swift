import LayoutCore
import ReferenceScreen
import Testing

@Suite struct BarOverflowTests {
  let actions = ReferenceContent.default.actions

  @Test(arguments: [(43.0, 0), (44, 1), (95, 1), (96, 2), (304, 6)])
  func slotsCountWholeItems(length: Double, expected: Int) {
    #expect(BarOverflow.slots(length: length, item: 44, spacing: 8) == expected)
  }

  /// Everything fits: no overflow button.
  @Test func allVisibleWhenTheyFit() {
    let (visible, overflow) = BarOverflow.partition(actions, slots: 6)
    #expect(visible == actions && overflow.isEmpty)
  }

  /// Three slots: two actions and the overflow button; high priority stays, declared order kept.
  @Test func highPriorityStaysAndOrderIsKept() {
    let (visible, overflow) = BarOverflow.partition(actions, slots: 3)
    #expect(visible.map(\.name) == ["compose", "share"])
    #expect(overflow.map(\.name) == ["filter", "save", "export", "archive"])
    #expect(Set(visible + overflow) == Set(actions))
  }

  /// A custom priority above `.high` outranks everything; equal priorities keep the earlier one.
  @Test func customPriorityOutranksAndTiesKeepEarlier() {
    var custom = actions
    custom[5].priority = VisibilityPriority(rawValue: 500)  // archive
    let (visible, _) = BarOverflow.partition(custom, slots: 3)
    #expect(visible.map(\.name) == ["compose", "archive"])
  }

  /// No slots at all: everything is in the overflow, nothing is lost.
  @Test func zeroSlotsOverflowsEverything() {
    let (visible, overflow) = BarOverflow.partition(actions, slots: 0)
    #expect(visible.isEmpty && overflow == actions)
  }
}
