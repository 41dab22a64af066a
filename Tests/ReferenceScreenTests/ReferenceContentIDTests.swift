import Testing

@testable import LayoutCore
@testable import ReferenceScreen

/// Action ids and the plan's sorted action list are kept with the content instead of being rebuilt per
/// plan; they must follow every change of the names and actions.
@Suite struct ReferenceContentIDTests {
  @Test func idsFollowNamesAndPlansListTheCurrentActionsSorted() {
    var action = BarAction("share")
    #expect(action.id == "action.share")
    action.name = "print"
    #expect(action.id == "action.print")

    var content = ReferenceContent.default
    #expect(content.sortedActionIDs == content.actions.map(\.id).sorted())
    content.actions.append(BarAction("attach", priority: .high))
    content.actions[0].name = "zoom"
    #expect(content.sortedActionIDs == content.actions.map(\.id).sorted())
    #expect(content.sortedActionIDs.first == "action.archive")
    #expect(content.sortedActionIDs.last == "action.zoom")

    let context = LayoutContext(shape: .regularWide, size: Size(width: 1180, height: 820))
    let plan = ReferenceScreenLayout(content: content).plan(for: context)
    #expect(plan.actions == content.actions.map(\.id).sorted())
    #expect(plan.elements.contains { $0.id == "action.attach" })
  }
}
